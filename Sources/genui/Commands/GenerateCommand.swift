import ArgumentParser
import Foundation
import GenUI
import GenUIConfig
import GenUIDiagnostics
import GenUIRouter
import GenUIScreens

/// `genui generate "<intent>"`: composes a screen through the configured chain and renders it.
struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Compose a screen from a description, using the configured model chain.",
        discussion: """
            The model picks and arranges components from a fixed vocabulary (heading, paragraph, keyValue, badge, \
            field, button, toggle, list, standings, divider); it does not write code. Sampling is greedy unless \
            --temperature or --seed is given, so the same intent gives the same screen.

            Exit codes: 0 success, 1 no model could compose the screen, 2 the output could not be made into a valid \
            screen, 3 a file could not be written, 64 bad arguments.
            """)

    @Argument(help: "What the screen is for, in words (\"A login form with username and password\").")
    var intent: String

    @OptionGroup var configuration: ConfigurationOptions

    @Option(help: "The chain from providers.yml to use (default: the configured default chain).")
    var chain: String?

    @Option(help: "Sampling temperature, 0 to 2. Above 0 samples randomly instead of greedily.")
    var temperature: Double?

    @Option(help: "Random-sampling seed: the same seed and intent give the same screen.")
    var seed: UInt64?

    @Flag(help: "Let providers without guided generation answer; their output is decoded leniently and repaired.")
    var allowUnguided = false

    @Option(help: "Output format: text, json, html or a2ui.")
    var format: ScreenOutputFormat = .text

    @Option(help: "Write the output to this file (atomically) instead of stdout.")
    var out: String?

    @Option(help: "Colour terminal text: auto (a terminal without NO_COLOR), always or never.")
    var color: ColorChoice = .auto

    @Flag(name: .shortAndLong, help: "Print the route (which provider served, why others were skipped), tokens/s and repairs to stderr.")
    var verbose = false

    func validate() throws {
        if let temperature, !(GenerationOptions.temperatureRange.contains(temperature)) {
            throw ValidationError("--temperature is \(temperature); it must be between 0 and 2")
        }
        if intent.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError("the intent is empty; describe the screen, for example \"A login form with username and password\"")
        }
        if let out, out.isEmpty { throw ValidationError("--out needs a file path") }
    }

    /// Greedy unless a temperature above zero or a seed asks for random sampling.
    var generationOptions: GenerationOptions {
        let random = seed != nil || (temperature ?? 0) > 0
        return GenerationOptions(sampling: random ? .random(top: 40, seed: seed) : .greedy, temperature: temperature)
    }

    func run() async throws {
        let composed: ComposedScreen
        do {
            let model: ProviderChain
            do {
                model = try makeGenerationModel(configuration: configuration, chain: chain, allowUnguided: allowUnguided) {
                    guard let notice = TrustNotice.lines(for: $0, diagnostics: diagnostics) else { return }
                    Console.error(notice[0])
                    for line in notice.dropFirst() { Console.note(line) }
                }
            } catch let error as ConfigurationError {
                Console.error(error.description)
                throw ExitCode(ExitStatus.configurationError)
            } catch let error as ModelSelectionError {
                Console.error(error.description)
                throw ExitCode(ExitStatus.configurationError)
            }
            let composer = ScreenComposer(model: model, options: generationOptions, allowUnguided: allowUnguided)
            let spinner = ProgressSpinner(message: "Composing the screen with \(model.name)…")
            do {
                composed = try await composer.compose(intent)
                await spinner.stop()
            } catch {
                await spinner.stop()
                throw error
            }
        } catch let error as LanguageModelError {
            throw report(error)
        }
        if verbose { Console.note(Self.describe(composed, diagnostics: diagnostics)) }
        let output = format.render(
            composed.screen, colors: format == .text && Console.wantsColor(color, writingToFile: out != nil),
            width: out == nil ? Console.textWidth() : 64)
        try Self.emit(output, to: out, diagnostics: diagnostics)
    }

    /// Writes `output` to `path` atomically, or to stdout.
    static func emit(_ output: String, to path: String?, diagnostics: Diagnostics) throws {
        guard let path else {
            Console.out(output)
            return
        }
        do {
            try AtomicFile.write(output, to: path)
        } catch {
            Console.error(diagnostics.text("file.writeFailed", ["path": error.path, "reason": error.localizedReason(diagnostics)]))
            throw ExitCode(ScreenExitCode.fileError)
        }
    }

    /// The localized messages, in the language of `--locale`, `LC_ALL`, `LC_MESSAGES` or `LANG`.
    private var diagnostics: Diagnostics { Diagnostics(language: configuration.language) }

    /// Prints a clear, localized message for `error` (each provider's reason when none could serve) and returns the
    /// exit code to end with.
    private func report(_ error: LanguageModelError) -> ExitCode {
        let described = diagnostics.describe(error)
        Console.error(diagnostics.text("generate.failed", ["message": described.message]))
        if let remediation = described.remediation { Console.note(remediation) }
        // Without a provider, the route is the explanation: it is printed even without -v.
        var noProvider = false
        if case .noProviderAvailable = error { noProvider = true }
        if let trace = error.trace, noProvider || verbose {
            Console.note(Self.describe(trace, diagnostics: diagnostics))
        }
        switch error {
        case .unsupportedCapability(.guidedGeneration, _): Console.note(diagnostics.text("generate.hint.unguided"))
        case .noProviderAvailable, .unavailable: Console.note(diagnostics.text("generate.hint.doctor"))
        case .decodingFailure: Console.note(diagnostics.text("generate.hint.invalid"))
        default: break
        }
        switch error {
        case .decodingFailure: return ExitCode(ScreenExitCode.invalidScreen)
        case .invalidRequest: return ExitCode(ScreenExitCode.usage)
        default: return ExitCode(ScreenExitCode.generationFailed)
        }
    }

    // MARK: - Verbose output

    static func describe(_ composed: ComposedScreen, diagnostics: Diagnostics) -> String {
        let metadata = composed.metadata
        var facts = ["served by \(metadata.provider)"]
        if let model = metadata.model { facts.append("model \(model)") }
        facts.append(metadata.guided ? "guided" : "unguided")
        if let prompt = metadata.usage.promptTokens, let completion = metadata.usage.completionTokens {
            facts.append("\(prompt) prompt + \(completion) completion tokens")
        }
        if let speed = metadata.timings?.generationTokensPerSecond {
            facts.append(String(format: "%.1f tokens/s", speed))
        }
        if let seconds = metadata.timings?.totalSeconds { facts.append(String(format: "%.2f s", seconds)) }
        var lines = [facts.joined(separator: " · ")]
        if let trace = metadata.trace { lines.append(describe(trace, diagnostics: diagnostics)) }
        if !metadata.repairs.isEmpty {
            lines.append("decoding repairs by \(metadata.provider):")
            lines += metadata.repairs.map { "  \($0)" }
        }
        if composed.repairs.isEmpty {
            lines.append("repairs: none")
        } else {
            lines.append("repairs (\(composed.repairs.count)):")
            lines += composed.repairs.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    /// The route, one localized sentence per provider.
    static func describe(_ trace: RouteTrace, diagnostics: Diagnostics) -> String {
        let header = diagnostics.text("generate.route", ["chain": trace.chain ?? "—"])
        let steps = diagnostics.describe(trace).enumerated().map { "  \($0.offset + 1). \($0.element)" }
        return ([header] + steps).joined(separator: "\n")
    }
}
