/// genui's error: raised while generating, by a provider, by the chain or by the session's tools.
///
/// Providers and chains throw it, with everything genui knows: which provider raised it, a developer-facing
/// description, the route trace when the error came through a chain, and the values it came from. Its case names
/// follow Foundation Models 27's ``LanguageModelError`` where that has one (`contextSizeExceeded`, `rateLimited`,
/// `refusal`, `guardrailViolation`, `unsupportedCapability`, `unsupportedGenerationGuide`,
/// `unsupportedLanguageOrLocale`); the rest are genui's.
///
/// A ``LanguageModelSession`` throws what Foundation Models 27 throws: where Foundation Models has a type for the
/// failure (``LanguageModelError``, ``LanguageModelSession/Error``), the session throws that, carrying this error in
/// its payload's metadata; the other failures (a refused connection, a server error, no provider left, …) reach the
/// caller as this type. ``init(unwrapping:)`` finds genui's error in either.
public enum GenUIError: Error, Sendable {
    /// The prompt and the requested output do not fit in the model's context window.
    ///
    /// As Foundation Models 27's `GenUIError.ContextSizeExceeded`, it carries the model's context size
    /// (`contextSize`, in tokens) and the request's token count (`tokenCount`: instructions, schema and conversation,
    /// without the room kept for the answer), each `nil` where the provider did not say — many servers report only
    /// that the window was exceeded. Unlike Foundation Models, both are optional for that reason.
    case contextSizeExceeded(contextSize: Int?, tokenCount: Int?, Context)
    /// The provider asks callers to wait; `retryAfter` is how long, when it said.
    case rateLimited(retryAfter: Duration?, Context)
    /// The model declined to answer.
    case refusal(Context)
    /// A safety system blocked the prompt or the output.
    case guardrailViolation(Context)
    /// The model lacks a capability the request needs.
    case unsupportedCapability(LanguageModelCapability, Context)
    /// The backend cannot enforce a generation guide the schema uses.
    case unsupportedGenerationGuide(Context)
    /// The model does not support the language or locale of the request.
    case unsupportedLanguageOrLocale(Context)
    /// The model cannot serve requests right now.
    case unavailable(UnavailableReason, Context)
    /// The attempt or the whole request ran past its deadline.
    case timedOut(Context)
    /// The output could not be decoded into the requested shape. `path` is a JSON pointer ("/sections/1/title").
    case decodingFailure(path: String, details: String, Context)
    /// The request itself is invalid (bad options, malformed schema): retrying elsewhere will not help.
    case invalidRequest(Context)
    /// The network failed: connection refused, DNS, TLS, a dropped connection.
    case transport(TransportFailure, Context)
    /// The provider rejected the credentials (HTTP 401/403).
    case unauthorized(Context)
    /// The server failed (HTTP 5xx, or an error reported mid-stream).
    case serverError(status: Int?, Context)
    /// A second request was made on a session that is still responding.
    case concurrentRequests(Context)
    /// No provider of a chain could serve the request; the context's trace says why each was passed over.
    case noProviderAvailable(Context)
    /// The server or the model sent more than genui accepts for one response: a line, an event, a body or the
    /// generated text passed `limit` bytes (see ``ResponseLimits``). The transfer was stopped there.
    case responseTooLarge(limit: Int, Context)
    /// The model asked for a tool call the session cannot make: no tool has that name, or the arguments do not follow
    /// the tool's schema (`path` is the JSON pointer of the first violation, `details` what is wrong). The tool was not
    /// called.
    case invalidToolCall(tool: String, path: String, details: String, Context)
    /// The model kept asking for tool calls for `rounds` rounds without answering: the session's limit
    /// (``LanguageModelSession/maximumToolRounds``).
    case toolRoundLimitReached(rounds: Int, Context)

