import Foundation
import GenUI
import GenUIConfig
import GenUIDiagnostics

/// `genui doctor` in an app's own process: the same checks, decisions and report, for a configuration read with the
/// app's `ProviderRegistry` — so provider types the app registers (its own, or a third-party Foundation Models 27
/// model package) are built, checked and shown like the built-in ones.
///
/// The `genui` command-line tool knows only the built-in types; an app that registers its own runs its doctor here:
///
/// ```swift
/// var registry = ProviderRegistry.standard
/// registry.register(.echo)
/// let configuration = try ConfigurationLoader(registry: registry).load()
/// let report = try await Doctor(configuration: configuration, registry: registry).check()
/// print(report.text)
/// ```
public struct Doctor: Sendable {
    /// What a check found.
    public struct Report: Sendable {
        /// The report as `genui doctor` prints it, in the doctor's language, without colour.
        public let text: String
        /// The report as `genui doctor -v` prints it: with the settings and facts of every provider.
        public let verboseText: String
        /// The report as `genui doctor --json` prints it (schema `genui.doctor/1`, docs/doctor.md). Never contains a
        /// secret: only the names of the variables that hold them.
        public let json: String
        /// Whether the chain that was checked can serve: `genui doctor`'s exit status 0.
        public let canServe: Bool
        /// `genui doctor`'s exit status for this report (docs/exit-status.md).
        public let exitStatus: Int32
    }

    /// The configuration to check.
    public let configuration: Configuration
    /// The provider types it was read with.
    public let registry: ProviderRegistry
    /// The environment API keys and `GENUI_DISABLE` are read from.
    public let environment: [String: String]
    /// The language of the report.
    public let language: DiagnosticLanguage

    /// A doctor for `configuration`, read with `registry`.
    public init(
        configuration: Configuration, registry: ProviderRegistry = .standard,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        language: DiagnosticLanguage? = nil
    ) {
        self.configuration = configuration
        self.registry = registry
        self.environment = environment
        self.language = language ?? DiagnosticLanguage.resolve(explicit: nil, environment: environment)
    }

    /// Checks every provider of `chain` (the default chain when `nil`) and decides which one would serve a request
    /// that needs `capabilities`, as `genui doctor --chain NAME --require …` does. With `deep`, each available
    /// provider also generates a few tokens. A provider that has not answered within `timeout` is shown as pending.
    ///
    /// Throws ``DoctorUsageError`` when `chain` names no chain of the configuration.
    public func check(
        chain: String? = nil, requiring capabilities: Set<LanguageModelCapability> = [], deep: Bool = false,
        timeout: Duration = .seconds(3)
    ) async throws -> Report {
        let request = DoctorRequest(
            chain: chain, required: capabilities, simulations: [], deep: deep, strict: false, checkDeadline: timeout,
            environment: environment, language: language, onSlow: { _ in })
        let report = try await DoctorEngine(configuration: configuration, request: request, registry: registry).run()
        let diagnostics = Diagnostics(language: language)
        let plain = Terminal(environment: environment, forceOff: true)
        func rendered(verbose: Bool) -> String {
            DoctorRenderer(report: report, diagnostics: diagnostics, terminal: plain, verbose: verbose)
                .render().rendered(colour: false)
        }
        return Report(
            text: rendered(verbose: false), verboseText: rendered(verbose: true), json: try report.json(),
            canServe: report.exitCode == ExitStatus.ok, exitStatus: report.exitCode)
    }
}
