import Foundation

/// What a provider builder may read besides the provider's settings.
public struct ProviderBuildContext: Sendable {
    /// The environment (API keys are read from it by the variable named in `api_key_env`).
    public var environment: [String: String]

    /// Creates a context.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }
}