    /// What every case carries: where the error came from and how it was routed.
    public struct Context: Sendable, CustomDebugStringConvertible {
        /// The provider that raised the error, when one did.
        public var provider: String?
        /// A developer-facing description. Never contains secrets.
        public var debugDescription: String
        /// The route the request took through a chain, when it went through one.
        public var trace: RouteTrace?
        /// What the error came from, as values (as Foundation Models' `GenerationError.Context` carries its
        /// `underlyingErrors`): the server's reply to a rejected request (``ServerErrorReply``), the issues of a
        /// screen that failed validation. A layer that speaks the user's language words these instead of
        /// ``debugDescription``, which is the developer's English.
        public var underlyingErrors: [any Error & Sendable]

        /// Creates a context.
        public init(
            provider: String? = nil, debugDescription: String, trace: RouteTrace? = nil,
            underlyingErrors: [any Error & Sendable] = []
        ) {
            self.provider = provider
            self.debugDescription = debugDescription
            self.trace = trace
            self.underlyingErrors = underlyingErrors
        }

        /// The first underlying error of type `type`, if any.
        public func underlying<T: Error>(_ type: T.Type) -> T? {
            underlyingErrors.lazy.compactMap { $0 as? T }.first
        }
    }

    /// The context of any case.
    public var context: Context {
        get {
            switch self {
            case .contextSizeExceeded(_, _, let c): c
            case .refusal(let c), .guardrailViolation(let c),
                .unsupportedGenerationGuide(let c), .unsupportedLanguageOrLocale(let c), .timedOut(let c),
                .invalidRequest(let c), .unauthorized(let c), .concurrentRequests(let c),
                .noProviderAvailable(let c):
                c
            case .rateLimited(_, let c), .unsupportedCapability(_, let c), .unavailable(_, let c),
                .transport(_, let c), .serverError(_, let c), .responseTooLarge(_, let c):
                c
            case .decodingFailure(_, _, let c), .invalidToolCall(_, _, _, let c): c
            case .toolRoundLimitReached(_, let c): c
            }
        }
        set {
            switch self {
            case .contextSizeExceeded(let size, let count, _):
                self = .contextSizeExceeded(contextSize: size, tokenCount: count, newValue)
            case .rateLimited(let r, _): self = .rateLimited(retryAfter: r, newValue)
            case .refusal: self = .refusal(newValue)
            case .guardrailViolation: self = .guardrailViolation(newValue)
            case .unsupportedCapability(let cap, _): self = .unsupportedCapability(cap, newValue)
            case .unsupportedGenerationGuide: self = .unsupportedGenerationGuide(newValue)
            case .unsupportedLanguageOrLocale: self = .unsupportedLanguageOrLocale(newValue)
            case .unavailable(let r, _): self = .unavailable(r, newValue)
            case .timedOut: self = .timedOut(newValue)
            case .decodingFailure(let p, let d, _): self = .decodingFailure(path: p, details: d, newValue)
            case .invalidRequest: self = .invalidRequest(newValue)
            case .transport(let f, _): self = .transport(f, newValue)
            case .unauthorized: self = .unauthorized(newValue)
            case .serverError(let s, _): self = .serverError(status: s, newValue)
            case .concurrentRequests: self = .concurrentRequests(newValue)
            case .noProviderAvailable: self = .noProviderAvailable(newValue)
            case .responseTooLarge(let limit, _): self = .responseTooLarge(limit: limit, newValue)
            case .invalidToolCall(let tool, let path, let details, _):
                self = .invalidToolCall(tool: tool, path: path, details: details, newValue)
            case .toolRoundLimitReached(let rounds, _): self = .toolRoundLimitReached(rounds: rounds, newValue)
            }
        }
    }

    /// The provider that raised the error, when one did.
    public var provider: String? { context.provider }

    /// The route trace, when the error came through a chain.
    public var trace: RouteTrace? { context.trace }

