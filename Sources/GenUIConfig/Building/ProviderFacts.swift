import GenUI
import GenUIDiagnostics

/// One fact a provider found while checking itself, for `genui doctor -v`: a path searched, an environment
/// variable read, an endpoint hit, a version.
public struct ProviderFact: Sendable, Hashable, Codable {
    /// What kind of fact (`path`, `env`, `endpoint`, `version`, `note`).
    public var kind: String
    /// The fact, never containing a secret (in English when it has a catalog message).
    public var text: String
    /// The fact as a catalog message, for the user's language; not part of the encoded form.
    public var localized: LocalizedText?

    private enum CodingKeys: String, CodingKey { case kind, text }

    /// Creates a fact.
    public init(kind: String, text: String) {
        self.kind = kind
        self.text = text
    }

    /// Creates a fact worded by the catalog (`doctor.fact.*`); ``text`` is its English wording.
    public init(kind: String, _ localized: LocalizedText) {
        self.kind = kind
        self.text = localized.english
        self.localized = localized
    }
}

/// A provider that can tell how it determined its availability.
public protocol ProviderFactsReporting: Sendable {
    /// The facts gathered by the last (or a fresh, cheap) availability check.
    func facts() async -> [ProviderFact]
}

/// A provider whose availability can rest on a failure remembered from an earlier start of its runtime (an illegal
/// instruction, a crash), which `genui doctor --deep` tries again for real.
public protocol RuntimeProving: Sendable {
    /// Starts the runtime when a remembered failure is what makes the provider unavailable, and returns the
    /// availability that start leaves (the failure is recorded anew or forgotten); otherwise the availability as it is.
    func proveRuntime() async -> Availability
}
