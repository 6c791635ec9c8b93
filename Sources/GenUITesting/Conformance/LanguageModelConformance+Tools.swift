import GenUI
import GenUIRouter

// The tool checks: what a chain and a session rely on when they send a model tools.

extension LanguageModelConformance {
    /// Check names, so tests can look for them.
    public enum ToolCheck {
        /// A request offering one tool is answered by calls of it with valid arguments, or by an answer.
        public static let offered = "a request with a tool gives valid calls of it or an answer"
        /// The model's own calls, sent back with their outputs, are accepted.
        public static let ownCallsBack = "the model accepts its own calls back with their outputs"
        /// Calls another provider made (ids in another style), sent back with their outputs, are accepted.
        public static let foreignCallsBack = "the model accepts another provider's calls back with their outputs"
        /// A streamed request offering one tool completes with valid calls or an answer.
        public static let streamed = "a streamed request with a tool completes with valid calls or an answer"
        /// The entry of a model that does not claim tool calling.
        public static let notClaimed = "tool checks"
    }

    /// An id in no provider's style: longer than OpenAI's 40 characters, with characters Anthropic's ids may not have.
    static let foreignCallID = "conformance/call.1|made-by-another-provider:0123456789abcdef"

    /// The tool checks, for a model that claims ``LanguageModelCapability/toolCalling``; one skipped entry for a model
    /// that does not (it is sent no request with tools).
    static func toolChecks(
        _ model: any RoutableModel, capabilities: Set<LanguageModelCapability>, options: Options
    ) async -> [ConformanceReport.Check] {
        guard capabilities.contains(.toolCalling) else {
            return [
                .init(
                    name: ToolCheck.notClaimed, passed: true,
                    detail: "skipped: the model does not claim toolCalling, so no request with tools was sent",
                    skipped: true)
            ]
        }
        var checks: [ConformanceReport.Check] = []
        let tool = options.tool
        let question = GenerationRequest.Message(role: .user, content: options.toolPrompt)
        func request(_ messages: [GenerationRequest.Message]) -> GenerationRequest {
            GenerationRequest(
                messages: messages, options: GenerationOptions(maximumResponseTokens: options.maximumResponseTokens),
                tools: [tool])
        }
        func verdict(_ name: String, _ outcome: Result<GenerationResponse, any Error>) -> ConformanceReport.Check {
            switch outcome {
            case .success(let response):
                let problem = turnProblem(response, tool: tool)
                return .init(name: name, passed: problem == nil, detail: problem ?? summary(response))
            case .failure(let error):
                return .init(name: name, passed: false, detail: "threw \(error)")
            }
        }

        // Round 1: the question, with the tool offered.
        let first = await attempt(model, request([question]), options.generationTimeout)
        checks.append(verdict(ToolCheck.offered, first))

        // Round 2: the model's own calls go back with an output each. A provider must read back what it produced.
        let ownCalls = (try? first.get())?.toolCalls ?? []
        if ownCalls.isEmpty || checks.last?.passed != true {
            checks.append(
                .init(
                    name: ToolCheck.ownCallsBack, passed: true,
                    detail: "skipped: the first request gave no valid calls to send back", skipped: true))
        } else {
            let messages =
                [question, .toolCalls(ownCalls)]
                + ownCalls.map { .toolOutput(id: $0.id, toolName: $0.toolName, text: options.toolOutput) }
            checks.append(
                verdict(ToolCheck.ownCallsBack, await attempt(model, request(messages), options.generationTimeout)))
        }

        // Round 2 after a fallback: the call was made by another provider, its id in another style.
        let foreign = Transcript.ToolCall(
            id: foreignCallID, toolName: tool.name, arguments: exampleArguments(for: tool.parameters))
        let fallback = [
            question, .toolCalls([foreign]),
            .toolOutput(id: foreign.id, toolName: tool.name, text: options.toolOutput),
        ]
        checks.append(
            verdict(ToolCheck.foreignCallsBack, await attempt(model, request(fallback), options.generationTimeout)))

        if capabilities.contains(.streaming) {
            checks.append(
                await streamedToolCheck(model, request([question]), tool: tool, limit: options.generationTimeout))
        }
        return checks
    }

