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

/// The exit statuses of every subcommand: one meaning per code, the same in every command (docs/exit-status.md).
enum ExitStatus {
    /// The command did what it was asked; the chain can serve; the configuration is valid.
    static let ok: Int32 = 0
    /// The work failed: the chain cannot serve (or, with --strict, there are warnings), no model could compose the
    /// screen, a download or a check failed.
    static let cannotServe: Int32 = 1
    /// The configuration is invalid, or the command line names something it does not define (a chain, a model).
    static let configurationError: Int32 = 2
    /// A file could not be read or written.
    static let fileError: Int32 = 3
    /// A screen (generated or read) or an A2UI stream is invalid and could not be repaired.
    static let invalidScreen: Int32 = 4
    /// An argument cannot be used (a number out of range, an empty intent): the command did nothing.
    static let usage: Int32 = 64
    /// The user interrupted the command (Ctrl-C); what it wrote so far is kept.
    static let interrupted: Int32 = 130
}

/// Writes to standard error.
func printError(_ text: String) {
    Printer.error(text)
}
