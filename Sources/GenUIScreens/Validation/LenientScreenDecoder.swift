import Foundation
import GenUI

/// Reads a screen from JSON that may not follow the schema (unguided output): scalars are coerced to the expected
/// type, common aliases accepted, unknown components dropped, and every such change logged.
struct LenientScreenDecoder {
    func decode(_ content: GeneratedContent, log: inout RepairLog) throws(ScreenValidationError) -> (
        UIScreen, ScreenOrigins
    ) {
        var root = content
        if let wrapped = root.property("screen"), wrapped.orderedProperties != nil {
            log.note("", "unwrapped the screen from a \"screen\" property", "unwrappedScreen")
            root = wrapped
        }
        guard root.orderedProperties != nil else {
            throw ScreenValidationError(issues: [
                ScreenIssue(
                    path: "", code: .schema,
                    message: "expected a JSON object with title and sections, found \(Self.english(root))",
                    key: "screen.issue.notAScreen", arguments: ["found": Self.kind(root)])
            ])
        }
        let title = string(root.property("title"), path: "title", log: &log)
        var sectionValues: [GeneratedContent]
        if let sections = root.property("sections")?.elements {
            sectionValues = sections
        } else if root.property("components")?.elements != nil {
            log.note("sections", "wrapped top-level components in one section", "wrappedComponents")
            sectionValues = [
                GeneratedContent(
                    orderedProperties: [("title", GeneratedContent(kind: .string(title)))]
                        + [("components", root.property("components") ?? GeneratedContent(kind: .array([])))])
            ]
        } else {
            throw ScreenValidationError(issues: [
                ScreenIssue(
                    path: "sections", code: .schema, message: "the screen has no sections array",
                    key: "screen.issue.noSections",
                    arguments: [:])
            ])
        }
        var sections: [UISection] = []
        var origins = ScreenOrigins(sections: [], components: [])
        for (index, value) in sectionValues.enumerated() {
            let path = ScreenPath.section(index)
            guard value.orderedProperties != nil else {
                log.note(
                    path, "dropped a section that is \(Self.english(value)), not an object", "sectionNotObject",
                    ["found": Self.kind(value)])
                continue
            }
            let sectionTitle = string(
                value.property("title") ?? value.property("name"), path: path + ".title", log: &log)
            var components: [UIComponent] = []
            var componentOrigins: [Int] = []
            for (componentIndex, element) in (value.property("components")?.elements ?? []).enumerated() {
                if let component = decodeComponent(
                    element, path: ScreenPath.component(index, componentIndex), log: &log)
                {
                    components.append(component)
                    componentOrigins.append(componentIndex)
                }
            }
            sections.append(UISection(title: sectionTitle, components: components))
            origins.sections.append(index)
            origins.components.append(componentOrigins)
        }
        return (UIScreen(title: title, sections: sections), origins)
    }

    private func decodeComponent(_ content: GeneratedContent, path: String, log: inout RepairLog) -> UIComponent? {
        guard content.orderedProperties != nil else {
            log.note(
                path, "dropped a component that is \(Self.english(content)), not an object", "componentNotObject",
                ["found": Self.kind(content)])
            return nil
        }
        let typeValue =
            content.property(GenerationSchema.discriminator) ?? content.property("component")
            ?? content.property("kind")
        guard case .string(let rawType)? = typeValue?.kind else {
            log.note(path, "dropped a component without a \"type\"", "untypedComponent")
            return nil
        }
        guard
            let type = UIComponent.kinds.first(where: { $0.lowercased() == rawType.lowercased() })
                ?? Self.typeAliases[rawType.lowercased()]
        else {
            let known = UIComponent.kinds.joined(separator: ", ")
            log.note(
                path, "dropped an unknown component \(ScreenValidator.quoted(rawType)) (known: \(known))",
                "unknownComponent",
                [
                    "type": .text(ScreenValidator.quoted(rawType)), "known": .text(known),
                ])
            return nil
        }
        if type != rawType {
            log.note(
                path + ".type", "read \(ScreenValidator.quoted(rawType)) as \"\(type)\"", "readAs",
                [
                    "from": .text(ScreenValidator.quoted(rawType)), "to": .text("\"\(type)\""),
                ])
        }
        func text(_ names: String...) -> String {
            let value = names.lazy.compactMap { content.property($0) }.first
            return string(value, path: path + "." + names[0], log: &log)
        }
        func short(_ names: String...) -> ShortText {
            let value = names.lazy.compactMap { content.property($0) }.first
            return ShortText(verbatim: string(value, path: path + "." + names[0], log: &log))
        }
        switch type {
        case "heading": return .heading(text: ShortText(verbatim: text("text", "title", "label")))
        case "paragraph": return .paragraph(text: BodyText(verbatim: text("text", "body", "content")))
        case "keyValue": return .keyValue(key: short("key", "label", "name"), value: short("value"))
        case "badge":
            return .badge(
                label: short("label", "text"),
                tone: choice(content.property("tone"), default: .neutral, path: path + ".tone", log: &log))
        case "field":
            return .field(
                label: short("label", "name"), placeholder: short("placeholder", "hint"),
                kind: choice(content.property("kind"), default: .text, path: path + ".kind", log: &log))
        case "button":
            return .button(
                label: short("label", "text", "title"),
                style: choice(content.property("style"), default: .secondary, path: path + ".style", log: &log))
        case "toggle":
            return .toggle(
                label: short("label", "text"),
                isOn: bool(content.property("isOn") ?? content.property("value"), path: path + ".isOn", log: &log))
        case "list":
            let items = strings(content.property("items"), path: path + ".items", log: &log)
            return .list(items: ListItems(elements: items.map(ShortText.init(verbatim:))))
        case "standings":
            var rows: [StandingRow] = []
            for (index, row) in (content.property("rows")?.elements ?? []).enumerated() {
                let rowPath = path + ".rows[\(index)]"
                let name = string(
                    row.property("name") ?? row.property("team") ?? row.property("label"), path: rowPath + ".name",
                    log: &log)
                let value = string(
                    row.property("value") ?? row.property("points") ?? row.property("score"), path: rowPath + ".value",
                    log: &log)
                rows.append(StandingRow(name: name, value: value))
            }
            return .standings(title: short("title", "label"), rows: StandingRows(elements: rows))
        default:
            return .divider
        }
    }

