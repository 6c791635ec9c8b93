/// Where a value on a composed screen comes from.
public enum ValueSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// The intent's own words ("Lisbon" in "A weather summary for Lisbon").
    case intent
    /// A record of the data the screen was composed with (`genui generate --data`).
    case data
    /// A tool's answer.
    case tool
    /// The model, with nothing to back it: sample content, kept only when the model may invent it
    /// (``ScreenComposer/mayInventValues``).
    case model
    /// A marked placeholder ("—", or a format hint such as "HH:MM") for an app to fill in.
    case placeholder
}

/// One value on a composed screen and where it comes from: a key-value's value, a list item or a standings row.
public struct ScreenValue: Sendable, Hashable, Codable {
    /// Its property path (`sections[0].components[1].value`, `sections[1].components[0].rows[2]`).
    public var path: String
    /// Where it comes from.
    public var source: ValueSource

    /// Creates a record.
    public init(path: String, source: ValueSource) {
        self.path = path
        self.source = source
    }

    /// Its JSON pointer in the screen's JSON (`/sections/0/components/1/value`).
    public var pointer: String { ScreenPointer.pointer(from: path) }
}
