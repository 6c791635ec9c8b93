@_spi(Reading) import GenUI
import GenUIHTTP

/// The images of a request as llama-server takes them on `/completion`: each image's place in the conversation is
/// the server's media marker (its `/props` `media_marker`), and the images' bytes go, base64-encoded and in the same
/// order, in `multimodal_data` beside the templated prompt (`{"prompt_string": …, "multimodal_data": […]}`).
///
/// Only a server started with a multimodal projector (`--mmproj`) takes them; the provider refuses a request with
/// images before it leaves when it has none (``OnDeviceLanguageModel/supportedCapabilities``).
struct MediaPrompt: Sendable, Equatable {
    /// llama.cpp's fixed media marker (`mtmd_default_marker()`) of builds whose `/props` names none; newer builds
    /// choose one per server and say it in `media_marker`.
    static let defaultMarker = "<__media__>"

    /// The marker written where each image is.
    var marker = MediaPrompt.defaultMarker
    /// The base64 of each image, in the order their markers appear in the prompt.
    var images: [String] = []

    /// The content of a message with images: its text segments and each image's label, one per line, with the
    /// marker where each image is.
    static func content(of message: GenerationRequest.Message, provider: String, into media: inout MediaPrompt)
        throws(GenUIError) -> String
    {
        enum Part {
            case text(String)
            case image(ImagePayload)
        }
        let parts = try ImagePayload.parts(
            of: message.segments, provider: provider, acceptsRemote: false, text: Part.text, image: Part.image)
        var lines: [String] = []
        for part in parts {
            switch part {
            case .text(let text): lines.append(text)
            case .image(let image):
                guard case .inline(_, let base64) = image else { continue }
                media.images.append(base64)
                lines.append(media.marker)
            }
        }
        return lines.joined(separator: "\n")
    }
}
