import GenUI

/// A provider as configured: the built model plus what `providers.yml` and the environment say about it.
///
/// `enabled: false` and `GENUI_DISABLE` (a comma-separated list of provider names, or `all`) make it
/// `UnavailableReason.disabled`; an unset `${VAR}` without default makes it
/// `UnavailableReason.notConfigured(missing:)`; `capabilities:` replaces what the backend reports.
public struct ConfiguredModel: RoutableModel {
    /// The built provider.
    public let base: any RoutableModel
    /// Its settings.
    public let settings: ProviderSettings
    private let disabledByEnvironment: Bool

    /// Wraps `base`.
    public init(base: any RoutableModel, settings: ProviderSettings, environment: [String: String]) {
        self.base = base
        self.settings = settings
        let disabled = (environment["GENUI_DISABLE"] ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        self.disabledByEnvironment = disabled.contains("all") || disabled.contains(settings.name)
    }

    public var name: String { settings.name }

    /// The built provider's model (`RoutableModel.requestedModelName`).
    public var requestedModelName: String? { base.requestedModelName }

    /// Why configuration alone makes the provider unavailable, if it does.
    public var configuredUnavailability: UnavailableReason? {
        if !settings.enabled || disabledByEnvironment { return .disabled }
        if let variable = settings.unresolvedVariables.first {
            return .notConfigured(missing: variable)
        }
        return nil
    }

    public var availability: Availability {
        get async {
            if let reason = configuredUnavailability { return .unavailable(reason) }
            return await base.availability
        }
    }

    public var supportedCapabilities: Set<LanguageModelCapability> {
        get async {
            if let declared = settings.capabilities { return declared }
            return await base.supportedCapabilities
        }
    }

    /// The window `providers.yml` states (`context:`, `num_ctx`), else the built provider's own
    /// `RoutableModel.contextSize` (a server's `n_ctx`, Ollama's `context_length`, Gemini's `inputTokenLimit`).
    public var contextSize: Int {
        get async throws {
            if let configured = settings.contextWindow, configured > 0 { return configured }
            return try await base.contextSize
        }
    }

    /// The built provider's count: its backend's when it can count (llama-server, Anthropic, Gemini), else its
    /// estimate. Without this the wrapper would answer genui's estimate while passing on the provider's
    /// `token-counting` capability.
    public func tokenCount(for request: GenerationRequest) async throws -> Int {
        if let reason = configuredUnavailability {
            throw GenUIError.unavailable(reason, .init(provider: name, debugDescription: "\(name) is \(reason.code)"))
        }
        return try await base.tokenCount(for: request)
    }

    public func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        if let reason = configuredUnavailability {
            throw GenUIError.unavailable(reason, .init(provider: name, debugDescription: "\(name) is \(reason.code)"))
        }
        return try await base.respond(to: request)
    }

    public func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        if let reason = configuredUnavailability {
            return AsyncThrowingStream {
                $0.finish(
                    throwing: GenUIError.unavailable(
                        reason, .init(provider: name, debugDescription: "\(name) is \(reason.code)")))
            }
        }
        return base.streamResponse(to: request)
    }

    public func prewarm(promptPrefix: String?) async {
        guard configuredUnavailability == nil else { return }
        await base.prewarm(promptPrefix: promptPrefix)
    }
}
