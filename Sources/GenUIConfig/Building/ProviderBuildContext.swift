import Foundation
import GenUI
import Logging

/// What a provider builder may read besides the provider's settings.
public struct ProviderBuildContext: Sendable {
    /// The environment (API keys are read from it by the variable named in `api_key_env`).
    public var environment: [String: String]
    /// The logger every built provider (and the on-device provider's managed server) writes to: the one place an app
    /// or the CLI passes its logger down. Discards every line by default.
    public var logger: Logger

    /// Creates a context.
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = ProviderInstrumentation.disabledLogger
    ) {
        self.environment = environment
        self.logger = logger
    }
}
