import Foundation
import GenUI

/// Where a provider's API key lives: the name of an environment variable, read each time the key is needed.
///
/// The key itself is never stored in configuration, and never appears in errors, logs or descriptions:
/// ``secrets`` gives the current value to mask it wherever server text is kept.
public struct APIKeyReference: Sendable {
    /// The environment variable; `nil` for servers that need no key.
    public var variable: String?
    /// Where the variable is looked up.
    public var environment: ProviderEnvironment

    /// Creates a reference to `variable`, looked up in `environment`.
    public init(_ variable: String?, environment: ProviderEnvironment = .process) {
        self.variable = variable
        self.environment = environment
    }

    /// The key as it is now: `nil` when no variable is configured; throws
    /// `unavailable(notConfigured(missing: variable))` when the variable is unset or empty.
    public func read(provider: String) throws(GenUIError) -> String? {
        guard let variable else { return nil }
        guard let key = environment.value(variable) else {
            throw .unavailable(
                .notConfigured(missing: variable),
                .init(
                    provider: provider,
                    debugDescription:
                        "\(provider): the environment variable \(variable) is not set; export it with the API key"))
        }
        return key
    }

    /// A closure giving the values to mask: the key as it is when called.
    public var secrets: @Sendable () -> [String] {
        let variable = variable
        let environment = environment
        return { variable.flatMap(environment.value).map { [$0] } ?? [] }
    }

    /// The checks every availability probe starts with, without any network call: the key is set and the URL may
    /// be used. Returns the key, or the reason the provider is unavailable.
    public func preflight(baseURL: URL, allowInsecure: Bool, provider: String) -> Preflight {
        do {
            let key = try read(provider: provider)
            try EndpointPolicy.check(baseURL, allowInsecure: allowInsecure, provider: provider)
            return .ready(key: key)
        } catch {
            if case .unavailable(let reason, _) = error { return .unavailable(reason) }
            return .unavailable(.notConfigured(missing: "an https URL (or allow_insecure: true)"))
        }
    }

    /// The outcome of ``preflight(baseURL:allowInsecure:provider:)``.
    public enum Preflight: Sendable {
        /// The provider may probe its server, with this key (`nil` when none is configured).
        case ready(key: String?)
        /// The provider is unavailable before any network call.
        case unavailable(UnavailableReason)
    }
}
