import ArgumentParser
import Foundation
import GenUIDoctor
import GenUIModels
import GenUIOnDevice

/// `genui models rm NAME`: removes an installed model, its partial file and its record, holding the download's lock
/// (refused while a pull holds it; `--wait` waits for the pull to end).
struct ModelsRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove a downloaded model.",
        discussion: """
            Exit status: 0 removed (or nothing to remove), 1 a pull of the model is running (without --wait) or the \
            file could not be removed, 2 the configuration is invalid, the model named is unknown, or --provider \
            names a provider that is not Ollama.
            """)

    @OptionGroup var options: ModelsOptions

    @Argument(help: "A model name from `genui models list`, or the path it installs to.")
    var model: String

    @Flag(help: "Wait for a pull of the model that is running to end, then remove the model.")
    var wait = false

    @Option(help: "Remove from an Ollama daemon instead: ollama, or the name of an Ollama provider in providers.yml.")
    var provider: String?

    func run() async throws {
        if let provider {
            try await OllamaModels(options: options).remove(model, provider: provider)
            return
        }
        let diagnostics = options.diagnostics
        let catalog = try options.catalog()
        guard let entry = ModelCatalog.entry(model, in: catalog) else {
            Printer.error(
                diagnostics.text(
                    "models.error.unknown",
                    [
                        "name": model, "names": catalog.map(\.name).joined(separator: ", "),
                    ]))
            throw ExitCode(ExitStatus.configurationError)
        }
        let text = ModelsText(diagnostics: diagnostics)
        let target: String
        do {
            target = try entry.installPath()
        } catch {
            Printer.error(text.describe(error, name: entry.name).text)
            throw ExitCode(ExitStatus.configurationError)
        }
        // The download's lock, as a pull takes it: a pull that is starting or running keeps its partial file.
        let outcome: ModelRemoval.Outcome
        do {
            outcome = try await ModelRemoval.remove(target: target, wait: wait) { pid, _ in
                Printer.error(
                    diagnostics.text("models.rm.waiting", ["name": entry.name, "pid": pid > 0 ? "\(pid)" : "?"]))
            }
        } catch ModelDownloadError.busy(let pid, let record) {
            Printer.error(
                diagnostics.text(
                    "models.rm.busy",
                    [
                        "name": entry.name, "pid": pid > 0 ? "\(pid)" : "?", "done": text.bytes(record?.bytes),
                    ]))
            throw ExitCode(ExitStatus.cannotServe)
        } catch {
            Printer.error(text.describe(error, name: entry.name).text)
            throw ExitCode(ExitStatus.cannotServe)
        }
        let key = outcome == .removed ? "models.rm.done" : "models.rm.missing"
        Printer.line(diagnostics.text(key, ["name": entry.name, "path": target]))
    }
}
