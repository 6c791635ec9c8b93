/// One fact a provider found while checking itself, for `genui doctor -v`: a path searched, an environment
/// variable read, an endpoint hit, a version.
public struct ProviderFact: Sendable, Hashable, Codable {
    /// What kind of fact (`path`, `env`, `endpoint`, `version`, `note`).
    public var kind: String
    /// The fact, never containing a secret.
    public var text: String

    /// Creates a fact.
    public init(kind: String, text: String) {
        self.kind = kind
        self.text = text
    }
}

/// A provider that can tell how it determined its availability.
public protocol ProviderFactsReporting: Sendable {
    /// The facts gathered by the last (or a fresh, cheap) availability check.
    func facts() async -> [ProviderFact]
}
