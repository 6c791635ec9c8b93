import GenUI
import GenUIA2UI

/// Renders a screen as an A2UI v0.9 message stream (JSON Lines), so any A2UI client can draw it.
///
/// The stream is `createSurface` (basic catalog), `updateComponents` with the flat component list (exactly one
/// component has the id `root`), and `updateDataModel` with the initial values of fields and toggles, which are bound
/// to `/form/<component id>`. Only properties the basic catalog allows are emitted. Ids are made from section and
/// component indexes, never from screen text.
///
/// | Vocabulary | A2UI |
/// |---|---|
/// | screen | Column `root`: a Text `h1` title, then one Card per section |
/// | section | Card → Column: a Text `h2` title, then the components |
/// | heading / paragraph | Text `h3` / Text `body` |
/// | keyValue | Row (spaceBetween): Text `caption` key, Text `body` value |
/// | badge | Row: Icon by tone (info, check, warning, error), Text `caption` |
/// | field | TextField (`shortText`, `obscured`, `number`; email adds an `email` check); placeholder → accessibility description |
/// | button | Button (`primary` or `default`) whose child is a Text; action event named from the label |
/// | toggle | CheckBox bound to the data model |
/// | list | List of Text |
/// | standings | Column: Text `h4` title, List of Rows (rank, name, value) |
/// | divider | Divider `horizontal` |
public struct A2UIRenderer: Sendable {
    /// The surface the screen is drawn on.
    public var surfaceID: String

    /// Creates a renderer.
    public init(surfaceID: String = "genui-screen") {
        self.surfaceID = surfaceID
    }

    /// The messages, in order, as GenUIA2UI's model: what `A2UIMessageReader` reads back from ``render(_:)``.
    public func a2uiMessages(for screen: UIScreen) -> [A2UIMessage] {
        var builder = Builder()
        builder.build(screen)
        var messages: [A2UIMessage] = [
            .createSurface(
                surfaceID: surfaceID, catalogID: A2UICatalog.basicCatalogID, theme: nil, sendDataModel: false),
            .updateComponents(surfaceID: surfaceID, builder.components),
        ]
        if !builder.dataModel.isEmpty {
            messages.append(
                .updateDataModel(
                    surfaceID: surfaceID, path: "/form", value: GeneratedContent(orderedProperties: builder.dataModel)))
        }
        return messages
    }

    /// The messages, in order, as the JSON objects that go on the wire.
    public func messages(for screen: UIScreen) -> [GeneratedContent] {
        a2uiMessages(for: screen).map(\.content)
    }

    /// The messages as JSON Lines: one compact JSON object per line, each ending in a newline.
    public func render(_ screen: UIScreen) -> String {
        a2uiMessages(for: screen).map(\.line).joined()
    }

    /// Collects components (parents before children) and initial data-model values.
    struct Builder {
        var components: [GeneratedContent] = []
        var dataModel: [(String, GeneratedContent)] = []

        mutating func build(_ screen: UIScreen) {
            let sectionIDs = screen.sections.indices.map { "s\($0)" }
            add("root", "Column", [("children", ids(["title"] + sectionIDs))])
            add("title", "Text", [("text", string(screen.title)), ("variant", string("h1"))])
            for (sectionIndex, section) in screen.sections.enumerated() {
                let id = sectionIDs[sectionIndex]
                let componentIDs = section.components.indices.map { "\(id)-c\($0)" }
                add(id, "Card", [("child", string(id + "-body"))])
                add(id + "-body", "Column", [("children", ids([id + "-title"] + componentIDs))])
                add(id + "-title", "Text", [("text", string(section.title)), ("variant", string("h2"))])
                for (index, component) in section.components.enumerated() {
                    add(component, id: componentIDs[index])
                }
            }
        }

