import Foundation

/// Where providers look up the environment variables their configuration names (API keys).
///
/// ``process`` (the default) reads the process environment at request time. Apps that keep keys elsewhere (a
/// keychain, a secrets manager) pass their own lookup; tests pass fixed ``values(_:)`` instead of mutating the
/// process environment, which is unsafe while other threads read it.
public struct ProviderEnvironment: Sendable {
    private let lookup: @Sendable (String) -> String?

    /// A lookup of your own; it is called each time a value is needed.
    public init(_ lookup: @escaping @Sendable (String) -> String?) {
        self.lookup = lookup
    }

    /// The process environment.
    public static let process = ProviderEnvironment { ProcessInfo.processInfo.environment[$0] }

    /// A fixed set of values.
    public static func values(_ values: [String: String]) -> ProviderEnvironment {
        ProviderEnvironment { values[$0] }
    }

    /// The value of `name`, or `nil` when it is unset or empty.
    public func value(_ name: String) -> String? {
        guard let value = lookup(name), !value.isEmpty else { return nil }
        return value
    }
}
