import FoundationModels  // on Linux, genui's FoundationModels product; on Apple platforms, Apple's framework

// The grammar of the generative-UI article: the only components the model may use.

@Generable
enum Tone: Equatable {
    case neutral
    case positive
    case warning
}

@Generable
enum ActionStyle: Equatable {
    case primary
    case secondary
}

@Generable
struct StandingRow: Equatable {
    @Guide(description: "Team name")
    var team: String
    @Guide(description: "Points in the table")
    var points: Int
}

@Generable
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

    @Guide(description: "1 to 6 components, in display order")
    var components: [UIComponent]
}

@Generable
struct UIScreen: Equatable {
    @Guide(description: "Screen title, shown at the top")
    var title: String

    @Guide(description: "1 to 4 sections grouping related components")
    var sections: [UISection]
}
