import Foundation

/// The history of a session, as Foundation Models shapes it: a collection of ``Entry`` values — instructions,
/// prompts, tool calls, tool output and responses — each made of ``Segment``s.
///
/// App code reads it the way it reads Foundation Models' transcript:
///
/// ```swift
/// for entry in session.transcript {
///     if case .response(let response) = entry {
///         for case .text(let text) in response.segments { print(text.content) }
///     }
/// }
/// ```
///
/// It is a `RandomAccessCollection`, `MutableCollection` and `RangeReplaceableCollection` of entries (so a history
/// can be trimmed before a new session continues it with
/// ``LanguageModelSession/init(model:tools:maximumToolRounds:transcript:logger:)``), and `Codable` (see docs/core.md
/// for the JSON it writes).
public struct Transcript: Sendable, Hashable {
    private var storage: [Entry]

    /// A transcript of `entries`, oldest first.
    public init(entries: some Sequence<Entry> = [Entry]()) {
        storage = Array(entries)
    }
}

extension Transcript: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    /// Entries are addressed by their position, the oldest at 0.
    public typealias Index = Int

    /// An empty transcript.
    public init() { storage = [] }

    /// The position of the oldest entry.
    public var startIndex: Int { storage.startIndex }

    /// The position after the newest entry.
    public var endIndex: Int { storage.endIndex }

    /// The entry at `position`.
    public subscript(position: Int) -> Entry {
        get { storage[position] }
        set { storage[position] = newValue }
    }

    /// Replaces the entries in `subrange` with `newElements`.
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == Entry {
        storage.replaceSubrange(subrange, with: newElements)
    }
}

extension Transcript {
    /// One entry of a transcript.
    public enum Entry: Sendable, Hashable, Identifiable {
        /// Instructions, typically the developer's: how the model should behave, and the tools it may call.
        case instructions(Transcript.Instructions)
        /// A prompt, typically from a user.
        case prompt(Transcript.Prompt)
        /// The calls the model asked for in one turn.
        case toolCalls(Transcript.ToolCalls)
        /// What one of those calls returned.
        case toolOutput(Transcript.ToolOutput)
        /// A response of the model.
        case response(Transcript.Response)
        /// The model's reasoning before it answered, when its executor reports it (Foundation Models 27).
        case reasoning(Transcript.Reasoning)
        /// Data an executor produced for the app, typed by its content type (Foundation Models 27.2).
        case data(Transcript.DataEntry)

        /// The entry's identifier: that of its payload.
        public var id: String {
            switch self {
            case .instructions(let instructions): instructions.id
            case .prompt(let prompt): prompt.id
            case .toolCalls(let calls): calls.id
            case .toolOutput(let output): output.id
            case .response(let response): response.id
            case .reasoning(let reasoning): reasoning.id
            case .data(let data): data.id
            }
        }
    }

    /// One piece of an entry's content.
    public enum Segment: Sendable, Hashable, Identifiable {
        /// Text.
        case text(Transcript.TextSegment)
        /// Structured content (a `@Generable` value, a `GeneratedContent`).
        case structure(Transcript.StructuredSegment)
        /// An attachment: an image or typed data (Foundation Models 27).
        case attachment(Transcript.AttachmentSegment)

        /// The segment's identifier.
        public var id: String {
            switch self {
            case .text(let text): text.id
            case .structure(let structure): structure.id
            case .attachment(let attachment): attachment.id
            }
        }
    }

    /// A segment of text.
    public struct TextSegment: Sendable, Hashable, Identifiable {
        /// The segment's identifier.
        public var id: String
        /// The text.
        public var content: String

        /// A text segment.
        public init(id: String = UUID().uuidString, content: String) {
            self.id = id
            self.content = content
        }
    }

    /// A segment of structured content.
    public struct StructuredSegment: Sendable, Hashable, Identifiable {
        /// The segment's identifier.
        public var id: String
        /// Where the content came from: the name of its type or schema.
        public var source: String
        /// The content.
        public var content: GeneratedContent

        /// A structured segment from `source` (a type or schema name).
        public init(id: String = UUID().uuidString, source: String, content: GeneratedContent) {
            self.id = id
            self.source = source
            self.content = content
        }

        /// A structured segment following the schema named `schemaName` (Foundation Models 27's spelling).
        public init(id: String = UUID().uuidString, schemaName: String, content: GeneratedContent) {
            self.init(id: id, source: schemaName, content: content)
        }

        /// The name of the content's schema (Foundation Models 27's name for ``source``).
        public var schemaName: String {
            get { source }
            set { source = newValue }
        }
    }

