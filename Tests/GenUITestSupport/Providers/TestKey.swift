import GenUIHTTP

/// A fake API key in a provider environment of its own: tests never modify the process environment, which other
/// threads read concurrently.
public struct TestKey {
    /// The variable the provider is told to read its key from.
    public let variable = "GENUI_TEST_API_KEY"
    /// An environment holding only `variable`, set to the key (empty without one).
    public let environment: ProviderEnvironment

    /// An environment whose `variable` holds `value`, or that lacks it when `value` is `nil`.
    public init(_ value: String?) {
        let variable = variable
        environment = .values(value.map { [variable: $0] } ?? [:])
    }
}
