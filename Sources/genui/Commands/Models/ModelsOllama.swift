import ArgumentParser
import Foundation
import GenUI
import GenUIConfig
import GenUIDiagnostics
import GenUIDoctor
import GenUIModels
import GenUIOllama
import GenUIOnDevice

/// `genui models pull|rm|list` for Ollama models: which daemon `--provider` names, and what it does there.
struct OllamaModels {
    let options: ModelsOptions

    /// The daemon of `--provider NAME`: an Ollama provider of the configuration by that name; for `ollama` when no
    /// provider has that name, the configuration's first Ollama provider, else `OLLAMA_HOST` or 127.0.0.1:11434.
    /// Any other name stops the command.
    func daemon(_ provider: String, model: String, configuration: Configuration) throws -> OllamaConfiguration {
        if let settings = configuration.provider(named: provider) {
            guard let ollama = settings.options(as: OllamaSettings.self) else { throw notOllama(provider) }
            return OllamaConfiguration(name: settings.name, host: ollama.host, model: model)
        }
        guard provider == "ollama" else { throw notOllama(provider) }
        for settings in configuration.providers {
            if let ollama = settings.options(as: OllamaSettings.self) {
                return OllamaConfiguration(name: settings.name, host: ollama.host, model: model)
            }
        }
        return OllamaConfiguration(name: "ollama", model: model)
    }

    private func notOllama(_ provider: String) -> any Error {
        Printer.error(options.diagnostics.text("models.error.notOllama", ["provider": provider]))
        return ExitCode(ExitStatus.configurationError)
    }

    /// The daemon's address as messages show it.
    static func host(_ configuration: OllamaConfiguration) -> String {
        let url = configuration.baseURL
        return "\(url.scheme ?? "http")://\(url.host ?? "?"):\(url.port ?? 0)"
    }

    /// What a failure of the daemon says, in the user's language.
    func describe(_ error: any Error, name: String) -> (text: String, status: Int32) {
        let diagnostics = options.diagnostics
        if case .serverError(nil, let context)? = error as? GenUIError {
            // An `{"error": …}` line of the pull: the daemon's own words (made terminal-safe by the catalog).
            let prefix = "ollama pull \(name) failed: "
            let said =
                context.debugDescription.hasPrefix(prefix)
                ? String(context.debugDescription.dropFirst(prefix.count)) : context.debugDescription
            return (diagnostics.text("models.error.ollama", ["name": name, "detail": said]), ExitStatus.cannotServe)
        }
        if let error = error as? GenUIError {
            let described = diagnostics.describe(error)
            let detail = [described.message, described.remediation].compactMap { $0 }.joined(separator: " ")
            return (diagnostics.text("models.error.ollama", ["name": name, "detail": detail]), ExitStatus.cannotServe)
        }
        return ModelsText(diagnostics: diagnostics).describe(error, name: name)
    }

    /// `genui models pull --provider P NAME`.
    func pull(_ model: String, provider: String, quiet: Bool, wait: Bool) async throws {
        let diagnostics = options.diagnostics
        let daemon = try daemon(provider, model: model, configuration: options.configuration())
        let reporter = PullReporter(
            name: model, json: options.json, quiet: quiet, text: ModelsText(diagnostics: diagnostics))
        let puller = OllamaPuller(configuration: daemon, options: DownloadOptions(waitForOtherWriter: wait))
        let pull = Task { try await puller.pull { reporter.report($0) } }
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { pull.cancel() }
        interrupt.resume()
        defer { interrupt.cancel() }
        do {
            try await pull.value
            reporter.finish()
            let message = diagnostics.text("models.pull.ollamaInstalled", ["name": model, "host": Self.host(daemon)])
            if options.json {
                Printer.json(
                    ModelsText.jsonLine([
                        ("event", "installed"), ("name", model), ("provider", daemon.name), ("host", Self.host(daemon)),
                        ("message", message),
                    ]))
            } else {
                Printer.line(message)
            }
        } catch {
            reporter.finish()
            let (message, status) = describe(error, name: model)
            if options.json {
                Printer.json(ModelsText.jsonLine([("event", "failed"), ("name", model), ("message", message)]))
            }
            Printer.error(message)
            throw ExitCode(status)
        }
    }

    /// `genui models rm --provider P NAME`: `DELETE /api/delete`.
    func remove(_ model: String, provider: String) async throws {
        let diagnostics = options.diagnostics
        let daemon = try daemon(provider, model: model, configuration: options.configuration())
        do {
            let result = try await OllamaModelManager(configuration: daemon).delete(model)
            let key = result == .deleted ? "models.rm.ollamaDone" : "models.rm.ollamaMissing"
            Printer.line(diagnostics.text(key, ["name": model, "host": Self.host(daemon)]))
        } catch {
            let (message, status) = describe(error, name: model)
            Printer.error(message)
            throw ExitCode(status)
        }
    }

    /// `genui models list` for each Ollama provider of the configuration: its model installed in the daemon (with its
    /// size), being pulled by a genui process (how far, by which pid), missing, or the daemon not answering.
    func list(_ configuration: Configuration) async -> [(fields: [(String, Any?)], message: String)] {
        let diagnostics = options.diagnostics
        let text = ModelsText(diagnostics: diagnostics)
        var rows: [(fields: [(String, Any?)], message: String)] = []
        var listings: [URL: [OllamaInstalledModel]?] = [:]
        for settings in configuration.providers {
            guard let ollama = settings.options(as: OllamaSettings.self) else { continue }
            let daemon = OllamaConfiguration(
                name: settings.name, host: ollama.host, model: ollama.model, requestTimeout: .seconds(5))
            let host = Self.host(daemon)
            var fields: [(String, Any?)] = [("name", ollama.model), ("provider", settings.name), ("host", host)]
            let target = OllamaPullRecord.target(baseURL: daemon.baseURL, model: ollama.model)
            if let record = DownloadRecord.read(target: target), record.writerIsAlive(target: target) {
                fields += [
                    ("state", "downloading"), ("bytes", record.bytes), ("total", record.expectedBytes),
                    ("pid", record.pid),
                ]
                rows.append(
                    (
                        fields,
                        diagnostics.text(
                            "models.list.downloading",
                            [
                                "name": ollama.model, "done": text.bytes(record.bytes),
                                "total": text.bytes(record.expectedBytes),
                                "percent": record.progress().map { diagnostics.format.percent($0) } ?? "?",
                                "pid": "\(record.pid)",
                            ])
                    ))
                continue
            }
            if listings[daemon.baseURL] == nil {
                listings[daemon.baseURL] = .some(try? await OllamaModelManager(configuration: daemon).installed())
            }
            guard let models = listings[daemon.baseURL] ?? nil else {
                rows.append(
                    (
                        fields + [("state", "unreachable")],
                        diagnostics.text("models.list.ollamaUnreachable", ["name": ollama.model, "host": host])
                    ))
                continue
            }
            let wanted = ollama.model.contains(":") ? ollama.model : ollama.model + ":latest"
            if let found = models.first(where: { $0.name == ollama.model || $0.name == wanted }) {
                rows.append(
                    (
                        fields + [("state", "installed"), ("bytes", found.bytes)],
                        diagnostics.text(
                            "models.list.ollamaInstalled",
                            [
                                "name": ollama.model, "host": host, "size": text.bytes(found.bytes),
                            ])
                    ))
            } else {
                rows.append(
                    (
                        fields + [("state", "missing")],
                        diagnostics.text(
                            "models.list.ollamaMissing",
                            [
                                "name": ollama.model, "host": host, "provider": settings.name,
                            ])
                    ))
            }
        }
        return rows
    }
}
