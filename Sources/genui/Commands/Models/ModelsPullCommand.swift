import ArgumentParser
import Foundation
import GenUIDiagnostics
import GenUIDoctor
import GenUIModels
import GenUIOnDevice
import Synchronization

/// `genui models pull NAME|URL`: downloads a model, resuming a partial download, verifying its SHA-256.
struct ModelsPullCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pull",
        abstract: "Download a model (resumes an interrupted download; Ctrl-C keeps the partial file).",
        discussion: """
            A model pulled by URL is checked against its SHA-256: give --sha256, or --no-verify to install it \
            unchecked. A catalog entry is always checked against its sha256.

            Exit status: 0 installed (or already installed), 1 the download or its verification failed, 2 the \
            configuration is invalid or the model named is unknown or unusable (a bad --sha256, a file name that \
            would leave the models folder, a --provider that is not Ollama), 64 bad arguments (a --size below 1, a \
            URL without --sha256 or --no-verify, --no-verify with --sha256 or a catalog name), 130 interrupted (the \
            partial file is kept for the next pull).
            """)

    @OptionGroup var options: ModelsOptions

    @Argument(
        help:
            "A model name from `genui models list`, the path it installs to, or an http(s) URL (with --sha256, or --no-verify)."
    )
    var model: String

    @Option(help: "The expected SHA-256 (64 hexadecimal digits); required for a URL unless --no-verify.")
    var sha256: String?

    @Flag(
        help:
            "Install a model pulled by URL without checking its SHA-256 (only without --sha256; a catalog entry is always checked)."
    )
    var noVerify = false

    @Option(
        help:
            "The expected size in bytes, a whole number more than 0, for a URL (default: the length the server sends).")
    var size: Int64?

    @Option(help: "Where to install a model given by URL (default: ~/.cache/genui/models/<file name>).")
    var file: String?

    @Option(
        help:
            "How many connections to open at once for a server that takes ranged requests (1 to 16; default: the catalog's connections, else 8)."
    )
    var connections: Int?

    @Flag(help: "Print nothing but the result.")
    var quiet = false

    @Flag(help: "Download even a model too large for this machine's memory.")
    var force = false

    @Flag(help: "Wait for another process already downloading the model instead of stopping.")
    var wait = false

    @Option(help: "Pull into an Ollama daemon instead: ollama, or the name of an Ollama provider in providers.yml.")
    var provider: String?

    func run() async throws {
        if let provider {
            try await OllamaModels(options: options).pull(model, provider: provider, quiet: quiet, wait: wait)
            return
        }
        let diagnostics = options.diagnostics
        if let connections, !(1...DownloadOptions.maximumConnections).contains(connections) {
            try usageError(
                diagnostics.text(
                    "models.usage.connections",
                    [
                        "value": "\(connections)", "maximum": "\(DownloadOptions.maximumConnections)",
                    ]), diagnostics)
        }
        if let size, size < 1 {
            // An empty or negative size would install an empty file as the model without asking the server.
            try usageError(diagnostics.text("models.usage.size", ["value": "\(size)"]), diagnostics)
        }
        let text = ModelsText(diagnostics: diagnostics)
        let entry: ModelCatalogEntry
        // A URL names everything the pull needs: the configuration (and its catalog) is read only for a name.
        if let url = URL(string: model), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            // A URL pull is verified unless the user says otherwise: without a digest, whatever the host sends
            // would be installed as the model.
            if sha256 == nil, !noVerify {
                try usageError(
                    diagnostics.text("models.usage.needsDigest", ["url": DownloadRecord.displaySource(url)]),
                    diagnostics)
            }
            if sha256 != nil, noVerify {
                try usageError(diagnostics.text("models.usage.verifyConflict"), diagnostics)
            }
            if let sha256, !ModelSource.isDigest(sha256) {
                Printer.error(
                    diagnostics.text("models.error.source", ["detail": "--sha256 must be 64 hexadecimal digits"]))
                throw ExitCode(ExitStatus.configurationError)
            }
            entry = ModelCatalogEntry(
                name: DownloadRecord.displaySource(url), url: url, sizeBytes: size, sha256: sha256, file: file)
        } else {
            if noVerify { try usageError(diagnostics.text("models.usage.verifyConflict"), diagnostics) }
            let catalog = try options.catalog()
            guard var known = ModelCatalog.entry(model, in: catalog) else {
                Printer.error(
                    diagnostics.text(
                        "models.error.unknown",
                        [
                            "name": model, "names": catalog.map(\.name).joined(separator: ", "),
                        ]))
                throw ExitCode(ExitStatus.configurationError)
            }
            if let file { known.file = file }
            entry = known
        }
        let target: String
        do {
            target = try entry.installPath()
        } catch {
            Printer.error(text.describe(error, name: entry.name).text)
            throw ExitCode(ExitStatus.configurationError)
        }
        let downloader = ModelDownloader(
            options: DownloadOptions(
                force: force, waitForOtherWriter: wait,
                connections: connections ?? entry.connections ?? DownloadOptions.defaultConnections))
        let reporter = PullReporter(name: entry.name, json: options.json, quiet: quiet, text: text)
        let pull = Task {
            try await downloader.pull(entry.source(environment: options.environment), to: target) {
                reporter.report($0)
            }
        }
        // Ctrl-C cancels the pull: the partial file and its record stay for the next pull to resume.
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { pull.cancel() }
        interrupt.resume()
        defer { interrupt.cancel() }
        do {
            let result = try await pull.value
            reporter.finish()
            let key =
                result.alreadyInstalled
                ? "models.pull.already" : result.verified ? "models.pull.installed" : "models.pull.unverified"
            let message = diagnostics.text(
                key,
                [
                    "name": entry.name, "path": result.path, "size": text.bytes(result.bytes), "sha256": result.sha256,
                ])
            if options.json {
                Printer.json(
                    ModelsText.jsonLine([
                        ("event", "installed"), ("name", entry.name), ("path", result.path), ("bytes", result.bytes),
                        ("sha256", result.sha256), ("verified", result.verified), ("fetched", result.fetchedBytes),
                        ("alreadyInstalled", result.alreadyInstalled), ("restartedFromZero", result.restartedFromZero),
                        ("message", message),
                    ]))
            } else {
                Printer.line(message)
            }
        } catch {
            reporter.finish()
            let (message, status) = text.describe(error, name: entry.name)
            if options.json {
                Printer.json(ModelsText.jsonLine([("event", "failed"), ("name", entry.name), ("message", message)]))
            }
            Printer.error(message)
            throw ExitCode(status)
        }
    }
}

