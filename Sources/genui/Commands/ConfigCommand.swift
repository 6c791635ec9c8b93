import ArgumentParser
import Foundation
import GenUIConfig
import GenUIDiagnostics
import GenUIDoctor
import GenUIMCP

/// `genui config`: work with providers.yml.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Work with providers.yml.",
        subcommands: [CheckCommand.self, InitCommand.self, TrustCommand.self])

    /// `genui config check`: validates the configuration and prints the resolved chains, secrets masked.
    struct CheckCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Validate providers.yml and print the resolved chains and providers (secrets masked).",
            discussion: "Exit status: 0 when valid, 2 when not (each error located at file:line:column).")

        @OptionGroup var options: ConfigurationOptions

        func run() async throws {
            let diagnostics = Diagnostics(language: options.language, catalog: .commandLine)
            let configuration = try options.loadOrExit(diagnostics)
            var lines: [String] = [
                diagnostics.text(
                    "config.valid", ["source": diagnostics.text(ConfigurationNaming.source(configuration.source))])
            ]
            lines += TrustNotice.lines(for: configuration.source, diagnostics: diagnostics) ?? []
            lines.append(diagnostics.text("config.defaultChain", ["chain": configuration.defaultChain]))
            for chain in configuration.chains {
                lines.append(
                    diagnostics.text(
                        "config.chain", ["chain": chain.name, "providers": chain.providers.joined(separator: " → ")]))
            }
            for provider in configuration.providers {
                lines.append(diagnostics.text("config.provider", ["provider": provider.name]))
                for (key, value) in provider.displayPairs(environment: options.environment) {
                    let shown = Self.localizedValue(
                        key, value, provider: provider, environment: options.environment, diagnostics: diagnostics)
                    lines.append("  \(key): \(shown)")
                }
            }
            for server in configuration.mcpServers {
                lines.append(
                    diagnostics.text(
                        LocalizedText(
                            "config.mcpServer",
                            [
                                "server": .verbatim(server.name), "target": .verbatim(server.displayTarget),
                            ])))
            }
            for warning in configuration.warnings { lines.append(warning.localizedDescription(diagnostics)) }
            Printer.line(lines.joined(separator: "\n"))
        }

        /// A setting's value as `config check` shows it: the words that are ours (whether a secret's variable is set,
        /// a duration's unit) in the user's language, values from the file as they are.
        static func localizedValue(
            _ key: String, _ value: String, provider: ProviderSettings, environment: [String: String],
            diagnostics: Diagnostics
        ) -> String {
            switch key {
            case "api_key_env":
                guard let variable = provider.apiKeyEnv else { return value }
                let isSet = !(environment[variable] ?? "").isEmpty
                return diagnostics.text(isSet ? "config.secretSet" : "config.secretNotSet", ["variable": variable])
            case "timeout":
                return provider.timeout.map(diagnostics.format.duration) ?? value
            case "idle_timeout":
                guard let idle = provider.options(as: LlamaCppSettings.self)?.idleTimeout else { return value }
                return diagnostics.format.duration(idle)
            default:
                return value
            }
        }
    }

    /// `genui config init`: writes a starter providers.yml, atomically.
    struct InitCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Write a starter providers.yml (on-device, Ollama, the cloud providers disabled, scripted).",
            discussion: """
                The file is written to a temporary file beside the destination and renamed over it, so an \
                interrupted or failed write (a full disk, a killed process) leaves any existing file as it was. \
                Without --force nothing at the destination is ever replaced, not even by a concurrent init, and \
                a symbolic link there counts as an existing file.

                Exit status: 0 written, 1 the file exists (without --force), 3 it could not be written.
                """)

        @Option(help: "Where to write (default: ~/.config/genui/providers.yml).")
        var out: String?

        @Flag(help: "Replace an existing file.")
        var force = false

        @Option(help: "The language of messages: en, de, fr, es, ja, zh-Hans (default: LC_ALL, LC_MESSAGES, LANG).")
        var locale: String?

        func run() async throws {
            let environment = ProcessInfo.processInfo.environment
            let diagnostics = Diagnostics(
                language: DiagnosticLanguage.resolve(explicit: locale, environment: environment), catalog: .commandLine)
            let path = out ?? Self.userConfigurationPath(environment: environment)
            do {
                // Without --force, "does it exist?" is decided by the step that puts the file in place (a hard link
                // that fails if the name is taken), so two inits never clobber each other or a file made meanwhile.
                try AtomicFile.write(
                    BuiltInConfiguration.starterText, to: path, createDirectories: true, replacing: force)
            } catch  where error.step == .exists {
                printError(diagnostics.text("config.init.exists", ["path": path]))
                throw ExitCode(ExitStatus.cannotServe)
            } catch {
                printError(
                    diagnostics.text(
                        "file.writeFailed", ["path": error.path, "reason": error.localizedReason(diagnostics)]))
                throw ExitCode(ExitStatus.fileError)
            }
            Printer.line(diagnostics.text("config.init.written", ["path": path]))
        }

        /// `~/.config/genui/providers.yml`, the user's file in the lookup order.
        static func userConfigurationPath(environment: [String: String]) -> String {
            let home =
                environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
                ?? FileManager.default.homeDirectoryForCurrentUser.path
            return home + "/.config/genui/providers.yml"
        }
    }
}
