import GenUI

// The component vocabulary of a generated screen. A screen holds sections, a section holds components: two levels,
// no recursion. Every string has a maximum length and every array a count range, so guided generation stays bounded.
// Enum payloads use ShortText, BodyText, ListItems and StandingRows, which carry those bounds in their schemas.

/// How a badge is coloured.
@Generable(description: "Colour of a badge: neutral, info, positive, warning or critical")
public enum Tone: Sendable, Hashable, CaseIterable {
    case neutral
    case info
    case positive
    case warning
    case critical
}

/// How prominent a button is.
@Generable(description: "Button prominence: primary (the main action), secondary, or destructive (deletes or cancels)")
public enum ActionStyle: Sendable, Hashable, CaseIterable {
    case primary
    case secondary
    case destructive
}

/// What a text field accepts.
@Generable(description: "Input kind: text, secure (passwords), email or number")
public enum FieldKind: Sendable, Hashable, CaseIterable {
    case text
    case secure
    case email
    case number
}

/// One row of a standings table: a name and its value.
@Generable(description: "One row of a ranked table")
public struct StandingRow: Sendable, Hashable {
    /// What is ranked (a team, a city, a product).
    @Guide(description: "Name of the ranked entry", .length(1...40))
    public var name: String

    /// Its score, shown as written ("42", "3.1 km", "$12k").
    @Guide(description: "Its score or value, short", .length(1...16))
    public var value: String

    /// Creates a row.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// One element of a section: something the renderers know how to draw.
@Generable(description: "One element of a section")
public enum UIComponent: Sendable, Hashable {
    /// A prominent line of text.
    case heading(text: ShortText)
    /// Body text.
    case paragraph(text: BodyText)
    /// A labelled value ("Plan: Pro").
    case keyValue(key: ShortText, value: ShortText)
    /// A small coloured status label.
    case badge(label: ShortText, tone: Tone)
    /// A text input.
    case field(label: ShortText, placeholder: ShortText, kind: FieldKind)
    /// An action.
    case button(label: ShortText, style: ActionStyle)
    /// An on/off switch.
    case toggle(label: ShortText, isOn: Bool)
    /// A bulleted list.
    case list(items: ListItems)
    /// A ranked table of names and values.
    case standings(title: ShortText, rows: StandingRows)
    /// A horizontal rule.
    case divider
}

/// A titled group of related components.
@Generable(description: "A titled group of related components")
public struct UISection: Sendable, Hashable {
    /// A short title, unique on the screen.
    @Guide(description: "Short section title, 1-3 words", .length(1...30))
    public var title: String

    /// The components, in display order.
    @Guide(description: "1 to 6 components, in display order", .count(1...6))
    public var components: [UIComponent]

    /// Creates a section.
    public init(title: String, components: [UIComponent]) {
        self.title = title
        self.components = components
    }
}

/// A screen composed from the component vocabulary.
@Generable(description: "An app screen composed from the component vocabulary")
public struct UIScreen: Sendable, Hashable {
    /// The title shown at the top.
    @Guide(description: "Screen title, shown at the top", .length(1...40))
    public var title: String

    /// The sections, top to bottom.
    @Guide(description: "1 to 4 sections grouping related components", .count(1...4))
    public var sections: [UISection]

    /// Creates a screen.
    public init(title: String, sections: [UISection]) {
        self.title = title
        self.sections = sections
    }
}