extension ModelsPullCommand {
    /// Prints `message` and where to read about the options, and ends the command with the usage status (64):
    /// nothing was read, written or asked.
    private func usageError(_ message: String, _ diagnostics: Diagnostics) throws -> Never {
        Printer.error("genui models pull: " + message)
        Printer.error(diagnostics.text("cli.usage.help", ["command": "genui models pull --help"]))
        throw ExitCode(ExitStatus.usage)
    }
}

/// Shows a pull's progress: a status line on a terminal, one JSON line a second with --json, nothing with --quiet.
final class PullReporter: Sendable {
    let name: String
    let json: Bool
    let quiet: Bool
    let text: ModelsText
    let terminal = isatty(2) == 1
    private let last = Mutex<ContinuousClock.Instant?>(nil)
    private let shown = Mutex(false)

    init(name: String, json: Bool, quiet: Bool, text: ModelsText) {
        self.name = name
        self.json = json
        self.quiet = quiet
        self.text = text
    }

    func report(_ event: DownloadEvent) {
        guard !quiet else { return }
        let diagnostics = text.diagnostics
        switch event {
        case .waitingForWriter(let pid, _):
            note(
                diagnostics.text("models.pull.waiting", ["pid": "\(pid)", "name": name]), event: "waiting",
                fields: [("pid", pid)])
        case .started(let resumedFrom, let expected):
            if resumedFrom > 0 {
                note(
                    diagnostics.text("models.pull.resuming", ["name": name, "done": text.bytes(resumedFrom)]),
                    event: "started",
                    fields: [("resumedFrom", resumedFrom), ("total", expected)])
            } else if json {
                Printer.json(
                    ModelsText.jsonLine([
                        ("event", "started"), ("name", name), ("resumedFrom", resumedFrom), ("total", expected),
                    ]))
            }
        case .restartedFromZero(let discarded):
            note(
                diagnostics.text("models.pull.restarted", ["name": name, "discarded": text.bytes(discarded)]),
                event: "restarted",
                fields: [("discarded", discarded)])
        case .sourceChanged(let discarded, let reason):
            let (key, code, previous): (String, String, String?) =
                switch reason {
                case .differentURL(let previous): ("models.pull.sourceChanged.url", "differentURL", previous)
                case .fileChanged: ("models.pull.sourceChanged.file", "fileChanged", nil)
                case .unverifiable: ("models.pull.sourceChanged.unverifiable", "unverifiable", nil)
                }
            var arguments = ["name": name, "discarded": text.bytes(discarded)]
            if let previous { arguments["previous"] = previous }
            note(
                diagnostics.text(key, arguments), event: "restarted",
                fields: [("discarded", discarded), ("reason", code), ("previous", previous)])
        case .oneConnection:
            note(diagnostics.text("models.pull.oneConnection", ["name": name]), event: "oneConnection", fields: [])
        case .verifying:
            if terminal && !json {
                Printer.status(diagnostics.text("models.pull.verifying", ["name": name]), control: "\u{1B}[K")
            }
        case .progress(let progress):
            let now = ContinuousClock.now
            let due = last.withLock { previous -> Bool in
                if let previous, now - previous < (json ? .seconds(1) : .milliseconds(200)) { return false }
                previous = now
                return true
            }
            guard due else { return }
            let rate = progress.bytesPerSecond.map { text.bytes(Int64(min($0, 1e15))) } ?? "?"
            if json {
                Printer.json(
                    ModelsText.jsonLine([
                        ("event", "progress"), ("name", name), ("bytes", progress.bytes),
                        ("total", progress.expectedBytes),
                        ("fraction", progress.fraction), ("bytesPerSecond", progress.bytesPerSecond),
                        ("secondsLeft", progress.secondsLeft),
                    ]))
            } else if terminal {
                let line =
                    progress.fraction.map { fraction in
                        diagnostics.text(
                            "models.pull.progress",
                            [
                                "name": name, "done": text.bytes(progress.bytes),
                                "total": text.bytes(progress.expectedBytes),
                                "percent": diagnostics.format.percent(fraction), "rate": rate,
                                "eta": progress.secondsLeft.map { diagnostics.format.duration(seconds: $0) } ?? "?",
                            ])
                    }
                    ?? diagnostics.text(
                        "models.pull.progressUnknown", ["name": name, "done": text.bytes(progress.bytes), "rate": rate])
                shown.withLock { $0 = true }
                Printer.status(line, control: "\u{1B}[K")
            }
        }
    }

    func finish() {
        if shown.withLock({ $0 }) { Printer.clearStatusLine() }
    }

    private func note(_ message: String, event: String, fields: [(String, Any?)]) {
        if json {
            Printer.json(ModelsText.jsonLine([("event", event), ("name", name), ("message", message)] + fields))
        } else {
            Printer.error(message)
        }
    }
}
