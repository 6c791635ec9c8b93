/// The text-bearing fields of a component, so validation and repair treat every kind alike.
extension UIComponent {
    /// The component's case name, as its JSON `"type"`.
    public var kind: String {
        switch self {
        case .heading: "heading"
        case .paragraph: "paragraph"
        case .keyValue: "keyValue"
        case .badge: "badge"
        case .field: "field"
        case .button: "button"
        case .toggle: "toggle"
        case .list: "list"
        case .standings: "standings"
        case .divider: "divider"
        }
    }

    /// Every case name, in declaration order.
    public static let kinds = [
        "heading", "paragraph", "keyValue", "badge", "field", "button", "toggle", "list", "standings", "divider",
    ]

    /// `true` for a divider, which carries no content.
    public var isDivider: Bool { self == .divider }

    /// One string of the component: its relative path, its value and its allowed length.
    struct TextField {
        var path: String
        var value: String
        var length: ClosedRange<Int>
    }

    /// The component's strings with their limits, in encoding order.
    func textFields(_ limits: ScreenLimits) -> [TextField] {
        let short = limits.shortTextLength
        switch self {
        case .heading(let text):
            return [TextField(path: "text", value: text.text, length: short)]
        case .paragraph(let text):
            return [TextField(path: "text", value: text.text, length: limits.bodyTextLength)]
        case .keyValue(let key, let value):
            return [
                TextField(path: "key", value: key.text, length: short),
                TextField(path: "value", value: value.text, length: short),
            ]
        case .badge(let label, _), .button(let label, _), .toggle(let label, _):
            return [TextField(path: "label", value: label.text, length: short)]
        case .field(let label, let placeholder, _):
            return [
                TextField(path: "label", value: label.text, length: short),
                TextField(path: "placeholder", value: placeholder.text, length: short),
            ]
        case .list(let items):
            return items.enumerated().map {
                TextField(path: "items[\($0.offset)]", value: $0.element.text, length: short)
            }
        case .standings(let title, let rows):
            var fields = [TextField(path: "title", value: title.text, length: short)]
            for (index, row) in rows.enumerated() {
                fields.append(TextField(path: "rows[\(index)].name", value: row.name, length: limits.rowNameLength))
                fields.append(TextField(path: "rows[\(index)].value", value: row.value, length: limits.rowValueLength))
            }
            return fields
        case .divider:
            return []
        }
    }
}
