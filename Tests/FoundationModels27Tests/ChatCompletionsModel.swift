import Foundation
import GenUI
import GenUIHTTP

/// A Foundation Models 27 model for an OpenAI-compatible `/v1/chat/completions` endpoint, written the way a model
/// package writes one from Apple's documentation: a light model value, an executor that streams the server's
/// server-sent events into the channel, and Codable wire types of its own. It knows nothing of genui's providers.
struct ChatCompletionsModel: LanguageModel {
    typealias Executor = ChatCompletionsExecutor

    /// The server's base URL (`…/v1`).
    var baseURL: URL
    /// The model the server is asked for.
    var model: String

    var capabilities: LanguageModelCapabilities { LanguageModelCapabilities([.guidedGeneration, .toolCalling]) }

    var executorConfiguration: ChatCompletionsExecutor.Configuration {
        .init(baseURL: baseURL, model: model)
    }
}

/// What the endpoint said when it refused a request.
struct ChatCompletionsError: Error, Equatable {
    var status: Int
    var body: String
}

struct ChatCompletionsExecutor: LanguageModelExecutor {
    struct Configuration: Hashable, Sendable {
        var baseURL: URL
        var model: String
    }

    let configuration: Configuration
    /// The response head may wait for a free slot of a server other tests share: on a loaded machine that takes as
    /// long as a whole answer, so the head gets the whole time.
    private let client = HTTPClient(timeouts: .init(connect: .seconds(240), total: .seconds(240)))

    init(configuration: Configuration) {
        self.configuration = configuration
    }

    func respond(
        to request: LanguageModelExecutorGenerationRequest, model: ChatCompletionsModel,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        let body = try JSONEncoder().encode(ChatRequest(request, model: configuration.model))
        let response = try await client.stream(
            HTTPRequest(
                method: "POST", url: configuration.baseURL.appendingPathComponent("chat/completions"),
                headers: ["Content-Type": "application/json"], body: body))
        guard response.head.isSuccess else {
            let text = String(decoding: try await response.collect(limit: 64 * 1024), as: UTF8.self)
            throw ChatCompletionsError(status: response.head.status, body: text)
        }
        let responseID = UUID().uuidString
        let callsID = UUID().uuidString
        var callIDs: [Int: (id: String, name: String)] = [:]
        for try await event in response.body.serverSentEvents() {
            try Task.checkCancellation()
            guard event.data != "[DONE]" else { break }
            let chunk = try JSONDecoder().decode(ChatChunk.self, from: Data(event.data.utf8))
            for choice in chunk.choices ?? [] {
                if let text = choice.delta.content, !text.isEmpty {
                    await channel.send(.response(entryID: responseID, action: .appendText(text, tokenCount: 1)))
                }
                for call in choice.delta.toolCalls ?? [] {
                    if let id = call.id, let name = call.function?.name { callIDs[call.index] = (id, name) }
                    guard let known = callIDs[call.index] else { continue }
                    await channel.send(
                        .toolCalls(
                            entryID: callsID,
                            action: .toolCall(
                                id: known.id, name: known.name,
                                action: .appendArguments(call.function?.arguments ?? "", tokenCount: 1))))
                }
            }
            if let usage = chunk.usage {
                let input = LanguageModelExecutorGenerationChannel.Usage.Input(
                    totalTokenCount: usage.promptTokens, cachedTokenCount: 0)
                let output = LanguageModelExecutorGenerationChannel.Usage.Output(
                    totalTokenCount: usage.completionTokens, reasoningTokenCount: 0)
                if callIDs.isEmpty {
                    await channel.send(
                        .response(entryID: responseID, action: .updateUsage(input: input, output: output)))
                } else {
                    await channel.send(.toolCalls(entryID: callsID, action: .updateUsage(input: input, output: output)))
                }
            }
        }
    }
}

// MARK: - Wire types

/// The request body: the transcript as chat messages, the enabled tools, and the schema as `response_format`.
struct ChatRequest: Encodable {
    struct Message: Encodable {
        var role: String
        var content: String?
        var toolCalls: [ToolCall]?
        var toolCallID: String?

        enum CodingKeys: String, CodingKey {
            case role, content
            case toolCalls = "tool_calls"
            case toolCallID = "tool_call_id"
        }
    }

