extension RouteTrace {
    /// What a failed attempt's error carried besides its code, without its context: enough for diagnostics to word
    /// the failure in any language (a step's ``Step/detail`` is the developer's English).
    public enum Failure: Sendable, Hashable, Codable {
        /// The network failed.
        case transport(TransportFailure)
        /// The server failed, with its HTTP status when there was one.
        case serverError(status: Int?)
        /// The server sent more than genui accepts for one response.
        case responseTooLarge(limit: Int)
        /// The request did not fit the model's context.
        case contextSizeExceeded(contextSize: Int?, tokenCount: Int?)
        /// The model called a tool wrongly.
        case invalidToolCall(tool: String, path: String, details: String)
        /// The model lacked a capability.
        case unsupportedCapability(LanguageModelCapability)
        /// A server rejected the request as invalid, with what it answered.
        case invalidRequest(ServerErrorReply)
        /// The answer did not have the requested shape at `path` (a JSON pointer), for the reason `detail`.
        case decodingFailure(path: String, detail: DecodingDetail)

        /// What `error` carried, for the errors whose wording needs more than their code; `nil` for the others.
        public init?(_ error: GenUIError) {
            switch error {
            case .transport(let failure, _): self = .transport(failure)
            case .serverError(let status, _): self = .serverError(status: status)
            case .responseTooLarge(let limit, _): self = .responseTooLarge(limit: limit)
            case .contextSizeExceeded(let size, let count, _):
                self = .contextSizeExceeded(contextSize: size, tokenCount: count)
            case .invalidToolCall(let tool, let path, let details, _):
                self = .invalidToolCall(tool: tool, path: path, details: details)
            case .unsupportedCapability(let capability, _): self = .unsupportedCapability(capability)
            case .invalidRequest(let context):
                guard let reply = context.underlying(ServerErrorReply.self) else { return nil }
                self = .invalidRequest(reply)
            case .decodingFailure(let path, _, let context):
                guard let detail = context.underlying(DecodingDetail.self) else { return nil }
                self = .decodingFailure(path: path, detail: detail)
            default: return nil
            }
        }

        /// The error this failure came from, with an empty context: for wording it.
        public var error: GenUIError {
            let context = GenUIError.Context(debugDescription: "")
            return switch self {
            case .transport(let failure): .transport(failure, context)
            case .serverError(let status): .serverError(status: status, context)
            case .responseTooLarge(let limit): .responseTooLarge(limit: limit, context)
            case .contextSizeExceeded(let size, let count):
                .contextSizeExceeded(contextSize: size, tokenCount: count, context)
            case .invalidToolCall(let tool, let path, let details):
                .invalidToolCall(tool: tool, path: path, details: details, context)
            case .unsupportedCapability(let capability): .unsupportedCapability(capability, context)
            case .invalidRequest(let reply):
                .invalidRequest(.init(debugDescription: reply.description, underlyingErrors: [reply]))
            case .decodingFailure(let path, let detail): .decoding(path, detail)
            }
        }
    }
}
