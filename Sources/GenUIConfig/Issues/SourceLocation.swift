/// A place in a configuration file: 1-based line and column, and the key path leading there.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file, or a description such as `<built-in default>`.
    public var file: String
    /// The line, starting at 1.
    public var line: Int
    /// The column, starting at 1 (counted in Unicode scalars).
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}
