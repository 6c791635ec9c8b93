import ArgumentParser
import Foundation
import GenUI
import GenUIConfig
import GenUIDiagnostics
import GenUIDoctor

/// `genui doctor`: checks every provider concurrently and says which one each chain would use, and why the
/// earlier ones are skipped.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check every provider and show which one each chain would use.",
        discussion: """
            Exit status: 0 when the chosen chain (--chain, else the default chain) can serve, 1 when it cannot \
            (or, with --strict, when there are warnings), 2 on a configuration error (or --chain or --simulate \
            naming something the configuration does not define), 64 bad arguments.
            """)

    @OptionGroup var options: ConfigurationOptions

    @Option(help: "Check only this chain (default: every chain; the exit status follows the default chain).")
    var chain: String?

    @Option(
        name: .customLong("require"), parsing: .upToNextOption,
        help: "Capabilities the request needs, e.g. guided-generation; context=N routes a prompt of N tokens.")
    var required: [String] = []

    @Flag(help: "Print JSON (schema genui.doctor/1, see docs/doctor.md) instead of a table.")
    var json = false

    @Flag(
        name: .shortAndLong, help: "Show how each fact was found: paths searched, variables read, endpoints, timings.")
    var verbose = false

    @Flag(help: "Also run one tiny real generation per available provider.")
    var deep = false

    @Option(
        name: .customLong("simulate"), parsing: .upToNextOption,
        help: "Inject a failure: PROVIDER=REASON (an unavailable reason or error code, or hang, crash).")
    var simulations: [String] = []

    @Flag(help: "Treat warnings (caveats, pending checks, configuration warnings) as failures.")
    var strict = false

    @Option(help: "How long each provider's check may take, in seconds (0.05 to 3600).")
    var timeout: Double = 3

    /// The values `--timeout` may take, in seconds.
    static let timeoutRange: ClosedRange<Double> = 0.05...3600

    func run() async throws {
        let environment = options.environment
        let language = options.language
        let diagnostics = Diagnostics(language: language, catalog: .commandLine)
        // Checked before anything runs: 1e300, inf, nan or a negative number would otherwise trap when converted.
        guard Self.timeoutRange.contains(timeout) else {
            printError(
                "genui doctor: "
                    + diagnostics.text(
                        "doctor.usage.timeout",
                        [
                            "value": "\(timeout)",
                            "minimum": "0.05", "maximum": "3600",
                        ]))
            printError(diagnostics.text("cli.usage.help", ["command": "genui doctor --help"]))
            throw ExitCode(ExitStatus.usage)
        }

        let configuration: Configuration
        do {
            configuration = try options.load()
        } catch {
            report(configurationError: error, language: language)
            throw ExitCode(ExitStatus.configurationError)
        }
        var parsedSimulations: [(provider: String, code: String)] = []
        for entry in simulations {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                printError("genui doctor: " + diagnostics.text("doctor.usage.simulateSyntax", ["entry": entry]))
                throw ExitCode(ExitStatus.configurationError)
            }
            parsedSimulations.append((parts[0], parts[1]))
        }
        let isJSON = json
        var request = DoctorRequest(
            chain: chain, required: Set(capabilityRequirements.map { LanguageModelCapability(rawValue: $0) }),
            simulations: parsedSimulations, deep: deep, strict: strict,
            checkDeadline: .milliseconds(Int64(timeout * 1000)), environment: environment,
            language: language,
            onSlow: { pending in
                guard !isJSON else { return }
                printError(diagnostics.text("doctor.pendingList", ["providers": diagnostics.format.list(pending)]))
            })
        request.promptTokens = try promptTokens()
        let doctorReport: DoctorReport
        do {
            doctorReport = try await DoctorEngine(configuration: configuration, request: request).run()
        } catch let error as DoctorUsageError {
            printError("genui doctor: " + diagnostics.text(error.text))
            throw ExitCode(ExitStatus.configurationError)
        }
        if json {
            Printer.json(try doctorReport.json())
        } else {
            let terminal = Terminal(environment: environment)
            let renderer = DoctorRenderer(
                report: doctorReport, diagnostics: diagnostics, terminal: terminal, verbose: verbose)
            Printer.out(renderer.render(), colour: terminal.colour)
        }
        if doctorReport.exitCode != ExitStatus.ok { throw ExitCode(doctorReport.exitCode) }
    }

    private func report(configurationError error: ConfigurationError, language: DiagnosticLanguage) {
        if json {
            let report = DoctorReport(
                configurationError: error, language: language, requiredCapabilities: capabilityRequirements)
            if let text = try? report.json() { Printer.json(text) }
        }
        for issue in error.issues {
            printError(issue.localizedDescription(Diagnostics(language: language, catalog: .commandLine)))
        }
    }

    /// The `--require` entries that name capabilities (everything but `context=N`).
    private var capabilityRequirements: [String] { required.filter { !$0.hasPrefix("context=") } }

    /// The prompt size of `--require context=N`: the last one given, a whole number of tokens from 1 to 10,000,000.
    private func promptTokens() throws -> Int? {
        guard let entry = required.last(where: { $0.hasPrefix("context=") }) else { return nil }
        let text = entry.dropFirst("context=".count)
        guard let tokens = Int(text), (1...10_000_000).contains(tokens) else {
            printError(
                "genui doctor: --require context=N expects a prompt size in tokens (1 to 10000000), got '\(entry)'")
            throw ExitCode(ExitStatus.configurationError)
        }
        return tokens
    }
}
