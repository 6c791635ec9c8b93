import Foundation
import GenUI

/// Makes a screen valid when it can, and says what it changed.
///
/// Meant for unguided output (a provider that could not constrain decoding) and for the rules a schema cannot
/// express: it removes control characters, trims and collapses whitespace, truncates long strings, drops blank or
/// unknown components, clamps counts, drops empty sections and makes section titles unique. A screen it cannot save
/// (no section with content left) still fails ``ScreenValidator``.
public struct ScreenRepairer: Sendable {
    /// The bounds repaired to.
    public var limits: ScreenLimits

    /// Creates a repairer.
    public init(limits: ScreenLimits = .standard) {
        self.limits = limits
    }

    /// Decodes raw JSON content leniently (coercing scalars, accepting common aliases, dropping what it does not
    /// know) and repairs the result. Throws when the content is not a screen at all (not an object, no sections).
    public func repair(content: GeneratedContent) throws(ScreenValidationError) -> RepairedScreen {
        var log = RepairLog()
        let (screen, origins) = try LenientScreenDecoder().decode(content, log: &log)
        let repaired = repair(screen, origins: origins)
        return RepairedScreen(screen: repaired.screen, repairs: log.repairs + repaired.repairs)
    }

    /// Repairs a typed screen.
    public func repair(_ screen: UIScreen) -> RepairedScreen {
        repair(screen, origins: .identity(screen))
    }

    func repair(_ screen: UIScreen, origins: ScreenOrigins) -> RepairedScreen {
        var log = RepairLog()
        var result = screen
        result.title = clean(screen.title, path: "title", length: limits.screenTitleLength, log: &log)
        var sections: [UISection] = []
        var paths: [String] = []
        for (index, section) in screen.sections.enumerated() {
            let path = ScreenPath.section(origins.section(index))
            guard let repaired = repair(section, path: path, index: index, origins: origins, log: &log) else {
                continue
            }
            sections.append(repaired)
            paths.append(path)
        }
        if sections.count > limits.sections.upperBound {
            log.note(
                "sections",
                "dropped \(sections.count - limits.sections.upperBound) sections beyond the limit of \(limits.sections.upperBound)",
                "beyondLimit",
                [
                    "count": .number(sections.count - limits.sections.upperBound),
                    "what": .phrase("screen.what.sections"), "limit": .number(limits.sections.upperBound),
                ])
            sections = Array(sections.prefix(limits.sections.upperBound))
        }
        uniquifyTitles(&sections, paths: paths, log: &log)
        limitTotal(&sections, paths: paths, log: &log)
        result.sections = sections
        if result.title.isEmpty {
            result.title = sections.first.map(\.title) ?? "Untitled"
            log.note(
                "title", "the title was empty; used \(ScreenValidator.quoted(result.title))", "emptyTitle",
                ["used": .text(ScreenValidator.quoted(result.title))])
        }
        return RepairedScreen(screen: result, repairs: log.repairs)
    }

    // MARK: - Sections and components

    private func repair(_ section: UISection, path: String, index: Int, origins: ScreenOrigins, log: inout RepairLog)
        -> UISection?
    {
        var result = section
        result.title = clean(section.title, path: path + ".title", length: limits.sectionTitleLength, log: &log)
        if result.title.isEmpty {
            result.title = "Section \(index + 1)"
            log.note(
                path + ".title", "the title was empty; used \(ScreenValidator.quoted(result.title))", "emptyTitle",
                ["used": .text(ScreenValidator.quoted(result.title))])
        }
        var components: [UIComponent] = []
        for (componentIndex, component) in section.components.enumerated() {
            let componentPath = ScreenPath.component(origins.section(index), origins.component(index, componentIndex))
            guard let repaired = repair(component, path: componentPath, log: &log) else { continue }
            if repaired.isDivider, components.last?.isDivider == true {
                log.note(componentPath, "dropped a divider that followed another divider", "doubleDivider")
                continue
            }
            components.append(repaired)
        }
        if components.count > limits.componentsPerSection.upperBound {
            log.note(
                path + ".components",
                "dropped \(components.count - limits.componentsPerSection.upperBound) components beyond the limit of \(limits.componentsPerSection.upperBound)",
                "beyondLimit",
                [
                    "count": .number(components.count - limits.componentsPerSection.upperBound),
                    "what": .phrase("screen.what.components"), "limit": .number(limits.componentsPerSection.upperBound),
                ])
            components = Array(components.prefix(limits.componentsPerSection.upperBound))
        }
        guard components.contains(where: { !$0.isDivider }) else {
            log.note(path, "dropped a section with no content", "emptySection")
            return nil
        }
        result.components = components
        return result
    }

