import ArgumentParser
import Foundation
import GenUIModels
import GenUIOnDevice

/// `genui models rm NAME`: removes an installed model, its partial file and its record (refused while a pull runs).
struct ModelsRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove a downloaded model.")

    @OptionGroup var options: ModelsOptions

    @Argument(help: "A model name from `genui models list`, or the path it installs to.")
    var model: String

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
            Printer.error(diagnostics.text("models.error.unknown", [
                "name": model, "names": catalog.map(\.name).joined(separator: ", "),
            ]))
            throw ExitCode(ExitStatus.configurationError)
        }
        let target = entry.resolvedFile
        if let record = DownloadRecord.read(target: target), record.writerIsAlive(target: target) {
            Printer.error(diagnostics.text("models.error.busy", [
                "pid": "\(record.pid)", "name": entry.name, "done": ModelsText(diagnostics: diagnostics).bytes(record.bytes),
            ]))
            throw ExitCode(ExitStatus.cannotServe)
        }
        let paths = [target, DownloadRecord.partialPath(forTarget: target), DownloadRecord.recordPath(forTarget: target)]
        let removed = paths.filter { unlink($0) == 0 }
        let key = removed.isEmpty ? "models.rm.missing" : "models.rm.done"
        Printer.line(diagnostics.text(key, ["name": entry.name, "path": target]))
    }
}