        private mutating func add(_ component: UIComponent, id: String) {
            switch component {
            case .heading(let text):
                add(id, "Text", [("text", string(text.text)), ("variant", string("h3"))])
            case .paragraph(let text):
                add(id, "Text", [("text", string(text.text)), ("variant", string("body"))])
            case .keyValue(let key, let value):
                add(id, "Row", [("children", ids([id + "-key", id + "-value"])), ("justify", string("spaceBetween"))])
                add(id + "-key", "Text", [("text", string(key.text)), ("variant", string("caption"))])
                add(id + "-value", "Text", [("text", string(value.text)), ("variant", string("body"))])
            case .badge(let label, let tone):
                add(id, "Row", [("children", ids([id + "-icon", id + "-label"])), ("align", string("center"))])
                add(id + "-icon", "Icon", [("name", string(A2UIRenderer.iconName(for: tone)))])
                add(id + "-label", "Text", [("text", string(label.text)), ("variant", string("caption"))])
            case .field(let label, let placeholder, let kind):
                let binding = object([("path", string("/form/\(id)"))])
                var properties: [(String, GeneratedContent)] = [
                    ("label", string(label.text)), ("value", binding),
                    ("variant", string(kind == .secure ? "obscured" : kind == .number ? "number" : "shortText")),
                    ("accessibility", object([("description", string(placeholder.text))])),
                ]
                if kind == .email {
                    let condition = object([("call", string("email")), ("args", object([("value", binding)]))])
                    properties.append(
                        (
                            "checks",
                            GeneratedContent(
                                kind: .array([
                                    object([
                                        ("condition", condition), ("message", string("Enter a valid email address.")),
                                    ])
                                ]))
                        ))
                }
                add(id, "TextField", properties)
                dataModel.append((id, string("")))
            case .button(let label, let style):
                let event = object([
                    ("name", string(A2UIRenderer.eventName(for: label.text))),
                    ("context", object([("componentId", string(id)), ("label", string(label.text))])),
                ])
                add(
                    id, "Button",
                    [
                        ("child", string(id + "-label")),
                        ("variant", string(style == .primary ? "primary" : "default")),
                        ("action", object([("event", event)])),
                    ])
                add(id + "-label", "Text", [("text", string(label.text))])
            case .toggle(let label, let isOn):
                add(
                    id, "CheckBox",
                    [("label", string(label.text)), ("value", object([("path", string("/form/\(id)"))]))])
                dataModel.append((id, GeneratedContent(kind: .bool(isOn))))
            case .list(let items):
                let itemIDs = items.indices.map { "\(id)-i\($0)" }
                add(id, "List", [("children", ids(itemIDs)), ("direction", string("vertical"))])
                for (index, item) in items.enumerated() {
                    add(itemIDs[index], "Text", [("text", string(item.text)), ("variant", string("body"))])
                }
            case .standings(let title, let rows):
                let rowIDs = rows.indices.map { "\(id)-r\($0)" }
                add(id, "Column", [("children", ids([id + "-title", id + "-rows"]))])
                add(id + "-title", "Text", [("text", string(title.text)), ("variant", string("h4"))])
                add(id + "-rows", "List", [("children", ids(rowIDs)), ("direction", string("vertical"))])
                for (index, row) in rows.enumerated() {
                    let rowID = rowIDs[index]
                    add(
                        rowID, "Row",
                        [
                            ("children", ids([rowID + "-rank", rowID + "-name", rowID + "-value"])),
                            ("align", string("center")),
                        ])
                    add(rowID + "-rank", "Text", [("text", string("\(index + 1).")), ("variant", string("caption"))])
                    add(
                        rowID + "-name", "Text",
                        [
                            ("text", string(row.name)), ("variant", string("body")),
                            ("weight", GeneratedContent(kind: .number(1))),
                        ])
                    add(rowID + "-value", "Text", [("text", string(row.value)), ("variant", string("body"))])
                }
            case .divider:
                add(id, "Divider", [("axis", string("horizontal"))])
            }
        }

        private mutating func add(_ id: String, _ type: String, _ properties: [(String, GeneratedContent)]) {
            components.append(object([("id", string(id)), ("component", string(type))] + properties))
        }

        private func ids(_ list: [String]) -> GeneratedContent {
            GeneratedContent(kind: .array(list.map(string)))
        }
    }

    /// The basic catalog icon that stands for a badge's tone.
    static func iconName(for tone: Tone) -> String {
        switch tone {
        case .neutral, .info: "info"
        case .positive: "check"
        case .warning: "warning"
        case .critical: "error"
        }
    }

    /// A camelCase event name from a button label ("Sign in" → "signIn"); "press" when the label has no ASCII
    /// letters or digits.
    static func eventName(for label: String) -> String {
        let words = label.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }).map {
            $0.lowercased()
        }
        guard let first = words.first else { return "press" }
        let name = first + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return name.first?.isLetter == true ? String(name.prefix(48)) : "press" + String(name.prefix(43))
    }
}

private func string(_ text: String) -> GeneratedContent { GeneratedContent(kind: .string(text)) }
private func object(_ properties: [(String, GeneratedContent)]) -> GeneratedContent {
    GeneratedContent(orderedProperties: properties)
}
