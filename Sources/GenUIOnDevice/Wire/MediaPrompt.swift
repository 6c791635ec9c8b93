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

    /// The environment variable through which llama-server takes the media marker to use (`LLAMA_MEDIA_MARKER`).
    static let markerEnvironmentVariable = "LLAMA_MEDIA_MARKER"

    /// A new marker: `<__media_` and 24 random hexadecimal digits, then `__>`.
    static func freshMarker() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = (0..<3).map { _ in
            let hex = String(generator.next() as UInt32, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }
        return "<__media_" + digits.joined() + "__>"
    }

    /// The marker written where each image is.
    var marker = MediaPrompt.defaultMarker
    /// The base64 of each image, in the order their markers appear in the prompt.
    var images: [String] = []

    /// Whether the images' bytes are read (for `/completion`), or only their markers written (to count tokens).
    var readsImages = true

    /// The content of a message with images: its text segments and each image's label, one per line, with the
    /// marker where each image is. When ``readsImages``, each image is read (failing the request, naming
    /// `provider`, when it cannot be) and its base64 kept in ``images``.
    static func content(of message: GenerationRequest.Message, provider: String, into media: inout MediaPrompt)
        throws(GenUIError) -> String
    {
        var lines: [String] = []
        for segment in message.segments {
            guard case .attachment(let attachment) = segment, attachment.isImage else {
                lines.append(Transcript.text(of: [segment]))
                continue
            }
            if let label = attachment.label { lines.append(label) }
            if media.readsImages {
                let image = try ImagePayload.load(attachment, provider: provider, acceptsRemote: false)
                guard case .inline(_, let base64) = image else { continue }
                media.images.append(base64)
            }
            lines.append(media.marker)
        }
        return lines.joined(separator: "\n")
    }
}