    /// Why `response` is not a valid turn for a request offering only `tool`, or `nil`: a turn of calls must finish
    /// with ``FinishReason/toolCalls`` and every call name `tool`, carry a non-empty id no other call of the turn has,
    /// and have arguments that validate against the tool's schema; a turn without calls must be a non-empty answer
    /// that does not claim to be a turn of calls.
    static func turnProblem(_ response: GenerationResponse, tool: GenerationRequest.ToolDefinition) -> String? {
        guard !response.toolCalls.isEmpty else {
            if response.metadata.finishReason == .toolCalls { return "finish reason toolCalls, but no calls" }
            if response.text.allSatisfy(\.isWhitespace) { return "neither calls nor an answer: the text is empty" }
            return nil
        }
        guard response.metadata.finishReason == .toolCalls else {
            return
                "a turn of calls finished with \(response.metadata.finishReason.map(\.rawValue) ?? "no reason"), not toolCalls"
        }
        var ids: Set<String> = []
        for call in response.toolCalls {
            guard call.toolName == tool.name else {
                return "a call of \"\(call.toolName)\", which was not offered (offered: \(tool.name))"
            }
            guard !call.id.isEmpty else { return "a call of \(call.toolName) without an id" }
            guard ids.insert(call.id).inserted else { return "two calls share the id \"\(call.id)\"" }
            if let violation = tool.parameters.firstViolation(in: call.arguments) {
                return "the arguments \(call.arguments.jsonString) of \(call.toolName) do not validate: \(violation)"
            }
        }
        return nil
    }

    /// Streams `request`: it must end with a completion that is a valid turn, and the deltas must be the completion's
    /// text (a turn of calls is not streamed as text).
    private static func streamedToolCheck(
        _ model: any RoutableModel, _ request: GenerationRequest, tool: GenerationRequest.ToolDefinition,
        limit: Duration
    ) async -> ConformanceReport.Check {
        let name = ToolCheck.streamed
        do {
            return try await withDeadline(limit) {
                var streamed = ""
                var completed: GenerationResponse?
                for try await event in model.streamResponse(to: request) {
                    switch event {
                    case .delta(let text): streamed += text
                    case .restarted: streamed = ""
                    case .completed(let response): completed = response
                    }
                }
                guard let completed else {
                    return .init(name: name, passed: false, detail: "the stream ended without a completion")
                }
                if let problem = turnProblem(completed, tool: tool) {
                    return .init(name: name, passed: false, detail: problem)
                }
                guard streamed == completed.text else {
                    return .init(
                        name: name, passed: false,
                        detail:
                            "the deltas (\(streamed.count) characters: \(String(streamed.prefix(80)).debugDescription)) "
                            + "are not the completion's text (\(String(completed.text.prefix(80)).debugDescription))")
                }
                return .init(name: name, passed: true, detail: summary(completed))
            }
        } catch {
            return .init(name: name, passed: false, detail: "streaming failed: \(error)")
        }
    }

    /// What a valid turn was, for the report.
    private static func summary(_ response: GenerationResponse) -> String {
        guard response.toolCalls.isEmpty else {
            return response.toolCalls.map { "call \($0.id) of \($0.toolName) with \($0.arguments.jsonString)" }
                .joined(separator: "; ")
        }
        return "an answer of \(response.text.count) characters"
    }

    /// Arguments that follow the default tool's schema: each string property "Paris" (cut or padded to its length
    /// bounds), other kinds their smallest valid value. Used for the call another provider is supposed to have made.
    static func exampleArguments(for schema: GenerationSchema) -> GeneratedContent {
        example(schema.root, in: schema, depth: 0)
    }

    private static func example(_ node: GenerationSchema.Node, in schema: GenerationSchema, depth: Int)
        -> GeneratedContent
    {
        func example(_ node: GenerationSchema.Node) -> GeneratedContent {
            depth < 16 ? Self.example(node, in: schema, depth: depth + 1) : GeneratedContent(kind: .null)
        }
        switch node {
        case .object(let object):
            return GeneratedContent(
                orderedProperties: object.properties.filter { !$0.isOptional }.map { ($0.name, example($0.node)) })
        case .string(let string):
            var text = "Paris"
            if let maximum = string.maximumLength { text = String(text.prefix(maximum)) }
            if let minimum = string.minimumLength, text.count < minimum {
                text += String(repeating: "s", count: minimum - text.count)
            }
            if let first = string.choices?.first { text = first }
            return GeneratedContent(kind: .string(text))
        case .integer(let integer):
            return GeneratedContent(kind: .number(Double(integer.minimum ?? 0)))
        case .number(let number):
            return GeneratedContent(kind: .number(number.minimum ?? 0))
        case .boolean:
            return GeneratedContent(kind: .bool(true))
        case .null:
            return GeneratedContent(kind: .null)
        case .array(let array):
            return GeneratedContent(
                kind: .array(Array(repeating: example(array.items), count: array.minimumCount ?? 0)))
        case .anyOf(let choices):
            return choices.choices.first.map(example) ?? GeneratedContent(kind: .null)
        case .reference(let name):
            return schema.definitions.first { $0.name == name }.map { example($0.node) }
                ?? GeneratedContent(kind: .null)
        case .any:
            return GeneratedContent(kind: .string("Paris"))
        }
    }
}