    /// The shape of `content` as a phrase of the catalog ("a number"): ours to word, unlike the data.
    private static func kind(_ content: GeneratedContent) -> ScreenIssue.Argument {
        .phrase("detail.kind." + DecodingDetail.Kind(of: content).rawValue)
    }

    /// The shape of `content` in English, with its article ("a number", "an array", "null").
    private static func english(_ content: GeneratedContent) -> String {
        switch DecodingDetail.Kind(of: content) {
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        case let kind: "a " + kind.rawValue
        }
    }

    private static let typeAliases: [String: String] = [
        "title": "heading", "text": "paragraph", "label": "paragraph", "keyvalue": "keyValue", "key_value": "keyValue",
        "textfield": "field", "input": "field", "checkbox": "toggle", "switch": "toggle", "table": "standings",
        "separator": "divider",
    ]

    // MARK: - Scalars

    private func string(_ content: GeneratedContent?, path: String, log: inout RepairLog) -> String {
        guard let content else {
            log.note(path, "was missing", "missing")
            return ""
        }
        switch content.kind {
        case .string(let value): return value
        case .number(let value):
            log.note(path, "converted a number to text", "numberToText")
            return JSONWriter.format(value)
        case .bool(let value):
            log.note(path, "converted a boolean to text", "booleanToText")
            return value ? "Yes" : "No"
        default:
            log.note(
                path, "expected text, found \(Self.english(content))", "expectedText", ["found": Self.kind(content)])
            return ""
        }
    }

    private func strings(_ content: GeneratedContent?, path: String, log: inout RepairLog) -> [String] {
        if let elements = content?.elements {
            return elements.enumerated().map { string($0.element, path: path + "[\($0.offset)]", log: &log) }
        }
        guard let content else { return [] }
        log.note(
            path, "expected an array, found \(Self.english(content)); used it as one item", "usedAsOneItem",
            ["found": Self.kind(content)])
        return [string(content, path: path, log: &log)]
    }

    private func bool(_ content: GeneratedContent?, path: String, log: inout RepairLog) -> Bool {
        switch content?.kind {
        case .bool(let value)?: return value
        case .string(let text)? where ["true", "on", "yes"].contains(text.lowercased()):
            log.note(
                path, "read \(ScreenValidator.quoted(text)) as true", "readAsTrue",
                ["text": .text(ScreenValidator.quoted(text))])
            return true
        case .number(let value)?:
            log.note(path, "read a number as a boolean", "numberToBoolean")
            return value != 0
        default:
            log.note(path, "was missing or not a boolean; used false", "defaultFalse")
            return false
        }
    }

    private func choice<T: Generable>(
        _ content: GeneratedContent?, default fallback: T, path: String, log: inout RepairLog
    ) -> T {
        if let content, let value = try? T(content) { return value }
        if case .string(let text)? = content?.kind,
            let value = try? T(GeneratedContent(kind: .string(text.lowercased())))
        {
            log.note(
                path, "read \(ScreenValidator.quoted(text)) as \"\(text.lowercased())\"", "readAs",
                [
                    "from": .text(ScreenValidator.quoted(text)), "to": .text("\"\(text.lowercased())\""),
                ])
            return value
        }
        let used = "\"\(fallback.generatedContent.jsonString.trimmingCharacters(in: ["\""]))\""
        log.note(path, "was missing or unknown; used \(used)", "defaultChoice", ["used": .text(used)])
        return fallback
    }
}

extension GeneratedContent {
    /// The property `name` of an object, or `nil`.
    func property(_ name: String) -> GeneratedContent? {
        guard case .structure(let properties, _) = kind else { return nil }
        return properties[name]
    }
}

/// Where each decoded section and component stood in the original content, so repair paths point at the input.
struct ScreenOrigins {
    var sections: [Int]
    var components: [[Int]]

    /// The identity mapping for `screen`.
    static func identity(_ screen: UIScreen) -> ScreenOrigins {
        ScreenOrigins(
            sections: Array(screen.sections.indices), components: screen.sections.map { Array($0.components.indices) })
    }

    func section(_ index: Int) -> Int { sections.indices.contains(index) ? sections[index] : index }

    func component(_ section: Int, _ index: Int) -> Int {
        components.indices.contains(section) && components[section].indices.contains(index)
            ? components[section][index] : index
    }
}