    private func repair(_ component: UIComponent, path: String, log: inout RepairLog) -> UIComponent? {
        let short = limits.shortTextLength
        func text(_ value: String, _ field: String, _ length: ClosedRange<Int>) -> String {
            clean(value, path: path + "." + field, length: length, log: &log)
        }
        func dropped(_ why: String) -> UIComponent? {
            log.note(
                path, "dropped a \(component.kind) with \(why)", "droppedComponent",
                [
                    "kind": .text("\(component.kind)"),
                    "why": .phrase("screen.repair.why." + why.replacingOccurrences(of: "no ", with: "")),
                ])
            return nil
        }
        switch component {
        case .heading(let value):
            let cleaned = text(value.text, "text", short)
            return cleaned.isEmpty ? dropped("no text") : .heading(text: ShortText(verbatim: cleaned))
        case .paragraph(let value):
            let cleaned = text(value.text, "text", limits.bodyTextLength)
            return cleaned.isEmpty ? dropped("no text") : .paragraph(text: BodyText(verbatim: cleaned))
        case .keyValue(let key, let value):
            let cleanedKey = text(key.text, "key", short)
            guard !cleanedKey.isEmpty else { return dropped("no key") }
            var cleanedValue = text(value.text, "value", short)
            if cleanedValue.isEmpty {
                cleanedValue = "—"
                log.note(path + ".value", "the value was empty; used \"—\"", "emptyValue")
            }
            return .keyValue(key: ShortText(verbatim: cleanedKey), value: ShortText(verbatim: cleanedValue))
        case .badge(let label, let tone):
            let cleaned = text(label.text, "label", short)
            return cleaned.isEmpty ? dropped("no label") : .badge(label: ShortText(verbatim: cleaned), tone: tone)
        case .field(let label, let placeholder, let kind):
            let cleanedLabel = text(label.text, "label", short)
            guard !cleanedLabel.isEmpty else { return dropped("no label") }
            var cleanedPlaceholder = text(placeholder.text, "placeholder", short)
            if cleanedPlaceholder.isEmpty {
                cleanedPlaceholder = cleanedLabel
                log.note(path + ".placeholder", "the placeholder was empty; used the label", "emptyPlaceholder")
            }
            return .field(
                label: ShortText(verbatim: cleanedLabel), placeholder: ShortText(verbatim: cleanedPlaceholder),
                kind: kind)
        case .button(let label, let style):
            let cleaned = text(label.text, "label", short)
            return cleaned.isEmpty ? dropped("no label") : .button(label: ShortText(verbatim: cleaned), style: style)
        case .toggle(let label, let isOn):
            let cleaned = text(label.text, "label", short)
            return cleaned.isEmpty ? dropped("no label") : .toggle(label: ShortText(verbatim: cleaned), isOn: isOn)
        case .list(let items):
            var kept: [ShortText] = []
            for (index, item) in items.enumerated() {
                let cleaned = text(item.text, "items[\(index)]", short)
                if cleaned.isEmpty {
                    log.note(path + ".items[\(index)]", "dropped an empty item", "emptyItem")
                } else {
                    kept.append(ShortText(verbatim: cleaned))
                }
            }
            kept = clamp(kept, limits.listItems, path: path + ".items", what: "items", log: &log)
            return kept.isEmpty ? dropped("no items") : .list(items: ListItems(elements: kept))
        case .standings(let title, let rows):
            var cleanedTitle = text(title.text, "title", short)
            if cleanedTitle.isEmpty {
                cleanedTitle = "Standings"
                log.note(path + ".title", "the title was empty; used \"Standings\"", "emptyStandingsTitle")
            }
            var kept: [StandingRow] = []
            for (index, row) in rows.enumerated() {
                let rowPath = "rows[\(index)]"
                let name = text(row.name, rowPath + ".name", limits.rowNameLength)
                var value = text(row.value, rowPath + ".value", limits.rowValueLength)
                guard !name.isEmpty else {
                    log.note(path + "." + rowPath, "dropped a row with no name", "namelessRow")
                    continue
                }
                if value.isEmpty {
                    value = "—"
                    log.note(path + "." + rowPath + ".value", "the value was empty; used \"—\"", "emptyValue")
                }
                kept.append(StandingRow(name: name, value: value))
            }
            kept = clamp(kept, limits.standingRows, path: path + ".rows", what: "rows", log: &log)
            return kept.isEmpty
                ? dropped("no rows")
                : .standings(title: ShortText(verbatim: cleanedTitle), rows: StandingRows(elements: kept))
        case .divider:
            return .divider
        }
    }

