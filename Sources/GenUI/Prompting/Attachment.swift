import Foundation

/// An asset given to the model beside the text of a prompt: Foundation Models 27's `Attachment`.
///
/// Place one in a ``PromptBuilder`` block; ``label(_:)`` names it, so the model can refer to it (and to it in tool
/// calls):
///
/// ```swift
/// let answer = try await session.respond {
///     "Which of these two photos shows a ripe avocado?"
///     Attachment(imageURL: first).label("image-0")
///     Attachment(imageURL: second).label("image-1")
/// }
/// ```
///
/// A prompt with an image needs a model that can see (``LanguageModelCapability/vision``): a chain routes it to the
/// first member that declares vision and says why it skipped the others. An image is read when a provider sends it,
/// within ``ImageAttachmentContent/maximumByteCount``, and its type is taken from its bytes, never from its name.
/// (Apple's platforms add Core Graphics, Core Image and Core Video forms, which do not exist on Linux; an image is
/// given by its file URL here.)
public struct Attachment<Content> {
    /// The segment the attachment adds to the prompt.
    let segment: Transcript.AttachmentSegment

    init(segment: Transcript.AttachmentSegment) {
        self.segment = segment
    }

    /// The attachment with `label`, which the model reads beside it.
    public func label(_ label: String) -> Attachment<Content> {
        var segment = segment
        segment.label = label
        return Attachment(segment: segment)
    }
}

/// What an image attachment holds: Foundation Models 27's `ImageAttachmentContent`. You never make one; use
/// ``Attachment/init(imageURL:)``.
public struct ImageAttachmentContent: Sendable, Equatable {
    /// The most bytes an image may have when a provider reads it to send it: 20 MiB, the largest any supported vendor
    /// accepts inline. A larger image fails the request with a clear error before anything is sent.
    public static let maximumByteCount = 20 * 1024 * 1024
}

extension Attachment where Content == ImageAttachmentContent {
    /// An attachment of the image file at `imageURL` (a `file:` URL; a `data:` URL and an `https:` URL are also
    /// accepted, for providers that take them).
    public init(imageURL: URL) {
        self.init(segment: Transcript.AttachmentSegment(content: .image(.init(imageURL: imageURL))))
    }
}

extension Attachment where Content: DataAttachmentRepresentable {
    /// An attachment of typed data (Foundation Models 27.2); the model must accept its type
    /// (``LanguageModel/supportsDataAttachmentType(_:)``).
    public init(_ content: Content) {
        self.init(segment: Transcript.AttachmentSegment(content: .data(content.transcriptRepresentation)))
    }
}

extension Attachment: PromptRepresentable {
    /// The attachment as a prompt of one segment.
    public var promptRepresentation: Prompt { return Prompt(segments: [.attachment(segment)]) }
}

extension Attachment: Sendable {}
