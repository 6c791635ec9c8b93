import Foundation
import UniformTypeIdentifiers

extension Transcript {
    /// The model's reasoning before it answered (Foundation Models 27): its text, and the provider's opaque signature
    /// that lets the reasoning be sent back on the next turn.
    public struct Reasoning: Sendable, Hashable, Identifiable {
        /// The entry's identifier.
        public var id: String
        /// The reasoning's text.
        public var segments: [Transcript.Segment]
        /// The provider's signature of the reasoning, when it sent one.
        public var signature: Data?
        /// What the executor attached to the reasoning.
        public var metadata: [String: GeneratedContent]

        /// Reasoning made of `segments`.
        public init(
            id: String = UUID().uuidString, metadata: [String: GeneratedContent] = [:], segments: [Transcript.Segment],
            signature: Data? = nil
        ) {
            self.id = id
            self.metadata = metadata
            self.segments = segments
            self.signature = signature
        }
    }

    /// Data an executor produced for the app, typed by its content type (Foundation Models 27.2).
    public struct DataEntry: Sendable, Hashable, Identifiable {
        /// The entry's identifier.
        public var id: String
        /// What the data is.
        public var contentType: UTType
        /// The data.
        public var content: Data
        /// What the executor attached to it.
        public var metadata: GeneratedContent

        /// An entry holding `content` of `contentType`.
        public init(
            id: String = UUID().uuidString, contentType: UTType, content: Data,
            metadata: GeneratedContent = GeneratedContent(properties: [:])
        ) {
            self.id = id
            self.contentType = contentType
            self.content = content
            self.metadata = metadata
        }
    }

    /// A segment holding an attachment, with an optional label the model reads.
    public struct AttachmentSegment: Sendable, Hashable, Identifiable {
        /// The segment's identifier.
        public var id: String
        /// The attachment.
        public var content: Transcript.Attachment
        /// A label for the attachment, when it has one.
        public var label: String?

        /// A segment holding `content`.
        public init(id: String = UUID().uuidString, content: Transcript.Attachment, label: String? = nil) {
            self.id = id
            self.content = content
            self.label = label
        }

        /// Whether the attachment is an image.
        package var isImage: Bool {
            if case .image = content { return true }
            return false
        }

        /// What a model that reads only text sees in its place.
        var placeholderText: String {
            let kind =
                switch content {
                case .image: "image"
                case .data(let data): data.contentType.identifier
                }
            return "[attachment: \(label ?? kind)]"
        }
    }

    /// What an attachment holds.
    public enum Attachment: Sendable, Hashable {
        /// An image.
        case image(Transcript.ImageAttachment)
        /// Typed data (Foundation Models 27.2).
        case data(Transcript.DataAttachment)
    }

    /// An image, by URL: a `file:` URL or a `data:` URL. (Apple's platforms add Core Graphics and Core Image forms,
    /// which do not exist on Linux.)
    public struct ImageAttachment: Sendable, Hashable {
        /// Where the image is.
        public var url: URL?

        /// The image at `imageURL`.
        public init(imageURL: URL) {
            self.url = imageURL
        }

        /// The image's bytes, for an executor that sends images inline (base64, a `data:` URL): the file at ``url``,
        /// read when asked. Empty when the image is not a local file or cannot be read.
        ///
        /// Not part of Apple's framework, where an executor reads the image's pixels; it is the spelling model
        /// packages written for Linux use, since images travel by URL there.
        public var data: Data {
            guard let url, url.isFileURL else { return Data() }
            return (try? Data(contentsOf: url)) ?? Data()
        }
    }

    /// Typed data attached to a prompt (Foundation Models 27.2).
    public struct DataAttachment: Sendable, Hashable {
        /// What the data is.
        public var contentType: UTType
        /// The data.
        public var content: Data
        /// What the app attached to it.
        public var metadata: GeneratedContent

        /// An attachment holding `content` of `contentType`.
        public init(contentType: UTType, content: Data, metadata: GeneratedContent = GeneratedContent(properties: [:]))
        {
            self.contentType = contentType
            self.content = content
            self.metadata = metadata
        }
    }
}

/// A type that can travel as a transcript data attachment (Foundation Models 27.2).
public protocol DataAttachmentRepresentable: Sendable {
    /// The value an attachment holds; throws when the attachment holds something else.
    init(_ attachment: Transcript.DataAttachment) throws
    /// The value as an attachment.
    var transcriptRepresentation: Transcript.DataAttachment { get }
}

/// A type that can travel as a transcript data entry (Foundation Models 27.2).
public protocol DataEntryRepresentable: Sendable {
    /// The value an entry holds; throws when the entry holds something else.
    init(_ entry: Transcript.DataEntry) throws
    /// The value as an entry.
    var transcriptRepresentation: Transcript.DataEntry { get }
}

extension Transcript.Reasoning {
    /// The metadata key (`redacted`, `true`) of reasoning whose text the backend keeps hidden: the entry has no text
    /// and its ``signature`` holds the encrypted reasoning, sent back as it came (Anthropic's `redacted_thinking`).
    package static let redactedMetadataKey = "redacted"

    /// Whether the backend kept this reasoning's text hidden (``redactedMetadataKey``).
    package var isRedacted: Bool { metadata[Self.redactedMetadataKey]?.boolValue == true }
}
