import GenUI

// The component vocabulary of a generated screen: screens hold sections, sections hold components.

@Generable(description: "How a badge is coloured")
enum Tone: Equatable {
    case neutral
    case positive
    case warning
    case critical
}

@Generable
enum ActionStyle: Equatable {
    case primary
    case secondary
    case destructive
}

@Generable
struct StandingRow: Equatable {
    @Guide(description: "Team name")
    var team: String
    @Guide(description: "Points in the table", .minimum(0))
    var points: Int
}

@Generable(description: "One element of a screen")
enum UIComponent: Equatable {
    case heading(text: String)
    case paragraph(text: String)
    case keyValue(key: String, value: String)
    case badge(label: String, tone: Tone)
    case field(label: String, placeholder: String)
    case button(label: String, style: ActionStyle)
    case standings(title: String, rows: [StandingRow])
    case divider
}

@Generable
struct UISection: Equatable {
    @Guide(description: "Short section title, 1-3 words")
    var title: String

    @Guide(description: "1 to 6 components, in display order", .count(1...6))
    var components: [UIComponent]
}

@Generable(description: "A screen composed from the component vocabulary")
struct UIScreen: Equatable {
    @Guide(description: "Screen title, shown at the top")
    var title: String

    @Guide(description: "1 to 4 sections grouping related components", .count(1...4))
    var sections: [UISection]
}
