import Foundation
import UniformTypeIdentifiers

/// A transcript is written as `{"type": "FoundationModels.Transcript", "version": "1.1", "transcript": {"entries":
/// […]}}`, the envelope Foundation Models writes, so a persisted conversation can be restored with
/// `JSONDecoder().decode(Transcript.self, from:)` and continued with
/// ``LanguageModelSession/init(model:tools:transcript:)``.
///
/// Each entry is an object with a `role` (`instructions`, `user`, `toolCalls`, `tool`, `response`), its `id`, and
/// its content: `contents` (segments), `tools` (tool definitions, with their parameters as JSON Schema), `options`
/// and `responseFormat` of a prompt, `calls` of a tool-call turn. A segment is `{"type": "text", "id", "text"}` or
/// `{"type": "structure", "id", "source", "content"}`, its content as JSON text (as a tool call's `arguments`), so the
/// order of its keys survives decoders that do not keep it. The entries written here read back
/// equal; the inner layout of Apple's own files is not documented, so files are not exchanged with Apple's
/// framework byte for byte.
extension Transcript: Codable {
    /// The envelope's `type`.
    static let envelopeType = "FoundationModels.Transcript"
    /// The envelope's `version`.
    static let envelopeVersion = "1.1"

    private enum EnvelopeKeys: String, CodingKey { case type, version, transcript }
    private enum BodyKeys: String, CodingKey { case entries }

    /// Reads a transcript written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let envelope = try decoder.container(keyedBy: EnvelopeKeys.self)
        let type = try envelope.decode(String.self, forKey: .type)
        guard type == Self.envelopeType else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: envelope,
                debugDescription: "not a transcript: type is '\(type)', expected '\(Self.envelopeType)'")
        }
        let body = try envelope.nestedContainer(keyedBy: BodyKeys.self, forKey: .transcript)
        self.init(entries: try body.decode([Entry].self, forKey: .entries))
    }

    /// Writes the transcript in its envelope.
    public func encode(to encoder: any Encoder) throws {
        var envelope = encoder.container(keyedBy: EnvelopeKeys.self)
        try envelope.encode(Self.envelopeType, forKey: .type)
        try envelope.encode(Self.envelopeVersion, forKey: .version)
        var body = envelope.nestedContainer(keyedBy: BodyKeys.self, forKey: .transcript)
        try body.encode(Array(self), forKey: .entries)
    }
}

extension Transcript.Entry: Codable {
    private enum Keys: String, CodingKey {
        case role, id, contents, tools, options, responseFormat, calls, toolName, assets, metadata, signature,
            contextOptions
        case contentType, data
    }

    private enum Role: String, Codable {
        case instructions, user, toolCalls, tool, response, reasoning, data
    }

    /// Reads an entry written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let id = try container.decode(String.self, forKey: .id)
        switch try container.decode(Role.self, forKey: .role) {
        case .instructions:
            self = .instructions(
                .init(
                    id: id, segments: try container.decode([Transcript.Segment].self, forKey: .contents),
                    toolDefinitions: try container.decodeIfPresent([Transcript.ToolDefinition].self, forKey: .tools)
                        ?? []))
        case .user:
            self = .prompt(
                .init(
                    id: id, metadata: try Self.metadata(in: container),
                    segments: try container.decode([Transcript.Segment].self, forKey: .contents),
                    options: try container.decodeIfPresent(GenerationOptions.self, forKey: .options)
                        ?? GenerationOptions(),
                    responseFormat: try container.decodeIfPresent(
                        Transcript.ResponseFormat.self, forKey: .responseFormat),
                    contextOptions: try container.decodeIfPresent(ContextOptions.self, forKey: .contextOptions)
                        ?? ContextOptions()))
        case .toolCalls:
            self = .toolCalls(.init(id: id, try container.decode([Transcript.ToolCall].self, forKey: .calls)))
        case .tool:
            self = .toolOutput(
                .init(
                    id: id, toolName: try container.decode(String.self, forKey: .toolName),
                    segments: try container.decode([Transcript.Segment].self, forKey: .contents)))
        case .response:
            var response = Transcript.Response(
                id: id, assetIDs: try container.decodeIfPresent([String].self, forKey: .assets) ?? [],
                segments: try container.decode([Transcript.Segment].self, forKey: .contents))
            response.metadata = try Self.metadata(in: container)
            self = .response(response)
        case .reasoning:
            self = .reasoning(
                .init(
                    id: id, metadata: try Self.metadata(in: container),
                    segments: try container.decode([Transcript.Segment].self, forKey: .contents),
                    signature: try container.decodeIfPresent(Data.self, forKey: .signature)))
        case .data:
            self = .data(
                .init(
                    id: id, contentType: try container.decode(UTType.self, forKey: .contentType),
                    content: try container.decode(Data.self, forKey: .data),
                    metadata: try Transcript.Segment.content(
                        container.decodeIfPresent(String.self, forKey: .metadata) ?? "{}", at: container.codingPath)))
        }
    }

    /// Metadata written as an object of JSON texts, by key.
    private static func metadata(in container: KeyedDecodingContainer<Keys>) throws -> [String: GeneratedContent] {
        let texts = try container.decodeIfPresent([String: String].self, forKey: .metadata) ?? [:]
        return try texts.mapValues { try Transcript.Segment.content($0, at: container.codingPath) }
    }

    private static func encode(_ metadata: [String: GeneratedContent], in container: inout KeyedEncodingContainer<Keys>)
        throws
    {
        guard !metadata.isEmpty else { return }
        try container.encode(metadata.mapValues(\.jsonString), forKey: .metadata)
    }

    /// Writes the entry with its role.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        switch self {
        case .instructions(let instructions):
            try container.encode(Role.instructions, forKey: .role)
            try container.encode(instructions.segments, forKey: .contents)
            try container.encode(instructions.toolDefinitions, forKey: .tools)
        case .prompt(let prompt):
            try container.encode(Role.user, forKey: .role)
            try container.encode(prompt.segments, forKey: .contents)
            try container.encode(prompt.options, forKey: .options)
            try container.encodeIfPresent(prompt.responseFormat, forKey: .responseFormat)
            if prompt.contextOptions != ContextOptions() {
                try container.encode(prompt.contextOptions, forKey: .contextOptions)
            }
            try Self.encode(prompt.metadata, in: &container)
        case .toolCalls(let calls):
            try container.encode(Role.toolCalls, forKey: .role)
            try container.encode(Array(calls), forKey: .calls)
        case .toolOutput(let output):
            try container.encode(Role.tool, forKey: .role)
            try container.encode(output.toolName, forKey: .toolName)
            try container.encode(output.segments, forKey: .contents)
        case .response(let response):
            try container.encode(Role.response, forKey: .role)
            try container.encode(response.assetIDs, forKey: .assets)
            try container.encode(response.segments, forKey: .contents)
            try Self.encode(response.metadata, in: &container)
        case .reasoning(let reasoning):
            try container.encode(Role.reasoning, forKey: .role)
            try container.encode(reasoning.segments, forKey: .contents)
            try container.encodeIfPresent(reasoning.signature, forKey: .signature)
            try Self.encode(reasoning.metadata, in: &container)
        case .data(let data):
            try container.encode(Role.data, forKey: .role)
            try container.encode(data.contentType, forKey: .contentType)
            try container.encode(data.content, forKey: .data)
            try container.encode(data.metadata.jsonString, forKey: .metadata)
        }
    }
}