    struct ToolCall: Encodable {
        struct Function: Encodable {
            var name: String
            var arguments: String
        }

        var id: String
        var type = "function"
        var function: Function
    }

    struct Tool: Encodable {
        struct Function: Encodable {
            var name: String
            var description: String
            var parameters: GenerationSchema
        }

        var type = "function"
        var function: Function
    }

    struct ResponseFormat: Encodable {
        struct JSONSchema: Encodable {
            var name: String
            var schema: GenerationSchema
        }

        var type = "json_schema"
        var jsonSchema: JSONSchema

        enum CodingKeys: String, CodingKey {
            case type
            case jsonSchema = "json_schema"
        }
    }

    struct StreamOptions: Encodable {
        var includeUsage = true

        enum CodingKeys: String, CodingKey { case includeUsage = "include_usage" }
    }

    var model: String
    var messages: [Message]
    var stream = true
    var streamOptions = StreamOptions()
    var tools: [Tool]?
    var toolChoice: String?
    var responseFormat: ResponseFormat?
    var temperature: Double?
    var maxTokens: Int?

    enum CodingKeys: String, CodingKey {
        case model, messages, stream, tools, temperature
        case streamOptions = "stream_options"
        case toolChoice = "tool_choice"
        case responseFormat = "response_format"
        case maxTokens = "max_tokens"
    }

    init(_ request: LanguageModelExecutorGenerationRequest, model: String) {
        self.model = model
        messages = request.transcript.flatMap(Self.messages(for:))
        if !request.enabledToolDefinitions.isEmpty {
            tools = request.enabledToolDefinitions.map {
                Tool(function: .init(name: $0.name, description: $0.description, parameters: $0.parameters))
            }
            switch request.generationOptions.toolCallingMode?.kind {
            case .required?: toolChoice = "required"
            case .disallowed?: toolChoice = "none"
            case .allowed?, nil: toolChoice = nil
            }
        }
        if let schema = request.schema {
            responseFormat = ResponseFormat(jsonSchema: .init(name: schema.name, schema: schema))
        }
        if request.generationOptions.samplingMode?.kind == .greedy { temperature = 0 }
        temperature = request.generationOptions.temperature ?? temperature
        maxTokens = request.generationOptions.maximumResponseTokens
    }

    private static func text(_ segments: [Transcript.Segment]) -> String {
        segments.map { segment in
            switch segment {
            case .text(let text): text.content
            case .structure(let structure): structure.content.jsonString
            case .attachment: ""
            }
        }.joined()
    }

    private static func messages(for entry: Transcript.Entry) -> [Message] {
        switch entry {
        case .instructions(let instructions):
            [Message(role: "system", content: text(instructions.segments))]
        case .prompt(let prompt):
            [Message(role: "user", content: text(prompt.segments))]
        case .response(let response):
            [Message(role: "assistant", content: text(response.segments))]
        case .toolCalls(let calls):
            [
                Message(
                    role: "assistant", content: nil,
                    toolCalls: calls.map {
                        ToolCall(id: $0.id, function: .init(name: $0.toolName, arguments: $0.arguments.jsonString))
                    })
            ]
        case .toolOutput(let output):
            [Message(role: "tool", content: text(output.segments), toolCallID: output.id)]
        case .reasoning, .data:
            []
        }
    }
}

/// One streamed chunk.
struct ChatChunk: Decodable {
    struct Choice: Decodable {
        var delta: Delta
    }

    struct Delta: Decodable {
        var content: String?
        var toolCalls: [ToolCallDelta]?

        enum CodingKeys: String, CodingKey {
            case content
            case toolCalls = "tool_calls"
        }
    }

    struct ToolCallDelta: Decodable {
        struct Function: Decodable {
            var name: String?
            var arguments: String?
        }

        var index: Int
        var id: String?
        var function: Function?
    }

    struct Usage: Decodable {
        var promptTokens: Int
        var completionTokens: Int

        enum CodingKeys: String, CodingKey {
            case promptTokens = "prompt_tokens"
            case completionTokens = "completion_tokens"
        }
    }

    var choices: [Choice]?
    var usage: Usage?
}