    /// Instructions: how the model should behave, and the tools it may call.
    public struct Instructions: Sendable, Hashable, Identifiable {
        /// The entry's identifier.
        public var id: String
        /// The instructions' content.
        public var segments: [Transcript.Segment]
        /// The tools the model may call.
        public var toolDefinitions: [Transcript.ToolDefinition]

        /// Instructions made of `segments`, offering `toolDefinitions`.
        public init(
            id: String = UUID().uuidString, segments: [Transcript.Segment], toolDefinitions: [Transcript.ToolDefinition]
        ) {
            self.id = id
            self.segments = segments
            self.toolDefinitions = toolDefinitions
        }
    }

    /// A prompt, with the options and response format it was sent with.
    public struct Prompt: Sendable, Hashable, Identifiable {
        /// The entry's identifier.
        public var id: String
        /// The prompt's content.
        public var segments: [Transcript.Segment]
        /// The generation options it was sent with.
        public var options: GenerationOptions
        /// The shape the response was asked to take; `nil` for text.
        public var responseFormat: Transcript.ResponseFormat?
        /// How the conversation was presented to the model (Foundation Models 27).
        public var contextOptions: ContextOptions = ContextOptions()
        /// What the caller attached to the request (Foundation Models 27); empty unless it passed some.
        public var metadata: [String: GeneratedContent] = [:]

        /// A prompt made of `segments`, with its metadata and context options (Foundation Models 27).
        public init(
            id: String = UUID().uuidString, metadata: [String: GeneratedContent], segments: [Transcript.Segment],
            options: GenerationOptions = GenerationOptions(), responseFormat: Transcript.ResponseFormat? = nil,
            contextOptions: ContextOptions = ContextOptions()
        ) {
            self.init(id: id, segments: segments, options: options, responseFormat: responseFormat)
            self.metadata = metadata
            self.contextOptions = contextOptions
        }

        /// A prompt made of `segments`.
        public init(
            id: String = UUID().uuidString, segments: [Transcript.Segment],
            options: GenerationOptions = GenerationOptions(),
            responseFormat: Transcript.ResponseFormat? = nil
        ) {
            self.id = id
            self.segments = segments
            self.options = options
            self.responseFormat = responseFormat
        }
    }

    /// The shape a response was asked to take: a generable type's schema or a dynamic one.
    public struct ResponseFormat: Sendable, Hashable {
        /// How a response format constrains the model's output (Foundation Models 27).
        public enum Kind: Sendable, Hashable {
            /// The output follows this schema.
            case schema(GenerationSchema)
        }

        /// The way the response format constrains the model's output.
        public let kind: Kind

        /// The schema the response follows.
        var schema: GenerationSchema {
            switch kind {
            case .schema(let schema): schema
            }
        }

        /// The format of `type`'s schema.
        public init<Content: Generable>(type: Content.Type) {
            kind = .schema(Content.generationSchema)
        }

        /// The format of `schema`.
        public init(schema: GenerationSchema) {
            kind = .schema(schema)
        }

        /// The schema's name.
        public var name: String { schema.name }
    }

    /// A tool the model may call, as the instructions offer it.
    public struct ToolDefinition: Sendable, Hashable {
        /// The tool's name.
        public var name: String
        /// What the tool does, in words the model reads.
        public var description: String
        /// The schema of the tool's arguments.
        public var parameters: GenerationSchema

        /// A definition from its parts.
        public init(name: String, description: String, parameters: GenerationSchema) {
            self.name = name
            self.description = description
            self.parameters = parameters
        }

        /// The definition of `tool`.
        public init(tool: some Tool) {
            self.init(name: tool.name, description: tool.description, parameters: tool.parameters)
        }
    }

    /// The calls the model asked for in one turn, in order.
    public struct ToolCalls: Sendable, Hashable, Identifiable, RandomAccessCollection {
        /// The entry's identifier.
        public var id: String
        private var calls: [Transcript.ToolCall]

        /// The turn asking for `calls`.
        public init<S: Sequence>(id: String = UUID().uuidString, _ calls: S) where S.Element == Transcript.ToolCall {
            self.id = id
            self.calls = Array(calls)
        }

        /// The position of the first call.
        public var startIndex: Int { calls.startIndex }
        /// The position after the last call.
        public var endIndex: Int { calls.endIndex }
        /// The call at `position`.
        public subscript(position: Int) -> Transcript.ToolCall { calls[position] }
    }

