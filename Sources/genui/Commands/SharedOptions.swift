import ArgumentParser
import Foundation
import GenUIConfig
import GenUIDiagnostics
import GenUIDoctor

/// Options every subcommand that reads `providers.yml` shares.
struct ConfigurationOptions: ParsableArguments {
    @Option(
        name: .customLong("config"),
        help:
            "The providers.yml to use (default: GENUI_CONFIG, ./providers.yml, ~/.config/genui/providers.yml, built-in)."
    )
    var path: String?

    @Option(help: "The language of messages: en, de, fr, es, ja, zh-Hans (default: LC_ALL, LC_MESSAGES, LANG).")
    var locale: String?

    /// The process environment.
    var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The language to print in.
    var language: DiagnosticLanguage { DiagnosticLanguage.resolve(explicit: locale, environment: environment) }

    /// Loads the configuration following the lookup order.
    func load() throws(ConfigurationError) -> Configuration {
        try ConfigurationLoader(environment: environment, language: language).load(explicitPath: path)
    }

    /// Loads the configuration, or prints every located problem of it and ends the command with exit status 2.
    func loadOrExit(_ diagnostics: Diagnostics) throws -> Configuration {
        do {
            return try load()
        } catch {
            let source = error.first?.location.file ?? "providers.yml"
            printError(diagnostics.text("config.invalid", ["source": source, "count": "\(error.issues.count)"]))
            for issue in error.issues { printError(issue.localizedDescription(diagnostics)) }
            throw ExitCode(ExitStatus.configurationError)
        }
    }
}

/// Writes to standard error.
func printError(_ text: String) {
    Printer.error(text)
}
