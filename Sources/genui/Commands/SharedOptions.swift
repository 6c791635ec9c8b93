import ArgumentParser
import Foundation
import GenUIConfig
import GenUIDiagnostics

/// Options every subcommand that reads `providers.yml` shares.
struct ConfigurationOptions: ParsableArguments {
    @Option(name: .customLong("config"), help: "The providers.yml to use (default: GENUI_CONFIG, ./providers.yml, ~/.config/genui/providers.yml, built-in).")
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
}


/// Writes to standard error.
func printError(_ text: String) {
    Printer.error(text)
}