    private func clamp<T>(_ values: [T], _ range: ClosedRange<Int>, path: String, what: String, log: inout RepairLog)
        -> [T]
    {
        guard values.count > range.upperBound else { return values }
        log.note(
            path, "dropped \(values.count - range.upperBound) \(what) beyond the limit of \(range.upperBound)",
            "beyondLimit",
            [
                "count": .number(values.count - range.upperBound),
                "what": .phrase(what == "rows" ? "screen.what.rows" : "screen.what.listItems"),
                "limit": .number(range.upperBound),
            ])
        return Array(values.prefix(range.upperBound))
    }

    private func uniquifyTitles(_ sections: inout [UISection], paths: [String], log: inout RepairLog) {
        var used = Set<String>()
        for index in sections.indices {
            let original = sections[index].title
            var candidate = original
            var number = 2
            while used.contains(ScreenValidator.normalizedTitle(candidate)) {
                let suffix = " \(number)"
                candidate = String(original.prefix(limits.sectionTitleLength.upperBound - suffix.count)) + suffix
                number += 1
            }
            if candidate != original {
                log.note(
                    paths[index] + ".title", "renamed a repeated title to \(ScreenValidator.quoted(candidate))",
                    "renamedTitle",
                    [
                        "title": .text(ScreenValidator.quoted(candidate))
                    ])
                sections[index].title = candidate
            }
            used.insert(ScreenValidator.normalizedTitle(candidate))
        }
    }

    private func limitTotal(_ sections: inout [UISection], paths: [String], log: inout RepairLog) {
        var remaining = limits.totalComponents
        for index in sections.indices {
            let count = sections[index].components.count
            if count > remaining {
                log.note(
                    paths[index] + ".components",
                    "dropped \(count - remaining) components to keep the screen within \(limits.totalComponents)",
                    "screenLimit",
                    ["count": .number(count - remaining), "limit": .number(limits.totalComponents)])
                sections[index].components = Array(sections[index].components.prefix(remaining))
            }
            remaining -= sections[index].components.count
        }
        sections.removeAll { section in section.components.allSatisfy(\.isDivider) }
    }

    // MARK: - Text

    /// Removes control characters, collapses whitespace runs to one space, trims, and truncates to the limit.
    func clean(_ text: String, path: String, length: ClosedRange<Int>, log: inout RepairLog) -> String {
        var scalars = String.UnicodeScalarView()
        var removedControls = false
        for scalar in text.unicodeScalars {
            if ScreenValidator.isDisallowed(scalar) {
                removedControls = true
            } else {
                scalars.append(scalar)
            }
        }
        if removedControls { log.note(path, "removed control characters", "removedControls") }
        let collapsed = String(scalars).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if collapsed != String(scalars) && !collapsed.isEmpty {
            log.note(path, "trimmed whitespace", "trimmedWhitespace")
        }
        guard collapsed.count > length.upperBound else { return collapsed }
        log.note(
            path, "truncated \(collapsed.count) characters to \(length.upperBound)", "truncated",
            [
                "count": .number(collapsed.count), "limit": .number(length.upperBound),
            ])
        return Self.truncate(collapsed, to: length.upperBound)
    }

    /// `text` cut to at most `limit` characters, at a word boundary when one is near, ending in "…".
    static func truncate(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        guard limit > 1 else { return String(text.prefix(limit)) }
        var cut = String(text.prefix(limit - 1))
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) >= limit / 2 {
            cut = String(cut[..<space])
        }
        return cut.trimmingCharacters(in: .whitespaces) + "…"
    }
}

/// The repairs made so far.
struct RepairLog {
    private(set) var repairs: [ScreenRepair] = []

    /// Records a repair whose words are not from the catalog (shown as they are in every language).
    mutating func note(_ path: String, _ action: String) {
        repairs.append(ScreenRepair(path: path, action: action))
    }

    /// Records a repair: its English words, and its catalog message `screen.repair.<key>` with `arguments`.
    mutating func note(
        _ path: String, _ action: String, _ key: String, _ arguments: [String: ScreenIssue.Argument] = [:]
    ) {
        repairs.append(ScreenRepair(path: path, action: action, key: "screen.repair.\(key)", arguments: arguments))
    }
}
