import ArgumentParser
import Foundation
import GenUI
import GenUIConfig
import GenUIDiagnostics
import GenUIDoctor
import GenUIMCP
import GenUIRouter
import GenUIScreens
import InMemoryTracing
import Logging

/// `genui generate "<intent>"`: composes a screen through the configured chain and renders it.
struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Compose a screen from a description, using the configured model chain.",
        discussion: """
            The model picks and arranges components from a fixed vocabulary (heading, paragraph, keyValue, badge, \
            field, button, toggle, list, standings, divider); it does not write code. Sampling is greedy unless \
            --temperature or --seed is given, so the same intent gives the same screen.

            With --data FILE.json the records the intent asks for (the top N, all of them, ranked by a field) are \
            taken from the file and shown as they are, in standings tables; the model writes the title and layout \
            around them. With --composition free the model instead gets a tool that looks the records up, and only \
            providers that call tools can serve such a request.

            A value nothing backs (not the intent, the data or a tool) is shown as a placeholder ("—", "HH:MM") that \
            the JSON output lists under "placeholders" for an app to fill in; --sample-values lets a model that knows \
            write such values itself.

            Exit codes: 0 success, 1 no model could compose the screen, 2 providers.yml is invalid or lacks the \
            --chain, 3 a file could not be read or written, 4 the output could not be made into a valid screen, \
            64 bad arguments (a data file that holds no records).
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

    @Option(
        help: ArgumentHelp(
            "A JSON file of records (an array of objects): the records the intent asks for are shown as the file has them.",
            valueName: "file.json"))
    var data: String?

    @Flag(
        help:
            "Let the model write sample values nothing backs (for a model that knows them); otherwise they are marked placeholders."
    )
    var sampleValues = false

    @Option(
        help:
            "How the screen is composed: outlined (each field, button, toggle and fact the intent names is shown once; the model writes the rest) or free (the model picks and arranges any components)."
    )
    var composition: ScreenComposition = .outlined

    @Option(help: "Output format: text, json, html or a2ui.")
    var format: ScreenOutputFormat = .text

    @Option(help: "Write the output to this file (atomically) instead of stdout.")
    var out: String?

    @Option(help: "Colour terminal text: auto (a terminal without NO_COLOR), always or never.")
    var color: ColorChoice = .auto

    @Option(
        help: ArgumentHelp(
            "Log the chain's work to stderr at this level: trace, debug, info, notice, warning, error or critical (default: GENUI_LOG_LEVEL, else no logging).",
            valueName: "level"))
    var logLevel: String?

    @Flag(
        help:
            "Print the request's span tree to stderr: the route, each attempt and the model server's time, with durations."
    )
    var trace = false

    @Flag(
        name: .shortAndLong,
        help: "Print the route (which provider served, why others were skipped), tokens/s and repairs to stderr.")
    var verbose = false

    /// The first argument that cannot be used, as a message for any language; `nil` when all are fine.
    ///
    /// Checked at the start of ``run()`` rather than in ArgumentParser's `validate()`, whose errors ArgumentParser
    /// prints with its own English framing.
    var usageProblem: LocalizedText? {
        if let temperature, !(GenerationOptions.temperatureRange.contains(temperature)) {
            return LocalizedText(
                "generate.usage.temperature",
                [
                    "value": .verbatim(
                        HumanFormatter(language: configuration.language).decimal(temperature, maximumFractionDigits: 3))
                ])
        }
        if let level = logLevel ?? configuration.environment["GENUI_LOG_LEVEL"], Logger.Level(rawValue: level) == nil {
            return LocalizedText(
                "generate.usage.logLevel",
                [
                    "value": .verbatim(level), "levels": .list(Logger.Level.allCases.map(\.rawValue)),
                ])
        }
        let trimmedIntent = intent.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmedIntent.isEmpty {
            return LocalizedText("generate.usage.emptyIntent")
        }
        if trimmedIntent.count > ScreenComposer.maximumIntentLength {
            return LocalizedText(
                "generate.usage.intentTooLong",
                [
                    "count": .integer(trimmedIntent.count), "limit": .integer(ScreenComposer.maximumIntentLength),
                ])
        }
        if let out, out.isEmpty { return LocalizedText("cli.usage.outNeedsPath") }
        return nil
    }

    /// Collects the request's spans for `--trace` (one request per process).
    private static let tracer = InMemoryTracer()

    /// Where the chain's logs and spans go: a stderr logger at `--log-level` (or `GENUI_LOG_LEVEL`), the in-memory
    /// tracer with `--trace`; otherwise nowhere.
    var observability: ChainObservability {
        var observability = ChainObservability()
        if let name = logLevel ?? configuration.environment["GENUI_LOG_LEVEL"], let level = Logger.Level(rawValue: name)
        {
            var logger = Logger(label: "genui") { StreamLogHandler.standardError(label: $0) }
            logger.logLevel = level
            observability.logger = logger
        }
        if trace { observability.tracer = Self.tracer }
        return observability
    }

    /// With `--trace`, prints the spans recorded so far as a tree.
    private func printTrace() {
        guard trace else { return }
        Console.note(diagnostics.text("generate.trace.header"))
        for line in SpanTreeText.lines(Self.tracer.finishedSpans, diagnostics: diagnostics) { Console.note(line) }
    }

    /// Greedy unless a temperature above zero or a seed asks for random sampling.
    var generationOptions: GenerationOptions {
        let random = seed != nil || (temperature ?? 0) > 0
        return GenerationOptions(sampling: random ? .random(top: 40, seed: seed) : .greedy, temperature: temperature)
    }

    func run() async throws {
        if let problem = usageProblem {
            Console.error(diagnostics.text(problem))
            Console.note(diagnostics.text("cli.usage.help", ["command": "genui generate --help"]))
            throw ExitCode(ScreenExitCode.usage)
        }
        let composed: ComposedScreen
        var selected: GenerationModel?
        do {
            let model: GenerationModel
            do {
                model = try makeGenerationModel(
                    configuration: configuration, chain: chain, allowUnguided: allowUnguided,
                    observability: observability
                ) {
                    guard let notice = TrustNotice.lines(for: $0, diagnostics: diagnostics) else { return }
                    Console.error(notice[0])
                    for line in notice.dropFirst() { Console.note(line) }
                }
            } catch let error as ConfigurationError {
                Console.error(
                    diagnostics.text(
                        "config.invalid",
                        [
                            "source": error.first?.location.file ?? "providers.yml", "count": "\(error.issues.count)",
                        ]))
                for issue in error.issues { Console.note(issue.localizedDescription(diagnostics)) }
                throw ExitCode(ExitStatus.configurationError)
            } catch let error as ModelSelectionError {
                Console.error(diagnostics.text(error.text))
                throw ExitCode(ExitStatus.configurationError)
            }
            selected = model
            var composer = ScreenComposer(model: model.chain, options: generationOptions, allowUnguided: allowUnguided)
            composer.logger = observability.logger
            composer.composition = composition
            composer.mayInventValues = sampleValues
            if let data {
                do {
                    let records = try DataOption.load(data, diagnostics: diagnostics)
                    if composition == .outlined {
                        composer.records = records
                    } else {
                        composer.tools = [RecordLookupTool(records: records)]
                        composer.schema = records.screenSchema()
                    }
                } catch {
                    Console.error(diagnostics.text(error.text))
                    throw ExitCode(error.exitCode)
                }
            }
            // Every MCP server the configuration names offers its tools; one that cannot start is reported and
            // the screen is composed without it.
            let toolbox = MCPToolbox(
                servers: model.configuration.mcpServers, environment: configuration.environment,
                logger: observability.logger)
            if !model.configuration.mcpServers.isEmpty {
                let available = try await toolbox.availableTools()
                for problem in available.unavailable {
                    Console.note(
                        diagnostics.text(
                            LocalizedText(
                                "generate.mcpUnavailable",
                                [
                                    "server": .verbatim(problem.server), "reason": .phrase(problem.localizedText),
                                ])))
                }
                composer.tools += available.tools as [any Tool]
            }
            let spinner = ProgressSpinner(message: diagnostics.text("generate.spinner", ["chain": model.chain.name]))
            do {
                if await wantsLivePreview(model.chain) {
                    composed = try await composeDrawingPreviews(
                        composer, spinner: spinner, colors: Console.wantsColor(color, writingToFile: false))
                } else {
                    composed = try await composer.compose(intent)
                }
                await spinner.stop()
                await toolbox.stop()
            } catch {
                await spinner.stop()
                await toolbox.stop()
                throw error
            }
        } catch let error as GenUIError {
            printTrace()
            throw report(error, model: selected)
        }
        printTrace()
        if verbose { Console.note(Self.describe(composed, diagnostics: diagnostics)) }
        let output = format.render(
            composed.screen, placeholders: composed.placeholders.map(\.pointer),
            colors: format == .text && Console.wantsColor(color, writingToFile: out != nil),
            width: out == nil ? Console.textWidth() : 64, language: diagnostics.language.rawValue)
        try Self.emit(output, to: out, isJSON: format.isJSON, diagnostics: diagnostics)
    }

    /// Writes `output` to `path` atomically, or to stdout. JSON output (`isJSON`) keeps JSON's own escapes on a
    /// terminal, so what a script reads from stdout is still valid JSON; other output is made terminal-safe as text.
    static func emit(_ output: String, to path: String?, isJSON: Bool = false, diagnostics: Diagnostics) throws {
        guard let path else {
            if isJSON { Printer.jsonDocument(output) } else { Console.out(output) }
            return
        }
        do {
            try AtomicFile.write(output, to: path)
        } catch {
            Console.error(
                diagnostics.text(
                    "file.writeFailed", ["path": error.path, "reason": error.localizedReason(diagnostics)]))
            throw ExitCode(ScreenExitCode.fileError)
        }
    }

    /// The localized messages, in the language of `--locale`, `LC_ALL`, `LC_MESSAGES` or `LANG`.
    private var diagnostics: Diagnostics { Diagnostics(language: configuration.language, catalog: .commandLine) }

    /// Prints a clear, localized message for `error` (each provider's reason when none could serve) and returns the
    /// exit code to end with.
    ///
    /// Each piece of advice is printed once. When no provider could serve, the advice follows from the route: an
    /// attempt that timed out is told with its timeout and the setting that raises it; doctor is suggested only when
    /// a provider was passed over as unavailable, which is what doctor explains.
    private func report(_ error: GenUIError, model: GenerationModel?) -> ExitCode {
        let described = RequestErrorText.describe(error, diagnostics)
        Console.error(diagnostics.text("generate.failed", ["message": described.message]))
        // Without a provider, the route is the explanation: it is printed even without -v.
        var noProvider = false
        if case .noProviderAvailable = error { noProvider = true }
        if let trace = error.trace, noProvider || verbose {
            Console.note(Self.describe(trace, diagnostics: diagnostics))
        }
        for line in FailureAdvice(error: error, model: model, diagnostics: diagnostics).lines(
            remediation: described.remediation)
        {
            Console.note(line)
        }
        switch error {
        case .decodingFailure: return ExitCode(ScreenExitCode.invalidScreen)
        case .invalidRequest: return ExitCode(ScreenExitCode.usage)
        default: return ExitCode(ScreenExitCode.generationFailed)
        }
    }

    // MARK: - Verbose output

    /// The -v lines for `composed`, with how the composer composed it and why (``ComposedScreen/decision``).
    static func describe(_ composed: ComposedScreen, diagnostics: Diagnostics) -> String {
        let metadata = composed.metadata
        var facts = [diagnostics.text("generate.verbose.servedBy", ["provider": metadata.provider])]
        if let model = metadata.model { facts.append(diagnostics.text("generate.verbose.model", ["model": model])) }
        facts.append(diagnostics.text(metadata.guided ? "generate.verbose.guided" : "generate.verbose.unguided"))
        if let prompt = metadata.usage.promptTokens, let completion = metadata.usage.completionTokens {
            facts.append(
                diagnostics.text("generate.verbose.tokens", ["prompt": "\(prompt)", "completion": "\(completion)"]))
        }
        if let speed = metadata.timings?.generationTokensPerSecond {
            facts.append(diagnostics.text("generate.verbose.speed", ["speed": diagnostics.format.decimal(speed)]))
        }
        if let seconds = metadata.timings?.totalSeconds { facts.append(diagnostics.format.duration(seconds: seconds)) }
        var lines = [facts.joined(separator: " · ")]
        if let trace = metadata.trace { lines.append(describe(trace, diagnostics: diagnostics)) }
        for call in metadata.toolCalls {
            lines.append(
                "  "
                    + diagnostics.text(
                        "generate.verbose.toolCall",
                        [
                            "round": "\(call.round)", "tool": call.tool, "provider": call.requestedBy,
                            "duration": diagnostics.format.duration(seconds: call.durationSeconds),
                        ]))
        }
        switch composed.decision {
        case .outlined(let outline)?:
            let elements = outline.elements.map {
                diagnostics.text("generate.verbose.outline.\($0.kind.rawValue)", ["label": $0.label])
            }
            lines.append(diagnostics.text("generate.verbose.outline", ["elements": elements.joined(separator: ", ")]))
        case .free(let reason)?:
            lines.append(diagnostics.text("generate.verbose.free.\(reason.rawValue)"))
        case nil:
            break
        }
        if !metadata.repairs.isEmpty {
            lines.append(diagnostics.text("generate.verbose.decodingRepairs", ["provider": metadata.provider]))
            lines += DecodingRepairText.lines(metadata, diagnostics)
        }
        if composed.repairs.isEmpty {
            lines.append(diagnostics.text("generate.verbose.noRepairs"))
        } else {
            lines.append(diagnostics.text("generate.verbose.repairs", ["count": "\(composed.repairs.count)"]))
            lines += composed.repairs.map { "  " + ScreenIssueText.describe($0, diagnostics) }
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
