import GenUI

/// The things an intent names, in the order it names them: "username and password fields", "a Pay button", "the
/// humidity". An outlined composition shows each of them exactly once; the model writes everything around them (the
/// screen's title, the section titles, placeholders, values, toggle states, which kind of input a field is).
///
/// ``read(from:infersKinds:)`` finds them in an English intent's phrasing. An app that knows what a screen must hold
/// can also build an outline itself.
public struct ScreenOutline: Sendable, Hashable, Codable {
    /// The named things, in the intent's order.
    public var elements: [OutlinedElement]

    /// Records the screen shows as they are, in a section of their own before the others (`genui generate --data`):
    /// the model writes only that section's title.
    public var records: OutlinedRecords?

    /// Whether the model writes each fact's value. When `false` (a model that may not invent content,
    /// ``ScreenComposer/mayInventValues``), the fill-in schema leaves the values out and each fact shows a marked
    /// placeholder (``PlaceholderText/forLabel(_:)``).
    public var modelWritesFactValues: Bool

    /// Creates an outline.
    public init(elements: [OutlinedElement], records: OutlinedRecords? = nil, modelWritesFactValues: Bool = true) {
        self.elements = elements
        self.records = records
        self.modelWritesFactValues = modelWritesFactValues
    }

    /// Whether nothing is named and no records are shown: such an intent is composed freely.
    public var isEmpty: Bool { elements.isEmpty && records == nil }
}

/// Records an outlined screen shows as a data file holds them: already selected and ordered
/// (``RecordSelection``), never retyped by the model.
public struct OutlinedRecords: Sendable, Hashable, Codable {
    /// What the records are ("Standings"): the standings table's title.
    public var title: String
    /// Each record's name, in the order shown.
    public var names: [String]
    /// Each record's value beside its name.
    public var values: [String]

    /// Creates the records from rows.
    public init(title: String, rows: [StandingRow]) {
        self.title = title
        names = rows.map(\.name)
        values = rows.map(\.value)
    }

    /// The rows, in the order shown.
    public var rows: [StandingRow] { zip(names, values).map { StandingRow(name: $0, value: $1) } }
}

/// One thing an intent names, with the component that shows it.
public struct OutlinedElement: Sendable, Hashable, Codable {
    /// Which component shows an outlined element.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// An input the user types into: a `field`, its placeholder and input kind written by the model.
        case field
        /// An action: a `button`, its style written by the model (the first button is the primary one).
        case button
        /// An on/off setting: a `toggle`, its state written by the model.
        case toggle
        /// A figure or fact: a `keyValue` whose key is the label and whose value the model writes.
        case fact
        /// A statement the screen makes ("the server is unreachable"): a `paragraph`, shown as named.
        case message
    }

    /// The component that shows it.
    public var kind: Kind
    /// Its words: a field's or button's label, a fact's key, a message's text.
    public var label: String
    /// For a field, the input kinds it may be: `[.secure]` for a password, `[.email]` for an e-mail address, every
    /// kind (the model's choice) otherwise.
    public var fieldKinds: [FieldKind]

    /// Creates an element; a field with no `fieldKinds` may be any kind.
    public init(_ kind: Kind, _ label: String, fieldKinds: [FieldKind] = FieldKind.allCases) {
        self.kind = kind
        self.label = label
        self.fieldKinds = fieldKinds.isEmpty ? FieldKind.allCases : fieldKinds
    }
}

extension FieldKind: Codable {
    /// Decodes a kind from its name in the screen's JSON (`text`, `secure`, `email`, `number`).
    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        do {
            self = try FieldKind(GeneratedContent(kind: .string(name)))
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "unknown field kind \"\(name)\""))
        }
    }

    /// Encodes the kind's name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(ScreenOutline.caseName(self))
    }
}
