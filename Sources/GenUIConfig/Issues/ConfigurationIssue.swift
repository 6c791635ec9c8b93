import GenUIDiagnostics

/// One problem found in a configuration file: what, where, and what to do.
///
/// The problem is kept as a catalog message (``text``) and printed in the user's language
/// (``localizedDescription(_:)``); ``message`` and ``description`` are its English wording, for logs.
public struct ConfigurationIssue: Sendable, Hashable, CustomStringConvertible {
    /// Whether the problem stops the configuration from loading.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// The configuration cannot be used.
        case error
        /// The configuration loads, but something is probably not what was meant.
        case warning
    }

    /// Error or warning.
    public var severity: Severity
    /// Where the problem is.
    public var location: SourceLocation
    /// The dotted key path of the value (`providers.openai.base_url`); empty for the document itself.
    public var keyPath: String
    /// What is wrong, in English.
    public var message: String
    /// What is wrong, as a catalog message for any language.
    public var text: LocalizedText
    /// A likely intended spelling, for unknown keys and names.
    public var suggestion: String?

    /// Creates an issue from a catalog message.
    public init(
        _ severity: Severity = .error, at location: SourceLocation, keyPath: String, text: LocalizedText,
        suggestion: String? = nil
    ) {
        self.severity = severity
        self.location = location
        self.keyPath = keyPath
        self.text = text
        self.message = text.english
        self.suggestion = suggestion
    }

    /// Creates an issue from a message that is already written out (text that is not ours, such as a YAML
    /// library's); it reads the same in every language.
    public init(
        _ severity: Severity = .error, at location: SourceLocation, keyPath: String, message: String,
        suggestion: String? = nil
    ) {
        self.init(
            severity, at: location, keyPath: keyPath, text: LocalizedText.verbatim(message),
            suggestion: suggestion)
    }

    /// `file:line:column: error: key.path: message (did you mean 'x'?)` in the language of `diagnostics`.
    public func localizedDescription(_ diagnostics: Diagnostics) -> String {
        var text = "\(location): \(diagnostics.text("config.severity.\(severity.rawValue)")): "
        if !keyPath.isEmpty { text += "\(keyPath): " }
        text += localizedMessage(diagnostics)
        return text
    }

    /// The message and the suggestion, in the language of `diagnostics`: `message (did you mean 'x'?)`.
    public func localizedMessage(_ diagnostics: Diagnostics) -> String {
        var text = diagnostics.text(self.text)
        if let suggestion { text += " (" + diagnostics.text("config.didYouMean", ["suggestion": suggestion]) + ")" }
        return text
    }

    /// `file:line:column: error: key.path: message (did you mean 'x'?)`.
    public var description: String { localizedDescription(Diagnostics(language: .english)) }
}

/// A configuration that could not be loaded, with every problem found.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    /// The problems, errors first, each in file order.
    public var issues: [ConfigurationIssue]

    /// Creates an error from issues.
    public init(issues: [ConfigurationIssue]) {
        self.issues = issues
    }

    /// The first error.
    public var first: ConfigurationIssue? { issues.first(where: { $0.severity == .error }) ?? issues.first }

    public var description: String { issues.map(\.description).joined(separator: "\n") }

    /// Every issue, one line each, in the language of `diagnostics`.
    public func localizedDescription(_ diagnostics: Diagnostics) -> String {
        issues.map { $0.localizedDescription(diagnostics) }.joined(separator: "\n")
    }
}
