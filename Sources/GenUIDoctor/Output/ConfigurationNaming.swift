import GenUIConfig
import GenUIDiagnostics

/// How the CLI names where its configuration came from, in the user's language.
package enum ConfigurationNaming {
    /// The file's path as it is, or "<built-in default>" in the user's language.
    package static func source(_ source: ConfigurationSource) -> LocalizedText {
        source.path.map(LocalizedText.verbatim) ?? LocalizedText("cli.source.builtIn")
    }

    /// The same for a report that kept the source as text and its origin (`built-in`, …).
    package static func source(_ description: String, origin: String) -> LocalizedText {
        origin == ConfigurationSource.Origin.builtIn.rawValue
            ? LocalizedText("cli.source.builtIn") : .verbatim(description)
    }
}
