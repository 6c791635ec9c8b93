/// One problem found in a configuration file: what, where, and what to do.
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
    /// What is wrong.
    public var message: String
    /// A likely intended spelling, for unknown keys and names.
    public var suggestion: String?

    /// Creates an issue.
    public init(
        _ severity: Severity = .error, at location: SourceLocation, keyPath: String, message: String,
        suggestion: String? = nil
    ) {
        self.severity = severity
        self.location = location
        self.keyPath = keyPath
        self.message = message
        self.suggestion = suggestion
    }

    /// `file:line:column: error: key.path: message (did you mean 'x'?)`.
    public var description: String {
        var text = "\(location): \(severity.rawValue): "
        if !keyPath.isEmpty { text += "\(keyPath): " }
        text += message
        if let suggestion { text += " (did you mean '\(suggestion)'?)" }
        return text
    }
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
}
