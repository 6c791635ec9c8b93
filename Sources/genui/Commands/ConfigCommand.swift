import ArgumentParser
import Foundation
import GenUIConfig
import GenUIDiagnostics

/// `genui config`: work with providers.yml.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Work with providers.yml.", subcommands: [CheckCommand.self])

    /// `genui config check`: validates the configuration and prints the resolved chains, secrets masked.
    struct CheckCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Validate providers.yml and print the resolved chains and providers (secrets masked).",
            discussion: "Exit status: 0 when valid, 2 when not.")

        @OptionGroup var options: ConfigurationOptions

        func run() async throws {
            let diagnostics = Diagnostics(language: options.language)
            let configuration: Configuration
            do {
                configuration = try options.load()
            } catch {
                let source = error.first?.location.file ?? "providers.yml"
                printError(diagnostics.text("config.invalid", ["source": source, "count": "\(error.issues.count)"]))
                for issue in error.issues { printError(issue.description) }
                throw ExitCode(ExitStatus.configurationError)
            }
            var lines: [String] = [diagnostics.text("config.valid", ["source": configuration.source.description])]
            lines.append(diagnostics.text("config.defaultChain", ["chain": configuration.defaultChain]))
            for chain in configuration.chains {
                lines.append(diagnostics.text("config.chain", ["chain": chain.name, "providers": chain.providers.joined(separator: " → ")]))
            }
            for provider in configuration.providers {
                lines.append(diagnostics.text("config.provider", ["provider": provider.name]))
                for (key, value) in provider.displayPairs(environment: options.environment) {
                    lines.append("  \(key): \(value)")
                }
            }
            for warning in configuration.warnings { lines.append(warning.description) }
            print(lines.joined(separator: "\n"))
        }
    }
}
