import ArgumentParser
import Foundation
import GenUIDoctor
import GenUIModels

/// `genui models verify [NAME]`: hashes installed models again and compares with the catalog's SHA-256.
struct ModelsVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify", abstract: "Check installed models' SHA-256.",
        discussion: """
            Exit status: 0 every model checked matches, 1 one does not (or could not be read), 2 the configuration \
            is invalid or the model named is unknown.
            """)

    @OptionGroup var options: ModelsOptions

    @Argument(help: "A model name (default: every installed model).")
    var model: String?

    func run() async throws {
        let diagnostics = options.diagnostics
        let catalog = try options.catalog()
        let entries: [ModelCatalogEntry]
        if let model {
            guard let entry = ModelCatalog.entry(model, in: catalog) else {
                Printer.error(
                    diagnostics.text(
                        "models.error.unknown",
                        [
                            "name": model, "names": catalog.map(\.name).joined(separator: ", "),
                        ]))
                throw ExitCode(ExitStatus.configurationError)
            }
            entries = [entry]
        } else {
            entries = catalog.filter { $0.resolvedFile.map { FileManager.default.fileExists(atPath: $0) } ?? false }
        }
        var failed = false
        for entry in entries {
            let path: String
            do {
                path = try entry.installPath()
            } catch {
                Printer.error(ModelsText(diagnostics: diagnostics).describe(error, name: entry.name).text)
                failed = true
                continue
            }
            let key: String
            var arguments = ["name": entry.name, "path": path]
            if let (digest, _) = try? FileDigest.sha256(path: path) {
                arguments["sha256"] = digest
                arguments["actual"] = digest
                if let expected = entry.sha256 {
                    arguments["expected"] = expected
                    key = expected == digest ? "models.verify.ok" : "models.verify.mismatch"
                    failed = failed || expected != digest
                } else {
                    key = "models.verify.unchecked"
                }
            } else {
                key = "models.verify.missing"
                failed = true
            }
            let message = diagnostics.text(key, arguments)
            if options.json {
                Printer.json(
                    ModelsText.jsonLine([("name", entry.name), ("path", path), ("result", key), ("message", message)]))
            } else {
                Printer.line(message)
            }
        }
        if failed { throw ExitCode(ExitStatus.cannotServe) }
    }
}
