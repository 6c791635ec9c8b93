import Foundation
import GenUI

/// An image as a provider sends it: its bytes with their media type (base64 or a `data:` URL on the wire), or an
/// `https:` URL the vendor fetches itself.
///
/// The bytes of a `file:` or `data:` image are read when the request is built, at most
/// ``ImageAttachmentContent/maximumByteCount``, and their type is taken from their first bytes (PNG, JPEG, GIF or
/// WebP), never from a file name or a declared type alone. Anything else — a larger image, bytes that are no such
/// image, a URL of another scheme, an `https:` image for a vendor that takes only bytes — fails the request before it
/// leaves, with Foundation Models 27's `unsupportedTranscriptContent` (a ``GenUIError/invalidRequest(_:)``) naming the
/// provider and what to do.
public enum ImagePayload: Sendable, Equatable {
    /// The image's bytes, base64-encoded, and their media type (`image/png`…).
    case inline(mediaType: String, base64: String)
    /// An image the vendor fetches from its `https:` URL.
    case remote(URL)

    /// The image as a `data:` URL, or the remote URL as it is: OpenAI's `image_url.url`.
    public var url: String {
        switch self {
        case .inline(let mediaType, let base64): Self.dataURL(mediaType: mediaType, base64: base64)
        case .remote(let url): url.absoluteString
        }
    }

    /// `data:<mediaType>;base64,<base64>`, built with one copy of the (large) base64 text.
    private static func dataURL(mediaType: String, base64: String) -> String {
        var url = "data:"
        url.reserveCapacity(5 + mediaType.utf8.count + 8 + base64.utf8.count)
        url += mediaType
        url += ";base64,"
        url += base64
        return url
    }

    /// Reads the image of `segment` for `provider`; `acceptsRemote` says whether the vendor fetches `https:` images
    /// itself.
    public static func load(_ segment: Transcript.AttachmentSegment, provider: String, acceptsRemote: Bool)
        throws(GenUIError) -> ImagePayload
    {
        guard case .image(let image) = segment.content, let url = image.url else {
            throw refusal(segment, provider: provider, "the attachment is not an image with a URL")
        }
        switch url.scheme?.lowercased() {
        case "file":
            return try inline(readFile(url, segment: segment, provider: provider), segment: segment, provider: provider)
        case "data":
            return try inline(
                decodeDataURL(url, segment: segment, provider: provider), segment: segment, provider: provider)
        case "https":
            guard acceptsRemote else {
                throw refusal(
                    segment, provider: provider,
                    "\(provider) takes images only as bytes; download the image and attach its file URL")
            }
            return .remote(url)
        default:
            throw refusal(
                segment, provider: provider,
                "an image URL must be a file:, data: or https: URL, not \(url.scheme ?? "one without a scheme")")
        }
    }

    /// The parts of a prompt that holds images, in order, as a vendor's wire spells them: each text segment
    /// (structured content as its JSON) one `text` part, each image its label as a `text` part and then one `image`
    /// part, read by ``load(_:provider:acceptsRemote:)``.
    public static func parts<Part>(
        of segments: [Transcript.Segment], provider: String, acceptsRemote: Bool, text: (String) -> Part,
        image: (ImagePayload) -> Part
    ) throws(GenUIError) -> [Part] {
        var parts: [Part] = []
        for segment in segments {
            guard case .attachment(let attachment) = segment, attachment.isImage else {
                parts.append(text(Transcript.text(of: [segment])))
                continue
            }
            if let label = attachment.label { parts.append(text(label)) }
            parts.append(image(try load(attachment, provider: provider, acceptsRemote: acceptsRemote)))
        }
        return parts
    }

    /// The media type of an image's first bytes: PNG, JPEG, GIF or WebP, else `nil`.
    public static func mediaType(of bytes: Data) -> String? {
        let head = [UInt8](bytes.prefix(12))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return "image/gif" }
        if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return "image/webp"
        }
        return nil
    }

    private static func inline(_ bytes: Data, segment: Transcript.AttachmentSegment, provider: String)
        throws(GenUIError) -> ImagePayload
    {
        guard let mediaType = mediaType(of: bytes) else {
            throw refusal(segment, provider: provider, "the attachment's bytes are not a PNG, JPEG, GIF or WebP image")
        }
        return .inline(mediaType: mediaType, base64: bytes.base64EncodedString())
    }

    private static func readFile(_ url: URL, segment: Transcript.AttachmentSegment, provider: String)
        throws(GenUIError) -> Data
    {
        let limit = ImageAttachmentContent.maximumByteCount
        let bytes: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            bytes = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw refusal(
                segment, provider: provider,
                "the image file \(url.path) cannot be read (\(error.localizedDescription)); check that it exists and is readable"
            )
        }
        guard bytes.count <= limit else {
            throw refusal(
                segment, provider: provider,
                "the image file \(url.path) is larger than \(limit) bytes; attach a smaller image")
        }
        return bytes
    }

    private static func decodeDataURL(_ url: URL, segment: Transcript.AttachmentSegment, provider: String)
        throws(GenUIError) -> Data
    {
        let text = url.absoluteString
        let limit = ImageAttachmentContent.maximumByteCount
        guard let comma = text.firstIndex(of: ","), text[..<comma].lowercased().hasSuffix(";base64") else {
            throw refusal(
                segment, provider: provider, "a data: image URL must be base64-encoded (data:image/png;base64,…)")
        }
        let payload = text[text.index(after: comma)...]
        guard payload.utf8.count <= (limit / 3 + 1) * 4 else {
            throw refusal(
                segment, provider: provider, "the data: image is larger than \(limit) bytes; attach a smaller image")
        }
        guard let bytes = Data(base64Encoded: String(payload)) else {
            throw refusal(segment, provider: provider, "the data: image URL's payload is not valid base64")
        }
        return bytes
    }

    private static func refusal(_ segment: Transcript.AttachmentSegment, provider: String, _ reason: String)
        -> GenUIError
    {
        GenUIError(
            LanguageModelError.unsupportedTranscriptContent(
                .init(
                    unsupportedContent: [.prompt(.init(segments: [.attachment(segment)]))],
                    debugDescription:
                        "\(provider) cannot send the image\(segment.label.map { " '\($0)'" } ?? ""): \(reason)")),
            provider: provider)
    }
}
