import Foundation

// The transcript's record of a tool call, as Foundation Models names it.

extension Transcript {
    /// One call the model asked for: which tool, with which arguments (Foundation Models' `Transcript.ToolCall`).
    public struct ToolCall: Sendable, Hashable, Identifiable {
        /// The call's identifier, as the provider gave it (or as genui made one for providers that give none); the
        /// output of the call carries the same identifier.
        public var id: String
        /// The tool's name.
        public var toolName: String
        /// The arguments the model generated.
        public var arguments: GeneratedContent
        /// What the model's executor attached to the call (Foundation Models 27); empty unless it sent some.
        public var metadata: [String: GeneratedContent] = [:]

        /// Creates a call.
        public init(id: String, toolName: String, arguments: GeneratedContent) {
            self.id = id
            self.toolName = toolName
            self.arguments = arguments
        }
    }
}

extension Transcript.ToolCall {
    /// A call whose arguments arrived as JSON text (OpenAI's `function.arguments`, streamed argument deltas joined):
    /// text that is not a JSON document is ``GenUIError/invalidToolCall(tool:path:details:_:)`` naming the
    /// tool, attributed to `provider`. An empty text is an empty object (servers send `""` for a call without
    /// arguments).
    public static func parsing(id: String, toolName: String, argumentsJSON: String, provider: String)
        throws(GenUIError) -> Transcript.ToolCall
    {
        let trimmed = argumentsJSON.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            return Transcript.ToolCall(id: id, toolName: toolName, arguments: GeneratedContent(orderedProperties: []))
        }
        do {
            return Transcript.ToolCall(id: id, toolName: toolName, arguments: try JSONParser.parse(trimmed))
        } catch {
            throw .invalidToolCall(
                tool: toolName, path: "", details: "the arguments are not JSON (\(error.context.debugDescription))",
                .init(
                    provider: provider, debugDescription: "\(provider) sent arguments for \(toolName) that are not JSON"
                ))
        }
    }
}

extension Transcript.ToolCall {
    /// ``GenUIError/invalidToolCall(tool:path:details:_:)`` when this call names none of `tools` or its
    /// arguments do not follow that tool's schema (the JSON pointer of the first violation), attributed to
    /// `provider`; `nil` when the call can run. The session checks every call with it before running any, and a
    /// chain checks a turn of calls with it like any other output.
    public func invalidity(
        against tools: [GenerationRequest.ToolDefinition], provider: String, trace: RouteTrace? = nil
    )
        -> GenUIError?
    {
        guard let tool = tools.first(where: { $0.name == toolName }) else {
            let names = tools.map(\.name).joined(separator: ", ")
            return .invalidToolCall(
                tool: toolName, path: "", details: "there is no tool of that name (offered: \(names))",
                .init(
                    provider: provider, debugDescription: "\(provider) called an unknown tool '\(toolName)'",
                    trace: trace))
        }
        guard let violation = tool.parameters.firstViolation(in: arguments) else { return nil }
        return .invalidToolCall(
            tool: toolName, path: violation.path, details: violation.message,
            .init(
                provider: provider,
                debugDescription:
                    "the arguments \(provider) generated for \(toolName) do not follow its schema: \(violation)",
                trace: trace))
    }
}