extension Transcript.Segment: Codable {
    private enum Keys: String, CodingKey {
        case type, id, text, source, content, label, image, contentType, data, metadata
    }

    /// Reads a segment written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let id = try container.decode(String.self, forKey: .id)
        switch try container.decode(String.self, forKey: .type) {
        case "text":
            self = .text(.init(id: id, content: try container.decode(String.self, forKey: .text)))
        case "structure":
            self = .structure(
                .init(
                    id: id, source: try container.decode(String.self, forKey: .source),
                    content: try Self.content(container.decode(String.self, forKey: .content), at: container.codingPath)
                ))
        case "attachment":
            let label = try container.decodeIfPresent(String.self, forKey: .label)
            if let url = try container.decodeIfPresent(URL.self, forKey: .image) {
                self = .attachment(.init(id: id, content: .image(.init(imageURL: url)), label: label))
            } else {
                let data = Transcript.DataAttachment(
                    contentType: try container.decode(UTType.self, forKey: .contentType),
                    content: try container.decode(Data.self, forKey: .data),
                    metadata: try Self.content(
                        container.decodeIfPresent(String.self, forKey: .metadata) ?? "{}", at: container.codingPath))
                self = .attachment(.init(id: id, content: .data(data), label: label))
            }
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription: "unknown segment type '\(other)'; expected text, structure or attachment")
        }
    }

    /// Generated content from the JSON text it was written as.
    static func content(_ json: String, at path: [any CodingKey]) throws -> GeneratedContent {
        do {
            return try JSONParser.parse(json)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: path, debugDescription: "content is not JSON: \(error.context.debugDescription)"))
        }
    }

    /// Writes the segment with its type.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        switch self {
        case .text(let text):
            try container.encode("text", forKey: .type)
            try container.encode(text.content, forKey: .text)
        case .structure(let structure):
            try container.encode("structure", forKey: .type)
            try container.encode(structure.source, forKey: .source)
            try container.encode(structure.content.jsonString, forKey: .content)
        case .attachment(let attachment):
            try container.encode("attachment", forKey: .type)
            try container.encodeIfPresent(attachment.label, forKey: .label)
            switch attachment.content {
            case .image(let image):
                try container.encodeIfPresent(image.url, forKey: .image)
            case .data(let data):
                try container.encode(data.contentType, forKey: .contentType)
                try container.encode(data.content, forKey: .data)
                try container.encode(data.metadata.jsonString, forKey: .metadata)
            }
        }
    }
}

extension Transcript.ToolDefinition: Codable {
    private enum Keys: String, CodingKey { case name, description, parameters }

    /// Reads a definition written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            description: try container.decode(String.self, forKey: .description),
            parameters: try container.decode(GenerationSchema.self, forKey: .parameters))
    }

    /// Writes the name, the description and the parameters as JSON Schema.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(parameters, forKey: .parameters)
    }
}

extension Transcript.ResponseFormat: Codable {
    private enum Keys: String, CodingKey { case name, schema }

    /// Reads a format written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(schema: try container.decode(GenerationSchema.self, forKey: .schema))
    }

    /// Writes the schema's name and the schema as JSON Schema.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(name, forKey: .name)
        try container.encode(schema, forKey: .schema)
    }
}

extension Transcript.ToolCall: Codable {
    private enum Keys: String, CodingKey { case id, name, arguments }

    /// Reads a call written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            toolName: try container.decode(String.self, forKey: .name),
            arguments: try Transcript.Segment.content(
                container.decode(String.self, forKey: .arguments), at: container.codingPath))
    }

    /// Writes the call's id, the tool's name and the arguments as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        try container.encode(toolName, forKey: .name)
        try container.encode(arguments.jsonString, forKey: .arguments)
    }
}
