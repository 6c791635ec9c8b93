import ArgumentParser
import Foundation
import GenUIConfig
import GenUIDiagnostics
import GenUIDoctor

extension ConfigCommand {
    /// `genui config trust [FILE]`: lets genui use a `providers.yml` found in the current directory.
    struct TrustCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "trust",
            abstract: "Trust a providers.yml in the current directory, so that genui uses it.",
            discussion: """
                A providers.yml in the current directory (a cloned repository, a downloaded project) can name any \
                server and any environment variable, so genui ignores it until you trust it. Read it first: trusting \
                records the file's absolute path and the SHA-256 of its content in ~/.config/genui/trusted.sha256. \
                When the file changes it is ignored again until you trust the new content. --config FILE, \
                GENUI_CONFIG and ~/.config/genui/providers.yml are always trusted.

                Exit status: 0 done, 1 with --revoke when the file was not trusted, 3 the file could not be read or \
                the list could not be written.
                """)

        @Argument(help: "The file to trust (default: ./providers.yml).")
        var file: String = "providers.yml"

        @Flag(help: "Stop trusting the file instead.")
        var revoke = false

        @Option(help: "The language of messages: en, de, fr, es, ja, zh-Hans (default: LC_ALL, LC_MESSAGES, LANG).")
        var locale: String?

        func run() async throws {
            let environment = ProcessInfo.processInfo.environment
            let diagnostics = Diagnostics(
                language: DiagnosticLanguage.resolve(explicit: locale, environment: environment), catalog: .commandLine)
            let loader = ConfigurationLoader(environment: environment)
            let path =
                file.hasPrefix("/")
                ? file : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(file)
            let store = loader.trustStore
            if revoke {
                let removed: Bool
                do {
                    removed = try store.revoke(path: path)
                } catch {
                    printError(
                        diagnostics.text(
                            "file.writeFailed", ["path": error.path, "reason": error.localizedReason(diagnostics)]))
                    throw ExitCode(ExitStatus.fileError)
                }
                guard removed else {
                    printError(diagnostics.text("trust.notTrusted", ["path": TrustStore.canonicalPath(path)]))
                    throw ExitCode(ExitStatus.cannotServe)
                }
                Printer.line(diagnostics.text("trust.revoked", ["path": TrustStore.canonicalPath(path)]))
                return
            }
            // The hash recorded is of the bytes read, under the path they were read at: one read, one path.
            let read: CanonicalFile
            do {
                read = try CanonicalFile.read(path, limit: BoundedFileReader.configurationLimit)
            } catch {
                printError(
                    diagnostics.text("file.readFailed", ["path": path, "reason": error.localizedReason(diagnostics)]))
                throw ExitCode(ExitStatus.fileError)
            }
            do {
                try store.trust(read)
            } catch {
                printError(
                    diagnostics.text(
                        "file.writeFailed", ["path": error.path, "reason": error.localizedReason(diagnostics)]))
                throw ExitCode(ExitStatus.fileError)
            }
            Printer.line(diagnostics.text("trust.trusted", ["path": read.canonicalPath, "hash": read.sha256]))
        }
    }
}
