import ArgumentParser
import Foundation
import GenUIConfig
import GenUIDiagnostics
import GenUIDoctor
import GenUIModels

/// `genui models`: list, pull, remove and verify the models genui runs.
struct ModelsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "models",
        abstract: "List, download, remove and verify models.",
        subcommands: [
            ModelsPullCommand.self, ModelsListCommand.self, ModelsRemoveCommand.self, ModelsVerifyCommand.self,
        ])
}

/// Options every `genui models` subcommand shares.
struct ModelsOptions: ParsableArguments {
    @Option(
        name: .customLong("config"),
        help:
            "The providers.yml whose models: catalog and providers to use (default: GENUI_CONFIG, ./providers.yml, ~/.config/genui/providers.yml, built-in)."
    )
    var configPath: String?

    @Option(help: "The language of messages: en, de, fr, es, ja, zh-Hans (default: LC_ALL, LC_MESSAGES, LANG).")
    var locale: String?

    @Flag(help: "Print JSON.")
    var json = false

    var environment: [String: String] { ProcessInfo.processInfo.environment }
    var diagnostics: Diagnostics {
        Diagnostics(
            language: DiagnosticLanguage.resolve(explicit: locale, environment: environment), catalog: .commandLine)
    }

    /// The configuration, found the way every command finds it; its problems are printed and end the command.
    func configuration() throws -> Configuration {
        do {
            return try ConfigurationLoader(environment: environment, language: diagnostics.language).load(
                explicitPath: configPath)
        } catch {
            for issue in error.issues { Printer.error(issue.localizedDescription(diagnostics)) }
            throw ExitCode(ExitStatus.configurationError)
        }
    }

    /// The catalog: the built-in entries, with the configuration's `models:` entries over them (same name replaces).
    func catalog() throws -> [ModelCatalogEntry] {
        ModelCatalog.entries(configured: try configuration().models)
    }
}

/// Formats download facts for messages.
struct ModelsText {
    let diagnostics: Diagnostics

    func bytes(_ value: Int64?) -> String { value.map { diagnostics.format.bytes($0) } ?? "?" }

    /// The message for a failed pull or check.
    func describe(_ error: any Error, name: String) -> (text: String, status: Int32) {
        switch error {
        case let error as ModelDownloadError:
            switch error {
            case .unavailable(let reason):
                let described = diagnostics.describe(reason)
                return (
                    [described.message, described.remediation].compactMap { $0 }.joined(separator: " "),
                    ExitStatus.cannotServe
                )
            case .busy(let pid, let record):
                return (
                    diagnostics.text(
                        "models.error.busy", ["pid": "\(pid)", "name": name, "done": bytes(record?.bytes)]),
                    ExitStatus.cannotServe
                )
            case .checksumMismatch(let expected, let actual):
                return (
                    diagnostics.text("models.error.checksum", ["name": name, "expected": expected, "actual": actual]),
                    ExitStatus.cannotServe
                )
            case .sizeMismatch(let expected, let actual):
                return (
                    diagnostics.text(
                        "models.error.size", ["name": name, "expected": "\(expected)", "actual": "\(actual)"]),
                    ExitStatus.cannotServe
                )
            case .httpStatus(let status, let source):
                return (
                    diagnostics.text("models.error.http", ["source": source, "status": "\(status)"]),
                    ExitStatus.cannotServe
                )
            case .interrupted(let done, let detail):
                return (
                    diagnostics.text(
                        "models.error.interrupted", ["name": name, "done": bytes(done), "detail": detail]),
                    ExitStatus.cannotServe
                )
            case .stalled(let done, let seconds):
                return (
                    diagnostics.text("models.error.stalled", ["done": bytes(done), "seconds": "\(seconds)"]),
                    ExitStatus.cannotServe
                )
            case .badRedirect(let detail):
                return (diagnostics.text("models.error.redirect", ["detail": detail]), ExitStatus.cannotServe)
            case .badSource(let detail):
                return (diagnostics.text("models.error.source", ["detail": detail]), ExitStatus.configurationError)
            case .file(let path, let operation, let code):
                return (
                    diagnostics.text(
                        "models.error.file",
                        [
                            "path": path, "operation": operation, "detail": String(cString: strerror(code)),
                        ]), ExitStatus.cannotServe
                )
            case .unsafeFileName(let file):
                return (
                    diagnostics.text("models.error.fileName", ["name": name, "file": file.debugDescription]),
                    ExitStatus.configurationError
                )
            case .oversized(let expected, let received):
                return (
                    diagnostics.text(
                        "models.error.oversized",
                        [
                            "name": name, "expected": "\(expected)", "received": "\(received)",
                        ]), ExitStatus.cannotServe
                )
            }
        case is CancellationError:
            return (diagnostics.text("models.pull.cancelled"), ExitStatus.interrupted)
        default:
            return ("\(error)", ExitStatus.cannotServe)
        }
    }

    /// A JSON object line from string and number fields.
    static func jsonLine(_ fields: [(String, Any?)]) -> String {
        var object: [String: Any] = [:]
        for (key, value) in fields { if let value { object[key] = value } }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            return "{}"
        }
        return String(decoding: data, as: UTF8.self)
    }
}
