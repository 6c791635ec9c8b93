import GenUI

/// A message and what to do about it.
public struct DiagnosticMessage: Sendable, Hashable, Codable {
    /// What happened.
    public var message: String
    /// What the user can do.
    public var remediation: String?

    /// Creates a message.
    public init(message: String, remediation: String?) {
        self.message = message
        self.remediation = remediation
    }
}

/// Turns availability reasons, errors and routing decisions into localized text.
///
/// Reads reasons and traces; never drives routing.
public struct Diagnostics: Sendable {
    /// The language of the messages.
    public let language: DiagnosticLanguage
    /// The number formatter of that language.
    public let format: HumanFormatter
    /// The messages: genui's own (``MessageCatalog/standard``), or those merged with a program's.
    public let catalog: MessageCatalog

    /// Creates diagnostics in `language`, with the messages of `catalog`.
    public init(language: DiagnosticLanguage, catalog: MessageCatalog = .standard) {
        self.language = language
        self.format = HumanFormatter(language: language)
        self.catalog = catalog
    }

    /// The longest placeholder value kept, in Unicode scalars; a longer value is cut with "…".
    public static let maximumValueLength = 2000

    /// The message for `key`, placeholders filled from `arguments`.
    ///
    /// The values often come from outside — a server's error text, the name of a model a server reports, a path
    /// from a configuration file — so each is made terminal-safe first (``Diagnostics/safeValue(_:)``); the
    /// catalog's own templates are left as written.
    ///
    /// A key the catalog lacks (a catalog that could not be read, ``MessageCatalog/problem``) is shown as the key
    /// followed by its arguments, so that no value is lost.
    public func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        let template = catalog.template(key, language: language)
        let values = arguments.mapValues(Self.safeValue)
        guard template == key, !values.isEmpty else { return MessageCatalog.fill(template, values) }
        return key + " (" + values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            + ")"
    }

    /// A placeholder value as messages show it: control characters, escape sequences and bidirectional overrides
    /// made visible (`TerminalSafeText`), cut to ``maximumValueLength``.
    public static func safeValue(_ value: String) -> String {
        TerminalSafeText.sanitized(value, lines: .keep, maximumLength: maximumValueLength)
    }

    /// Why a model is unavailable, and what to do.
    public func describe(_ reason: UnavailableReason) -> DiagnosticMessage {
        var key = "reason.\(reason.code)"
        var arguments: [String: String] = [:]
        var messageKey = "\(key).message"
        switch reason {
        case .deviceNotEligible(let detail): arguments["detail"] = detail
        case .modelNotReady(let progress, let detail):
            arguments["detail"] = notReadyDetail(detail)
            if let progress {
                arguments["progress"] = format.percent(progress)
                messageKey = "\(key).progress.message"
            }
        case .modelNotInstalled(let name): arguments["name"] = name
        case .lowStorage(let required, let available, let volume):
            arguments["required"] = format.bytes(required)
            arguments["available"] = format.bytes(available)
            arguments["missing"] = format.bytes(max(0, required - available))
            arguments["volume"] = volume
        case .disabled, .unauthorized: break
        case .notConfigured(let missing): arguments["missing"] = missing
        case .runtimeMissing(let binary): arguments["binary"] = binary
        case .unreachable(let endpoint): arguments["endpoint"] = endpoint
        case .rateLimited(let retryAfter):
            if let retryAfter {
                arguments["retryAfter"] = format.duration(retryAfter)
            } else {
                messageKey = "\(key).unknown.message"
            }
        case .invalidModel(let path, let detail):
            arguments["path"] = path
            arguments["detail"] = detail
        case .runtimeFailed(let binary, let failure):
            arguments["binary"] = binary
            // A crash has the reason's own words; the other failures each a variant of them.
            switch failure {
            case .crashed(let signal): arguments["signal"] = RuntimeFailure.signalName(signal)
            case .exited(let code):
                arguments["code"] = "\(code)"
                key += ".\(failure.code)"
            case .illegalInstruction, .killedWhileLoading: key += ".\(failure.code)"
            }
            messageKey = "\(key).message"
        }
        return DiagnosticMessage(message: text(messageKey, arguments), remediation: text("\(key).remedy", arguments))
    }

    /// The first non-empty line of `text`, without a trailing full stop (the catalog's templates end the sentence);
    /// `nil` when there is none.
    static func firstLine(of text: String) -> String? {
        var line = text.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) } ?? ""
        while let first = line.first, first.isWhitespace { line.removeFirst() }
        while let last = line.last, last.isWhitespace || last == "." { line.removeLast() }
        return line.isEmpty ? nil : String(line)
    }

    /// What went wrong in a request, and what to do.
    public func describe(_ error: GenUIError) -> DiagnosticMessage {
        let key = "error.\(error.code)"
        var arguments: [String: String] = [:]
        switch error {
        case .unsupportedCapability(let capability, _): arguments["capability"] = name(of: capability)
        case .unavailable(let reason, _):
            let inner = describe(reason)
            arguments["reason"] = inner.message
            return DiagnosticMessage(message: text("\(key).message", arguments), remediation: inner.remediation)
        case .decodingFailure(let path, let details, let context):
            arguments["path"] = path.isEmpty ? "/" : path
            arguments["detail"] = text(.decoding(details, carriedBy: context))
        case .invalidRequest(let context): arguments["detail"] = invalidRequestDetail(context)
        case .invalidToolCall(let tool, let path, let details, _):
            arguments["tool"] = tool
            arguments["path"] = path.isEmpty ? "/" : path
            arguments["detail"] = text(.decoding(details))
        case .toolRoundLimitReached(let rounds, _): arguments["rounds"] = "\(rounds)"
        case .transport(let failure, _): arguments["detail"] = describe(failure)
        case .serverError(let status?, _): arguments["status"] = "HTTP \(status)"
        case .serverError(nil, let context):
            // No HTTP status: a server process that failed before it answered. What it said is the message.
            arguments["detail"] = Self.firstLine(of: context.debugDescription) ?? text("\(key).noStatus.noDetail")
            return DiagnosticMessage(
                message: text("\(key).noStatus.message", arguments),
                remediation: text("\(key).noStatus.remedy", arguments))
        case .responseTooLarge(let limit, _): arguments["limit"] = format.bytes(Int64(limit))
        case .noProviderAvailable(let context): arguments["chain"] = context.trace?.chain ?? "—"
        case .contextSizeExceeded(let contextSize, let tokenCount, _):
            guard let contextSize else { break }
            arguments["context"] = tokens(contextSize)
            var messageKey = "\(key).window.message"
            if let tokenCount {
                arguments["tokens"] = tokens(tokenCount)
                messageKey = "\(key).numbers.message"
            }
            return DiagnosticMessage(
                message: text(messageKey, arguments), remediation: text("\(key).remedy", arguments))
        default: break
        }
        return DiagnosticMessage(
            message: text("\(key).message", arguments), remediation: text("\(key).remedy", arguments))
    }

    /// What a session's Foundation Models error means and what to do, in the user's language: the genui error it
    /// carries, or the error read as genui's when it came from a Foundation Models 27 model package.
    public func describe(_ error: LanguageModelError) -> DiagnosticMessage {
        describe(GenUIError(unwrapping: error) ?? GenUIError(error))
    }

    /// What a session's model error means and what to do, in the user's language: the reason the genui error it
    /// carries gives (a missing runtime, a model still downloading, no provider able to serve…). One made elsewhere
    /// reads as a model that is not ready, its description quoted as it came.
    public func describe(_ error: SystemLanguageModel.Error) -> DiagnosticMessage {
        if let carried = GenUIError(unwrapping: error) { return describe(carried) }
        switch error {
        case .assetsUnavailable(let payload):
            return describe(UnavailableReason.modelNotReady(progress: nil, detail: payload.debugDescription))
        }
    }

    /// How a network exchange failed, in the user's language; what a server or the network library said is quoted as
    /// it came.
    public func describe(_ failure: TransportFailure) -> String {
        switch failure {
        case .connectionRefused(let endpoint): text("transport.connectionRefused", ["endpoint": endpoint])
        case .dnsFailure(let host): text("transport.dnsFailure", ["host": host])
        case .tlsFailure(let detail): text("transport.tlsFailure", ["detail": detail])
        case .connectTimeout(let endpoint): text("transport.connectTimeout", ["endpoint": endpoint])
        case .connectionLost(let detail): text("transport.connectionLost", ["detail": detail])
        case .other(let detail): detail
        }
    }

    /// What to do about a failed trace step, when its record says enough: the remedy of the reason or of the error
    /// it kept (a server that failed without a status is worded from what genui saw of it); `nil` otherwise.
    public func remedy(of step: RouteTrace.Step) -> String? {
        if let reason = step.unavailableReason { return describe(reason).remediation }
        return keptError(of: step).flatMap { describe($0).remediation }
    }

    /// The error a failed step kept, with what the step's record has of it. A server that failed without a status
    /// is worded from the step's detail: what genui saw of it (its exit, its last words).
    private func keptError(of step: RouteTrace.Step) -> GenUIError? {
        if case .serverError(status: nil)? = step.failure, let detail = step.detail {
            return .serverError(status: nil, .init(debugDescription: detail))
        }
        return step.failure?.error
    }

    /// A short reason for a trace step: why the provider was skipped or how it failed.
    public func reason(of step: RouteTrace.Step) -> String {
        if let reason = step.unavailableReason { return describe(reason).message }
        switch step.reason {
        case "missingCapability":
            return missingCapabilitiesText(step.missingCapabilities)
        case "contextWindowTooSmall":
            guard let check = step.contextCheck else { return text("short.contextWindowTooSmall") }
            let variant: String
            switch check.method {
            case .counted: variant = "counted"
            case .estimated: variant = "estimated"
            case .estimatedAfterCountingFailed: variant = "countFailed"
            }
            return text(
                "short.contextWindowTooSmall.\(variant)",
                [
                    "tokens": tokens(check.tokenCount), "answer": tokens(check.responseTokens),
                    "context": tokens(check.contextSize),
                ])
        case "coolingDown", "availabilityCheckTimedOut":
            return text("short.\(step.reason)")
        case "outsideBoundary":
            let runs = text("boundary.runs.\(step.location?.rawValue ?? "undeclared")")
            let boundary = step.boundary == .localNetwork ? "local-network" : "on-device"
            return text("short.outsideBoundary.\(boundary)", ["location": runs])
        default:
            // The error's own values, where the step kept them, word it as fully as the error itself.
            if let error = keptError(of: step) { return describe(error).message }
            return errorSummary(code: step.reason, detail: step.detail)
        }
    }

    /// A token count in the language's number format.
    func tokens(_ count: Int) -> String {
        format.decimal(Double(count), maximumFractionDigits: 0)
    }

    /// One trace step as a sentence.
    func describeStep(_ step: RouteTrace.Step) -> String {
        let duration = format.duration(seconds: step.durationSeconds)
        switch step.outcome {
        case .skipped:
            return text("trace.skipped", ["provider": step.provider, "reason": reason(of: step)])
        case .failed:
            let action = step.action ?? .stop
            return text(
                "trace.failed.\(action.rawValue)",
                [
                    "provider": step.provider, "duration": duration, "error": reason(of: step),
                ])
        case .served:
            switch step.guided {
            case true?: return text("trace.served.guided", ["provider": step.provider, "duration": duration])
            case false?:
                return text(
                    "trace.served.unguided",
                    [
                        "provider": step.provider, "duration": duration, "count": "\(step.repairs.count)",
                    ])
            case nil: return text("trace.served.plain", ["provider": step.provider, "duration": duration])
            }
        }
    }

    /// Every step of a trace, one sentence each.
    public func describe(_ trace: RouteTrace) -> [String] {
        trace.steps.map(describe)
    }

    /// The localized message of an error code, for codes recorded in traces.
    private func errorSummary(code: String, detail: String?) -> String {
        guard GenUIError.allCodes.contains(code) else { return Self.safeValue(detail ?? code) }
        // A decoding failure's detail is the core's English (its path is not recorded): worded from its code.
        if code == "decodingFailure", let detail {
            return text("detail.failedShape", ["detail": text(.decoding(detail))])
        }
        let template = catalog.template("error.\(code).message", language: language)
        var arguments: [String: String] = [:]
        for name in MessageCatalog.placeholders(in: template) { arguments[name] = Self.safeValue(detail ?? "—") }
        return MessageCatalog.fill(template, arguments)
    }
}
