import GenUI
import GenUIConfig
import GenUIDiagnostics

/// Everything `genui doctor` found, as printed by `--json` (schema `genui.doctor/1`, documented in
/// docs/doctor.md). Never contains a secret: only the names of the variables that hold them.
struct DoctorReport: Codable, Sendable {
    static let schemaIdentifier = "genui.doctor/1"

    var schema = DoctorReport.schemaIdentifier
    var locale: String
    var configuration: ConfigurationSummary
    var requiredCapabilities: [String]
    var simulated: [Simulation]
    var providers: [ProviderReport]
    var chains: [ChainReport]
    var exitCode: Int32

    struct ConfigurationSummary: Codable, Sendable {
        var source: String
        var origin: String
        var searched: [SearchedPath]
        var variablesRead: [String]
        var warnings: [Issue]
        var errors: [Issue]
        /// A `./providers.yml` passed over because the user has not trusted it (`genui config trust`).
        var untrusted: SkippedConfiguration?
    }

    struct SearchedPath: Codable, Sendable {
        var path: String
        var found: Bool
    }

    struct Issue: Codable, Sendable {
        var file: String
        var line: Int
        var column: Int
        var keyPath: String
        var message: String
        var suggestion: String?

        /// The issue, its message in the language of `diagnostics` (as every message of the report).
        init(_ issue: ConfigurationIssue, diagnostics: Diagnostics) {
            file = issue.location.file
            line = issue.location.line
            column = issue.location.column
            keyPath = issue.keyPath
            message = diagnostics.text(issue.text)
            suggestion = issue.suggestion
        }
    }

    struct Simulation: Codable, Sendable {
        var provider: String
        var failure: String
    }

    /// One provider's check.
    struct ProviderReport: Codable, Sendable {
        /// `available`, `caveat` (available with a limitation), `unavailable`, `pending` (no answer in time) or
        /// `crashed` (the check itself failed).
        var status: String
        var mark: String
        var name: String
        var type: String
        var model: String?
        var endpoint: String?
        var secret: Secret?
        var reason: UnavailableReason?
        var capabilities: [String]
        var missingCapabilities: [String]
        var message: String
        var remediation: String?
        var durationSeconds: Double
        var facts: [ProviderFact]
        var deep: DeepCheck?
    }

    struct Secret: Codable, Sendable {
        var environmentVariable: String
        var isSet: Bool
    }

    struct DeepCheck: Codable, Sendable {
        var ok: Bool
        var durationSeconds: Double
        var message: String
    }

    /// Which provider a chain would use, and why the earlier ones are skipped.
    struct ChainReport: Codable, Sendable {
        var name: String
        var isDefault: Bool
        var providers: [String]
        var canServe: Bool
        var wouldUse: String?
        var message: String
        var skipped: [Skip]
        var trace: RouteTrace?
    }

    /// A provider the dry run passed over: not tried (`skipped`) or tried and failed (`failed`).
    struct Skip: Codable, Sendable {
        var provider: String
        var reason: String
        var message: String
        /// `skipped` or `failed` (the route step's outcome).
        var outcome: RouteTrace.Outcome
    }
}
