/// One change the repairer made: where, and what it did.
public struct ScreenRepair: Sendable, Hashable, CustomStringConvertible {
    /// Where, as a property path (`sections[0].components[2]`).
    public var path: String
    /// What was done, in English ("truncated to 40 characters", "dropped an unknown component 'chart'").
    public var action: String
    /// What was done as a message of the diagnostics catalog (`screen.repair.*`), for the user's language.
    public var key: String
    /// The values of the message's placeholders.
    public var arguments: [String: ScreenIssue.Argument]

    /// Creates a record whose action is not from the catalog (shown as it is in every language).
    public init(path: String, action: String) {
        self.init(path: path, action: action, key: "text.verbatim", arguments: ["text": .text(action)])
    }

    /// Creates a record with its English action and its catalog key and arguments.
    public init(path: String, action: String, key: String, arguments: [String: ScreenIssue.Argument]) {
        self.path = path
        self.action = action
        self.key = key
        self.arguments = arguments
    }

    public var description: String { "\(path.isEmpty ? "screen" : path): \(action)" }
}

/// A screen after repair, with the list of what was changed (empty when nothing needed changing).
public struct RepairedScreen: Sendable, Hashable {
    /// The repaired screen.
    public var screen: UIScreen
    /// What was changed, in document order.
    public var repairs: [ScreenRepair]

    /// Creates a result.
    public init(screen: UIScreen, repairs: [ScreenRepair]) {
        self.screen = screen
        self.repairs = repairs
    }
}