    /// A stable identifier for the case, used as a catalog key and in `--json` output.
    public var code: String {
        switch self {
        case .contextSizeExceeded: "contextSizeExceeded"
        case .rateLimited: "rateLimited"
        case .refusal: "refusal"
        case .guardrailViolation: "guardrailViolation"
        case .unsupportedCapability: "unsupportedCapability"
        case .unsupportedGenerationGuide: "unsupportedGenerationGuide"
        case .unsupportedLanguageOrLocale: "unsupportedLanguageOrLocale"
        case .unavailable: "unavailable"
        case .timedOut: "timedOut"
        case .decodingFailure: "decodingFailure"
        case .invalidRequest: "invalidRequest"
        case .transport: "transport"
        case .unauthorized: "unauthorized"
        case .serverError: "serverError"
        case .concurrentRequests: "concurrentRequests"
        case .noProviderAvailable: "noProviderAvailable"
        case .responseTooLarge: "responseTooLarge"
        case .invalidToolCall: "invalidToolCall"
        case .toolRoundLimitReached: "toolRoundLimitReached"
        }
    }

    /// Every error code, in declaration order.
    public static let allCodes: [String] = [
        "contextSizeExceeded", "rateLimited", "refusal", "guardrailViolation", "unsupportedCapability",
        "unsupportedGenerationGuide", "unsupportedLanguageOrLocale", "unavailable", "timedOut", "decodingFailure",
        "invalidRequest", "transport", "unauthorized", "serverError", "concurrentRequests", "noProviderAvailable",
        "responseTooLarge", "invalidToolCall", "toolRoundLimitReached",
    ]

    /// The same error, attributed to `provider` when it is not attributed yet.
    public func attributed(to provider: String) -> GenUIError {
        guard context.provider == nil else { return self }
        var copy = self
        copy.context.provider = provider
        return copy
    }

    /// The same error, carrying `trace`.
    public func withTrace(_ trace: RouteTrace) -> GenUIError {
        var copy = self
        copy.context.trace = trace
        return copy
    }

    /// The same decoding failure with `prefix` (a JSON pointer) prepended to its path; other cases unchanged.
    public func prefixingPath(_ prefix: String) -> GenUIError {
        guard case .decodingFailure(let path, let details, let context) = self else { return self }
        return .decodingFailure(path: prefix + path, details: details, context)
    }
}

extension GenUIError: CustomStringConvertible {
    public var description: String {
        var text = "\(code)"
        if let provider = context.provider { text += " [\(provider)]" }
        switch self {
        case .decodingFailure(let path, let details, _):
            text += " at \(path.isEmpty ? "/" : path): \(details)"
        case .invalidToolCall(let tool, let path, let details, _):
            text += " (\(tool)) at \(path.isEmpty ? "/" : path): \(details)"
        case .unavailable(let reason, _):
            text += " (\(reason.code)): \(context.debugDescription)"
        case .transport(let failure, _):
            text += " (\(failure)): \(context.debugDescription)"
        case .contextSizeExceeded(let size, let count, _):
            text +=
                " (\(count.map(String.init) ?? "?") tokens, context \(size.map(String.init) ?? "?")): "
                + context.debugDescription
        default:
            text += ": \(context.debugDescription)"
        }
        return text
    }
}

extension GenUIError {
    /// A decoding failure at `path` with no provider attributed yet.
    public static func decoding(_ path: String, _ details: String) -> GenUIError {
        .decodingFailure(path: path, details: details, Context(debugDescription: details))
    }

    /// A decoding failure at `path` described by `detail`, which it carries among its context's underlying errors
    /// so it can be worded in another language; its details are the detail's English.
    public static func decoding(_ path: String, _ detail: DecodingDetail) -> GenUIError {
        .decodingFailure(
            path: path, details: detail.description,
            Context(debugDescription: detail.description, underlyingErrors: [detail]))
    }

    /// The decoding failure for a schema `violation`, carrying its ``DecodingDetail`` when it has one.
    public static func decoding(_ violation: GenerationSchema.Violation) -> GenUIError {
        guard let detail = violation.detail else { return .decoding(violation.path, violation.message) }
        return .decoding(violation.path, detail)
    }

    /// An invalid request described by `message`.
    public static func invalid(_ message: String) -> GenUIError {
        .invalidRequest(Context(debugDescription: message))
    }
}
