import ArgumentParser
import Foundation
import GenUIDiagnostics
import GenUIModels
import GenUIOnDevice

/// `genui models list`: each known model with its state — installed, downloading (by which process, how far), a
/// stale partial, or missing (and the space it needs where).
struct ModelsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List known models and their state.",
        discussion: "Exit status: 0 listed, 2 the configuration is invalid.")

    @OptionGroup var options: ModelsOptions

    func run() async throws {
        let diagnostics = options.diagnostics
        let configuration = try options.configuration()
        let catalog = ModelCatalog.entries(configured: configuration.models)
        let text = ModelsText(diagnostics: diagnostics)
        for entry in catalog {
            let target: String
            do {
                target = try entry.installPath()
            } catch {
                // A catalog entry without file: whose URL's file name is refused: say so, and list the rest.
                let message = text.describe(error, name: entry.name).text
                if options.json {
                    Printer.json(
                        ModelsText.jsonLine([("name", entry.name), ("state", "refused"), ("message", message)]))
                } else {
                    Printer.error(message)
                }
                continue
            }
            let partial = DownloadRecord.partialPath(forTarget: target)
            let installed = ModelFileSize.of(target)
            let partialBytes = ModelFileSize.of(partial)
            let record = DownloadRecord.read(target: target)
            var fields: [(String, Any?)] = [("name", entry.name), ("path", target), ("total", entry.sizeBytes)]
            let message: String
            if let installed, partialBytes == nil {
                fields += [("state", "installed"), ("bytes", installed)]
                message = diagnostics.text(
                    "models.list.installed", ["name": entry.name, "path": target, "size": text.bytes(installed)])
            } else if let record, record.writerIsAlive(target: target) {
                let done = partialBytes.map { record.heldBytes(fileSize: $0) } ?? record.bytes
                fields += [
                    ("state", "downloading"), ("bytes", done), ("pid", record.pid),
                    ("bytesPerSecond", record.bytesPerSecond),
                ]
                message = diagnostics.text(
                    "models.list.downloading",
                    [
                        "name": entry.name, "done": text.bytes(done),
                        "total": text.bytes(entry.sizeBytes ?? record.expectedBytes),
                        "percent": record.progress(bytes: done).map { diagnostics.format.percent($0) } ?? "?",
                        "pid": "\(record.pid)",
                    ])
            } else if let partialBytes = partialBytes.map({ record?.heldBytes(fileSize: $0) ?? $0 }) {
                fields += [("state", "partial"), ("bytes", partialBytes)]
                message = diagnostics.text(
                    "models.list.stale",
                    [
                        "name": entry.name, "done": text.bytes(partialBytes), "total": text.bytes(entry.sizeBytes),
                    ])
            } else {
                let free = DeviceResources.current.freeSpace(target)
                fields += [("state", "missing"), ("available", free?.bytes), ("volume", free?.volume)]
                message = diagnostics.text(
                    "models.list.missing",
                    [
                        "name": entry.name, "total": text.bytes(entry.sizeBytes), "available": text.bytes(free?.bytes),
                        "volume": free?.volume ?? "?",
                    ])
            }
            if options.json {
                Printer.json(ModelsText.jsonLine(fields + [("message", message)]))
            } else {
                Printer.line(message)
            }
        }
        for (fields, message) in await OllamaModels(options: options).list(configuration) {
            if options.json {
                Printer.json(ModelsText.jsonLine(fields + [("message", message)]))
            } else {
                Printer.line(message)
            }
        }
    }
}

/// The size of a regular file, or `nil`.
enum ModelFileSize {
    static func of(_ path: String) -> Int64? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            (attributes[.type] as? FileAttributeType) == .typeRegular, let size = attributes[.size] as? NSNumber
        else { return nil }
        return size.int64Value
    }
}
