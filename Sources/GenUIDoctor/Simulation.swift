import GenUI
import GenUIConfig

/// A failure injected with `--simulate PROVIDER=REASON`.
package enum SimulatedFailure: Sendable {
    /// The provider reports itself unavailable for this reason.
    case unavailable(UnavailableReason)
    /// The provider is available but fails requests with this error.
    case error(GenUIError)
    /// The provider's availability check never answers (a host that accepts connections and stays silent).
    case hang
    /// The check itself fails (to see how doctor reports a broken check).
    case crash

    /// The codes `--simulate` accepts, for help and errors.
    package static var acceptedCodes: [String] {
        UnavailableReason.allCodes + GenUIError.allCodes.filter { !UnavailableReason.allCodes.contains($0) }
            + ["hang", "crash"]
    }

    /// Parses a code, filling the reason's data from the provider's settings; `detail` (the word "simulated" in the
    /// user's language) stands where a real failure would carry the server's or the system's own words.
    package init?(code: String, settings: ProviderSettings, detail: String) {
        let context = GenUIError.Context(provider: settings.name, debugDescription: "\(detail) \(code)")
        switch code {
        case "deviceNotEligible": self = .unavailable(.deviceNotEligible(detail: detail))
        case "modelNotReady": self = .unavailable(.modelNotReady(progress: 0.5, detail: detail))
        case "modelNotInstalled": self = .unavailable(.modelNotInstalled(name: settings.modelName ?? settings.name))
        case "lowStorage":
            self = .unavailable(.lowStorage(requiredBytes: 2_000_000_000, availableBytes: 100_000_000, volume: "/"))
        case "disabled": self = .unavailable(.disabled)
        case "notConfigured": self = .unavailable(.notConfigured(missing: settings.apiKeyEnv ?? detail))
        case "runtimeMissing": self = .unavailable(.runtimeMissing(binary: "llama-server"))
        case "unreachable": self = .unavailable(.unreachable(endpoint: settings.endpoint ?? detail))
        case "unauthorized": self = .unavailable(.unauthorized)
        case "rateLimited": self = .unavailable(.rateLimited(retryAfter: .seconds(30)))
        case "invalidModel": self = .unavailable(.invalidModel(path: settings.modelName ?? "model", detail: detail))
        case "runtimeFailed": self = .unavailable(.runtimeFailed(binary: "llama-server", failure: .illegalInstruction))
        case "contextSizeExceeded": self = .error(.contextSizeExceeded(contextSize: nil, tokenCount: nil, context))
        case "refusal": self = .error(.refusal(context))
        case "guardrailViolation": self = .error(.guardrailViolation(context))
        case "unsupportedCapability": self = .error(.unsupportedCapability(.guidedGeneration, context))
        case "unsupportedGenerationGuide": self = .error(.unsupportedGenerationGuide(context))
        case "unsupportedLanguageOrLocale": self = .error(.unsupportedLanguageOrLocale(context))
        case "unavailable": self = .unavailable(.unreachable(endpoint: settings.endpoint ?? detail))
        case "timedOut": self = .error(.timedOut(context))
        case "decodingFailure": self = .error(.decodingFailure(path: "", details: detail, context))
        case "invalidRequest":
            // As a server rejects a request: its status, and its words (here the simulated word) quoted.
            var rejected = context
            rejected.underlyingErrors = [ServerErrorReply(status: 400, message: detail)]
            self = .error(.invalidRequest(rejected))
        case "transport": self = .error(.transport(.connectionRefused(endpoint: settings.endpoint ?? detail), context))
        case "serverError": self = .error(.serverError(status: 500, context))
        case "concurrentRequests": self = .error(.concurrentRequests(context))
        case "noProviderAvailable": self = .error(.noProviderAvailable(context))
        case "responseTooLarge": self = .error(.responseTooLarge(limit: 1 << 20, context))
        case "hang": self = .hang
        case "crash": self = .crash
        default: return nil
        }
    }
}

/// A provider with a simulated failure in front of it.
package struct SimulatedModel: RoutableModel {
    package let base: any RoutableModel
    package let failure: SimulatedFailure

    package var name: String { base.name }

    package var availability: Availability {
        get async {
            switch failure {
            case .unavailable(let reason): return .unavailable(reason)
            case .hang:
                while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
                return .unavailable(.unreachable(endpoint: base.name))
            case .error, .crash: return await base.availability
            }
        }
    }

    package var supportedCapabilities: Set<LanguageModelCapability> { get async { await base.supportedCapabilities } }

    package func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        switch failure {
        case .error(let error): throw error
        case .unavailable(let reason):
            throw GenUIError.unavailable(reason, .init(provider: name, debugDescription: "simulated \(reason.code)"))
        case .hang, .crash: return try await base.respond(to: request)
        }
    }
}

/// A provider as doctor found it, answering with scripted output: the chain's dry run routes through these, so
/// "would use" comes from the same routing code as real traffic without generating anything.
package struct DryRunModel: RoutableModel {
    package enum Found: Sendable {
        case status(Availability, Set<LanguageModelCapability>)
        case unknown
    }

    package let name: String
    package let found: Found
    package let failure: GenUIError?
    /// The provider's configured context window, when `providers.yml` states it.
    package var contextWindow: Int? = nil
    /// The prompt size doctor routes (`--require context=N`): the stand-in counts every request as this many tokens.
    package var promptTokens: Int? = nil

    package var contextSize: Int {
        get async throws {
            guard let contextWindow else {
                throw GenUIError.unavailable(
                    .notConfigured(missing: "context"), .init(provider: name, debugDescription: "no configured window"))
            }
            return contextWindow
        }
    }

    package func tokenCount(for request: GenerationRequest) async throws -> Int {
        promptTokens ?? TokenEstimate.tokens(in: request)
    }

    package var availability: Availability {
        get async {
            switch found {
            case .status(let availability, _): return availability
            case .unknown:
                // The check did not answer: neither does the stand-in, so the chain skips it the same way.
                while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
                return .unavailable(.unreachable(endpoint: name))
            }
        }
    }

    package var supportedCapabilities: Set<LanguageModelCapability> {
        get async {
            if case .status(_, let capabilities) = found {
                return promptTokens == nil ? capabilities : capabilities.union([.tokenCounting])
            }
            return []
        }
    }

    package func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        if let failure { throw failure }
        return try await ScriptedLanguageModel(name: name).respond(to: request)
    }
}
