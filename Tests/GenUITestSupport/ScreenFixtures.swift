import GenUI
import GenUIScreens

/// Screens used across the tests.
public enum ScreenFixtures {
    /// One component of each kind, named by its `type`.
    public static func component(_ kind: String, text: String = "Sample") -> UIComponent {
        let short = ShortText(verbatim: text)
        switch kind {
        case "heading": return .heading(text: short)
        case "paragraph": return .paragraph(text: BodyText(verbatim: text + " is described in one sentence."))
        case "keyValue": return .keyValue(key: short, value: ShortText(verbatim: text + " value"))
        case "badge": return .badge(label: short, tone: .positive)
        case "field": return .field(label: short, placeholder: ShortText(verbatim: "Enter " + text), kind: .email)
        case "button": return .button(label: short, style: .primary)
        case "toggle": return .toggle(label: short, isOn: true)
        case "list": return .list(items: ListItems(elements: [short, ShortText(verbatim: text + " two")]))
        case "standings":
            return .standings(
                title: short, rows: [StandingRow(name: text, value: "42"), StandingRow(name: "Other", value: "7")])
        case "divider": return .divider
        default: preconditionFailure("unknown component kind \(kind)")
        }
    }

    /// A valid screen holding one component of `kind` (a divider gets a heading beside it).
    public static func screen(with kind: String, text: String = "Sample") -> UIScreen {
        var components = [component(kind, text: text)]
        if kind == "divider" { components.insert(.heading(text: "Above"), at: 0) }
        return UIScreen(title: "Only \(kind)", sections: [UISection(title: "Section", components: components)])
    }

    /// A valid screen with every kind and every variant of tone, style and field kind.
    public static let everything = UIScreen(
        title: "Everything",
        sections: [
            UISection(
                title: "Text",
                components: [
                    .heading(text: "Welcome back"),
                    .paragraph(text: "Sign in to see your orders and saved items."),
                    .keyValue(key: "Plan", value: "Pro"),
                    .divider,
                    .list(items: ["Fast", "Private", "Offline"]),
                ]),
            UISection(
                title: "Status", components: Tone.allCases.map { .badge(label: ShortText(verbatim: "\($0)"), tone: $0) }
            ),
            UISection(
                title: "Form",
                components: FieldKind.allCases.map {
                    .field(label: ShortText(verbatim: "\($0) field"), placeholder: "Type here", kind: $0)
                } + [.toggle(label: "Remember me", isOn: true), .toggle(label: "Newsletter", isOn: false)]),
            UISection(
                title: "Table",
                components: [
                    .standings(
                        title: "League",
                        rows: [
                            StandingRow(name: "Napoli", value: "82"), StandingRow(name: "Inter", value: "79"),
                        ])
                ] + ActionStyle.allCases.map { .button(label: ShortText(verbatim: "\($0)"), style: $0) }),
        ])

    /// A screen with `text` in every string of every component kind (not necessarily valid: lengths are ignored).
    public static func hostile(_ text: String) -> UIScreen {
        let short = ShortText(verbatim: text)
        return UIScreen(
            title: text,
            sections: [
                UISection(
                    title: text,
                    components: [
                        .heading(text: short), .paragraph(text: BodyText(verbatim: text)),
                        .keyValue(key: short, value: short),
                        .badge(label: short, tone: .critical), .field(label: short, placeholder: short, kind: .text),
                        .button(label: short, style: .destructive),
                    ]),
                UISection(
                    title: text + "!",
                    components: [
                        .toggle(label: short, isOn: false), .list(items: [short, short]),
                        .standings(title: short, rows: [StandingRow(name: text, value: text)]), .divider,
                        .field(label: short, placeholder: short, kind: .secure),
                    ]),
            ])
    }
}
