import Foundation
import GenUI

/// Checks a screen beyond what its schema can say: blank strings, lengths, counts, unique section titles, a limit on
/// the whole screen, sections with real content, and no control characters.
///
/// Every issue names its path (`sections[1].components[3].label`). Validation never changes the screen; see
/// ``ScreenRepairer`` for that.
public struct ScreenValidator: Sendable {
    /// The bounds checked.
    public var limits: ScreenLimits

    /// Creates a validator.
    public init(limits: ScreenLimits = .standard) {
        self.limits = limits
    }

    /// Every issue of `screen`, in document order; empty when it is valid.
    public func issues(in screen: UIScreen) -> [ScreenIssue] {
        var issues: [ScreenIssue] = []
        checkText(
            screen.title, path: "title", length: limits.screenTitleLength,
            what: What("the screen title", "screenTitle"), into: &issues)
        checkCount(
            screen.sections.count, limits.sections, path: "sections", what: What("sections", "sections"), into: &issues)
        var seenTitles: [String: Int] = [:]
        var total = 0
        for (sectionIndex, section) in screen.sections.enumerated() {
            let sectionPath = ScreenPath.section(sectionIndex)
            checkText(
                section.title, path: sectionPath + ".title", length: limits.sectionTitleLength,
                what: What("a section title", "sectionTitle"), into: &issues)
            let key = Self.normalizedTitle(section.title)
            if !key.isEmpty {
                if let first = seenTitles[key] {
                    issues.append(
                        ScreenIssue(
                            path: sectionPath + ".title", code: .duplicateTitle,
                            message:
                                "the title \(Self.quoted(section.title)) is already used by sections[\(first)]; section titles must be unique",
                            key: "screen.issue.duplicateTitle",
                            arguments: ["title": .text(Self.quoted(section.title)), "first": .number(first)]))
                } else {
                    seenTitles[key] = sectionIndex
                }
            }
            checkCount(
                section.components.count, limits.componentsPerSection, path: sectionPath + ".components",
                what: What("components", "components"), into: &issues)
            if !section.components.isEmpty && section.components.allSatisfy(\.isDivider) {
                issues.append(
                    ScreenIssue(
                        path: sectionPath + ".components", code: .noContent,
                        message: "the section holds only dividers; give it at least one component with content",
                        key: "screen.issue.noContent", arguments: [:]))
            }
            for (componentIndex, component) in section.components.enumerated() {
                total += 1
                check(component, path: ScreenPath.component(sectionIndex, componentIndex), into: &issues)
            }
        }
        if total > limits.totalComponents {
            issues.append(
                ScreenIssue(
                    path: "sections", code: .tooManyComponents,
                    message:
                        "the screen has \(total) components, more than \(limits.totalComponents); split it or drop some",
                    key: "screen.issue.tooManyComponents",
                    arguments: ["count": .number(total), "limit": .number(limits.totalComponents)]))
        }
        return issues
    }

    /// Throws ``ScreenValidationError`` listing every issue when `screen` is not valid.
    public func validate(_ screen: UIScreen) throws(ScreenValidationError) {
        let found = issues(in: screen)
        if !found.isEmpty { throw ScreenValidationError(issues: found) }
    }

    private func check(_ component: UIComponent, path: String, into issues: inout [ScreenIssue]) {
        switch component {
        case .list(let items):
            checkCount(
                items.count, limits.listItems, path: path + ".items", what: What("list items", "listItems"),
                into: &issues)
        case .standings(_, let rows):
            checkCount(rows.count, limits.standingRows, path: path + ".rows", what: What("rows", "rows"), into: &issues)
        default:
            break
        }
        for field in component.textFields(limits) {
            let what: What
            switch (component, field.path) {
            case (.button, "label"): what = What("a button's label", "buttonLabel")
            case (.field, "label"): what = What("a field's label", "fieldLabel")
            case (.toggle, "label"): what = What("a toggle's label", "toggleLabel")
            default: what = What("\(component.kind).\(field.path)", nil)
            }
            checkText(field.value, path: path + "." + field.path, length: field.length, what: what, into: &issues)
        }
    }

    /// What a message is about: its English words, and the catalog key of the words (`screen.what.<key>`) when they
    /// are ours (a component's field path is shown as it is).
    private struct What {
        var english: String
        var key: String?

        init(_ english: String, _ key: String?) {
            self.english = english
            self.key = key
        }

        var argument: ScreenIssue.Argument { key.map { .phrase("screen.what.\($0)") } ?? .text(english) }
    }

    private func checkText(
        _ text: String, path: String, length: ClosedRange<Int>, what: What,
        into issues: inout [ScreenIssue]
    ) {
        if text.allSatisfy(\.isWhitespace) {
            issues.append(
                ScreenIssue(
                    path: path, code: .blank, message: "\(what.english) is empty; write a short text",
                    key: "screen.issue.blank", arguments: ["what": what.argument]))
            return
        }
        if text.count > length.upperBound {
            issues.append(
                ScreenIssue(
                    path: path, code: .tooLong,
                    message: "\(what.english) has \(text.count) characters, more than \(length.upperBound); shorten it",
                    key: "screen.issue.tooLong",
                    arguments: [
                        "what": what.argument, "count": .number(text.count), "limit": .number(length.upperBound),
                    ]))
        }
        if Self.hasControlCharacters(text) {
            issues.append(
                ScreenIssue(
                    path: path, code: .controlCharacters,
                    message: "\(what.english) contains control or bidirectional-override characters; remove them",
                    key: "screen.issue.controlCharacters", arguments: ["what": what.argument]))
        }
    }

    private func checkCount(
        _ count: Int, _ range: ClosedRange<Int>, path: String, what: What,
        into issues: inout [ScreenIssue]
    ) {
        guard !range.contains(count) else { return }
        let tooFew = count < range.lowerBound
        let bound = tooFew ? "at least \(range.lowerBound)" : "at most \(range.upperBound)"
        issues.append(
            ScreenIssue(
                path: path, code: .count, message: "has \(count) \(what.english); it needs \(bound)",
                key: tooFew ? "screen.issue.tooFew" : "screen.issue.tooMany",
                arguments: [
                    "count": .number(count), "what": what.argument,
                    "bound": .number(tooFew ? range.lowerBound : range.upperBound),
                ]))
    }

    /// Titles compare without case and surrounding whitespace.
    static func normalizedTitle(_ title: String) -> String {
        title.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    static func quoted(_ text: String) -> String {
        "\"" + String(text.prefix(40)) + (text.count > 40 ? "…" : "") + "\""
    }

    /// `true` when `text` has C0/C1 controls (other than newline and tab), DEL, or bidirectional overrides: the
    /// characters ``TerminalSafeText`` never lets reach a terminal.
    static func hasControlCharacters(_ text: String) -> Bool {
        TerminalSafeText.containsUnsafe(text)
    }

    static func isDisallowed(_ scalar: Unicode.Scalar) -> Bool {
        TerminalSafeText.isUnsafe(scalar)
    }
}
