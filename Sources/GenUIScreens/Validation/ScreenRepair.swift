/// One change the repairer made: where, and what it did.
public struct ScreenRepair: Sendable, Hashable, CustomStringConvertible {
    /// Where, as a property path (`sections[0].components[2]`).
    public var path: String
    /// What was done ("truncated to 40 characters", "dropped an unknown component 'chart'").
    public var action: String

    /// Creates a record.
    public init(path: String, action: String) {
        self.path = path
        self.action = action
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
