import Foundation
import GenUI
import GenUIConfig
import GenUIDiagnostics

/// Everything `genui doctor` found, as printed by `--json` (schema `genui.doctor/1`, documented in
/// docs/doctor.md). Never contains a secret: only the names of the variables that hold them.
package struct DoctorReport: Codable, Sendable {
    package static let schemaIdentifier = "genui.doctor/1"

    package var schema = DoctorReport.schemaIdentifier
    package var locale: String
    package var configuration: ConfigurationSummary
    package var requiredCapabilities: [String]
    package var simulated: [Simulation]
    package var providers: [ProviderReport]
    package var chains: [ChainReport]
    package var exitCode: Int32
    /// The configuration's MCP servers and what each came to; `nil` when it names none.
    package var mcpServers: [MCPServerReport]? = nil

    package struct ConfigurationSummary: Codable, Sendable {
        package var source: String
        package var origin: String
        package var searched: [SearchedPath]
        package var variablesRead: [String]
        package var warnings: [Issue]
        package var errors: [Issue]
        /// A `./providers.yml` passed over because the user has not trusted it (`genui config trust`).
        package var untrusted: SkippedConfiguration?
    }

    package struct SearchedPath: Codable, Sendable {
        package var path: String
        package var found: Bool
    }

    package struct Issue: Codable, Sendable {
        package var file: String
        package var line: Int
        package var column: Int
        package var keyPath: String
        package var message: String
        package var suggestion: String?

        /// The issue, its message in the language of `diagnostics` (as every message of the report).
        package init(_ issue: ConfigurationIssue, diagnostics: Diagnostics) {
            file = issue.location.file
            line = issue.location.line
            column = issue.location.column
            keyPath = issue.keyPath
            message = diagnostics.text(issue.text)
            suggestion = issue.suggestion
        }
    }

    package struct Simulation: Codable, Sendable {
        package var provider: String
        package var failure: String
    }

    /// One provider's check.
    package struct ProviderReport: Codable, Sendable {
        /// `available`, `caveat` (available with a limitation), `unavailable`, `pending` (no answer in time) or
        /// `crashed` (the check itself failed).
        package var status: String
        package var mark: String
        package var name: String
        package var type: String
        package var model: String?
        package var endpoint: String?
        package var secret: Secret?
        package var reason: UnavailableReason?
        package var capabilities: [String]
        package var missingCapabilities: [String]
        package var message: String
        package var remediation: String?
        package var durationSeconds: Double
        package var facts: [ProviderFact]
        package var deep: DeepCheck?
    }

    package struct Secret: Codable, Sendable {
        package var environmentVariable: String
        package var isSet: Bool
    }

    package struct DeepCheck: Codable, Sendable {
        package var ok: Bool
        package var durationSeconds: Double
        package var message: String
    }

    /// Which provider a chain would use, and why the earlier ones are skipped.
    package struct ChainReport: Codable, Sendable {
        package var name: String
        package var isDefault: Bool
        package var providers: [String]
        package var canServe: Bool
        package var wouldUse: String?
        package var message: String
        package var skipped: [Skip]
        package var trace: RouteTrace?
    }

    /// A provider the dry run passed over: not tried (`skipped`) or tried and failed (`failed`).
    /// One MCP server: started, asked for its tools, stopped.
    package struct MCPServerReport: Codable, Sendable {
        package var name: String
        /// The command or the URL (never its environment or headers).
        package var target: String
        /// `ready` or `unavailable`.
        package var status: String
        package var message: String
        /// Each tool's call shape, `name(argument: type, …)`.
        package var tools: [String]
    }

    package struct Skip: Codable, Sendable {
        package var provider: String
        package var reason: String
        package var message: String
        /// `skipped` or `failed` (the route step's outcome).
        package var outcome: RouteTrace.Outcome
    }
}

extension DoctorReport {
    /// The report of a configuration that could not be read: its problems, nothing checked.
    package init(
        configurationError error: ConfigurationError, language: DiagnosticLanguage, requiredCapabilities: [String]
    ) {
        let diagnostics = Diagnostics(language: language)
        configuration = ConfigurationSummary(
            source: error.first?.location.file ?? "providers.yml", origin: "error", searched: [], variablesRead: [],
            warnings: [], errors: error.issues.map { Issue($0, diagnostics: diagnostics) })
        locale = language.rawValue
        self.requiredCapabilities = requiredCapabilities
        simulated = []
        providers = []
        chains = []
        exitCode = ExitStatus.configurationError
    }

    /// The report as `--json` prints it: pretty-printed, keys sorted.
    package func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