    /// What one call returned, as the model reads it.
    public struct ToolOutput: Sendable, Hashable, Identifiable {
        /// The identifier of the call this answers.
        public var id: String
        /// The tool's name.
        public var toolName: String
        /// The output.
        public var segments: [Transcript.Segment]

        /// The output of the call `id` of `toolName`.
        public init(id: String, toolName: String, segments: [Transcript.Segment]) {
            self.id = id
            self.toolName = toolName
            self.segments = segments
        }
    }

    /// A response of the model.
    public struct Response: Sendable, Hashable, Identifiable {
        /// The entry's identifier.
        public var id: String
        /// Identifiers of the model assets that produced it (on-device adapters); empty elsewhere.
        public var assetIDs: [String]
        /// The response's content.
        public var segments: [Transcript.Segment]
        /// What the model's executor attached to the response (Foundation Models 27): the serving provider, the
        /// backend's model, or values of its own; empty unless it sent some.
        public internal(set) var metadata: [String: GeneratedContent] = [:]

        /// A response made of `segments`.
        public init(id: String = UUID().uuidString, assetIDs: [String], segments: [Transcript.Segment]) {
            self.id = id
            self.assetIDs = assetIDs
            self.segments = segments
        }

        /// A response made of `segments`, with no assets (Foundation Models 27's `init(id:segments:)`).
        public init(id: String = UUID().uuidString, segments: [Transcript.Segment]) {
            self.init(id: id, assetIDs: [], segments: segments)
        }

        /// A response made of `segments`, with its metadata (Foundation Models 27).
        public init(
            id: String = UUID().uuidString, metadata: [String: GeneratedContent], segments: [Transcript.Segment]
        ) {
            self.init(id: id, assetIDs: [], segments: segments)
            self.metadata = metadata
        }
    }
}

extension Transcript.Instructions: CustomStringConvertible {
    /// The instructions' text.
    public var description: String { Transcript.text(of: segments) }
}

extension Transcript.Prompt: CustomStringConvertible {
    /// The prompt's text.
    public var description: String { Transcript.text(of: segments) }
}

extension Transcript.Response: CustomStringConvertible {
    /// The response's text.
    public var description: String { Transcript.text(of: segments) }
}

extension Transcript.ToolOutput: CustomStringConvertible {
    /// The output's text.
    public var description: String { Transcript.text(of: segments) }
}

extension Transcript {
    /// The text a model reads for `segments`: text as it is, structured content as JSON, one segment a line.
    package static func text(of segments: [Segment]) -> String {
        segments.map { segment in
            switch segment {
            case .text(let text): text.content
            case .structure(let structure): structure.content.jsonString
            case .attachment(let attachment): attachment.placeholderText
            }
        }.joined(separator: "\n")
    }

    /// The instructions' text, when the transcript starts with instructions.
    var instructionsText: String? {
        guard case .instructions(let instructions)? = first else { return nil }
        return Transcript.text(of: instructions.segments)
    }

    /// Sets the instructions' text: the first entry's segments become `text` (its id and tool definitions kept), a
    /// transcript without instructions gains an entry for it, and `nil` empties the entry's text.
    mutating func replaceInstructionsText(with text: String?) {
        let segments: [Segment] = text.map { [.text(.init(content: $0))] } ?? []
        if case .instructions(var instructions)? = first {
            instructions.segments = segments
            self[startIndex] = .instructions(instructions)
        } else if !segments.isEmpty {
            insert(.instructions(.init(segments: segments, toolDefinitions: [])), at: startIndex)
        }
    }

    /// The conversation as request messages (instructions excluded).
    var messages: [GenerationRequest.Message] {
        var messages: [GenerationRequest.Message] = []
        var reasoning: [Transcript.Reasoning] = []
        for entry in self {
            var message: GenerationRequest.Message
            switch entry {
            case .instructions, .data: continue
            case .reasoning(let shown):
                reasoning.append(shown)
                continue
            case .prompt(let prompt): message = .user(prompt.segments)
            case .response(let response):
                message = .init(role: .assistant, content: Transcript.text(of: response.segments))
            case .toolCalls(let calls): message = .toolCalls(Array(calls))
            case .toolOutput(let output): message = .toolOutput(output)
            }
            if message.role == .assistant {
                // The reasoning shown before a turn of the model's belongs to that turn.
                message.reasoning = reasoning
            }
            reasoning = []
            messages.append(message)
        }
        return messages
    }
}

extension Transcript.ResponseFormat: CustomStringConvertible {
    /// The format as a line for logs: its kind and name.
    public var description: String {
        switch kind {
        case .schema(let schema): "ResponseFormat(schema: \(schema.name))"
        }
    }
}
