import GenUI

/// Renders a resolved A2UI surface as text for a terminal, in the style of genui's own screens: Cards as boxes,
/// Rows side by side, Columns and Lists stacked, bracketed buttons, inputs with their bound values, failed checks
/// in red, and labelled placeholders (with the URL) for images, video and audio.
///
/// Every string from the stream goes through `TerminalSafeText` first, so data can never drive the terminal.
/// Colours are off by default; turn them on for a TTY when `NO_COLOR` is not set.
///
/// The output is bounded by ``A2UILimits/maximumOutputLines`` and ``A2UILimits/maximumOutputBytes`` (every text is
/// paid for before it is read, so the work is bounded too); a rendering that reaches them ends with a notice saying
/// where it was cut.
public struct A2UITerminalRenderer: Sendable {
    /// Emit ANSI colours and bold text.
    public var colors: Bool
    /// Total width in columns (at least 24).
    public var width: Int
    /// The output bounds (``A2UILimits/maximumOutputLines``, ``A2UILimits/maximumOutputBytes``).
    public var limits: A2UILimits
    /// The notice shown where the output was cut (English by default).
    public var cutNotice: @Sendable (A2UIOutputCut) -> String

    /// Creates a renderer.
    public init(
        colors: Bool = false, width: Int = 72, limits: A2UILimits = .default,
        cutNotice: @escaping @Sendable (A2UIOutputCut) -> String = A2UIOutputCut.englishNotice
    ) {
        self.colors = colors
        self.width = max(24, width)
        self.limits = limits
        self.cutNotice = cutNotice
    }

    /// The bytes kept free for the notice of a cut.
    static let noticeReserve = 1_024

    /// The surface as text, ending in a newline (with the notice of a cut when it reached the bounds).
    public func render(_ resolution: A2UIResolution) -> String {
        renderedOutput([resolution]).text
    }

    /// The surfaces as text, one after another with a blank line between them, within one shared output bound.
    public func renderedOutput(_ resolutions: [A2UIResolution]) -> A2UIRenderedOutput {
        let budget = A2UIOutputBudget(
            maximumLines: limits.maximumOutputLines, maximumBytes: limits.maximumOutputBytes,
            reserve: Self.noticeReserve)
        var text = ""
        for (index, resolution) in resolutions.enumerated() {
            budget.surfaceID = resolution.surfaceID
            var title = safe(A2UISize.prefix(resolution.surfaceID, bytes: 400))
            if let agent = resolution.theme.agentDisplayName { title += " · " + safe(agent) }
            let accent = resolution.theme.primaryColor.map { ";38;5;\($0.terminalIndex)" } ?? ""
            let heading =
                "═ " + style(title, "1" + accent) + " "
                + String(repeating: "═", count: max(0, width - TerminalDisplayWidth.of(title) - 3))
            guard budget.take(lines: index == 0 ? 1 : 2, bytes: heading.utf8.count + 2, at: nil) else { break }
            var lines = [heading]
            if let root = resolution.root {
                lines += render(root, width: width, budget, theme: resolution.theme).map(\.styled)
            } else {
                lines.append("(empty surface)")
            }
            text += (index == 0 ? "" : "\n") + lines.joined(separator: "\n") + "\n"
            if budget.isExhausted { break }
        }
        // Borders, padding and escapes add to what the budget counted: the whole is cut to the bounds once more.
        if let bounded = Self.bound(text, lines: budget.maximumLines ?? .max, bytes: budget.maximumBytes) {
            text = bounded
            budget.stop(at: nil)
        }
        guard let cut = budget.cut else { return A2UIRenderedOutput(text: text, cut: nil) }
        let notice = safe(A2UISize.prefix(cutNotice(cut), bytes: Self.noticeReserve / 2))
        return A2UIRenderedOutput(text: text + style(notice, "2") + "\n", cut: cut)
    }

    /// `text` cut to whole lines within `lines` and `bytes`, or `nil` when it fits already.
    static func bound(_ text: String, lines: Int, bytes: Int) -> String? {
        var count = 0
        var end = text.utf8.startIndex
        var index = text.utf8.startIndex
        while index < text.utf8.endIndex {
            if text.utf8[index] == UInt8(ascii: "\n") {
                let next = text.utf8.index(after: index)
                guard count < lines, text.utf8.distance(from: text.utf8.startIndex, to: next) <= bytes else { break }
                count += 1
                end = next
            }
            index = text.utf8.index(after: index)
        }
        guard end != text.utf8.endIndex else { return nil }
        return String(text[..<end])
    }

    struct Line {
        var plain: String
        var styled: String
        init(_ plain: String, styled: String? = nil) {
            self.plain = plain
            self.styled = styled ?? plain
        }
    }

    func safe(_ text: String) -> String {
        TerminalSafeText.sanitized(text, lines: .singleLine, maximumLength: 2_000)
    }

    private func style(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The display text of a node's property, paid for from the budget (cut to what is left of it).
    private func text(_ node: A2UINode, _ name: String, _ budget: A2UIOutputBudget) -> String {
        guard let value = node.properties[name] else { return "" }
        return budget.consume(A2UIEvaluator.text(value, limit: budget.remainingBytes + 1), at: node.id)
    }

    /// `text` wrapped to `width`, one budget line per line; stops (recording the cut) when the budget is used up.
    private func wrap(_ text: String, width: Int, code: String? = nil, _ node: A2UINode, _ budget: A2UIOutputBudget)
        -> [Line]
    {
        var lines: [Line] = []
        func add(_ line: String) -> Bool {
            guard budget.take(lines: 1, bytes: 1, at: node.id) else { return false }
            lines.append(Line(line))
            return true
        }
        paragraphs: for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            // A paragraph shows at most 2,000 characters; only that much of it is read.
            for word in safe(A2UISize.prefix(String(paragraph), bytes: 8_000)).split(separator: " ") {
                var piece = String(word)
                while TerminalDisplayWidth.of(piece) > width {
                    if !current.isEmpty {
                        guard add(current) else { break paragraphs }
                        current = ""
                    }
                    let head = TerminalDisplayWidth.prefix(Substring(piece), columns: width)
                    guard add(String(head)) else { break paragraphs }
                    piece = String(piece.dropFirst(max(1, head.count)))
                }
                if current.isEmpty {
                    current = piece
                } else if TerminalDisplayWidth.of(current) + 1 + TerminalDisplayWidth.of(piece) <= width {
                    current += " " + piece
                } else {
                    guard add(current) else { break paragraphs }
                    current = piece
                }
            }
            guard add(current) else { break }
        }
        guard let code else { return lines }
        return lines.map { line in Line(line.plain, styled: style(line.plain, code)) }
    }

    /// A line of the renderer's own (a border, a header), paid for from the budget.
    private func fixed(_ line: Line, _ node: A2UINode, _ budget: A2UIOutputBudget) -> [Line] {
        budget.take(lines: 1, bytes: line.plain.utf8.count + 1, at: node.id) ? [line] : []
    }

    private func pad(_ line: Line, _ width: Int) -> String {
        line.styled + String(repeating: " ", count: max(0, width - TerminalDisplayWidth.of(line.plain)))
    }

    private func checks(_ node: A2UINode, width: Int, _ budget: A2UIOutputBudget) -> [Line] {
        node.failedChecks.flatMap {
            wrap("✗ " + budget.consume($0, at: node.id), width: width, code: "31", node, budget)
        }
    }

    func render(_ node: A2UINode, width: Int, _ budget: A2UIOutputBudget, theme: A2UITheme = A2UITheme()) -> [Line] {
        guard !budget.isExhausted else { return [] }
        let width = max(8, width)
        func wrap(_ text: String, code: String? = nil) -> [Line] {
            self.wrap(text, width: width, code: code, node, budget)
        }
        func prop(_ name: String) -> String { self.text(node, name, budget) }
        switch node.type {
        case "Text":
            var shown = prop("text")
            let variant = node.text("variant")
            if variant.hasPrefix("h") { shown = String(shown.drop { $0 == "#" }.drop { $0 == " " }) }
            let code: String? = variant.hasPrefix("h") ? "1" : variant == "caption" ? "2" : nil
            return wrap(shown, code: code)
        case "Image":
            let description = prop("description")
            let label = description.isEmpty ? "" : " " + description
            return wrap("[image\(label)] " + prop("url"), code: "2")
        case "Video":
            return wrap("[video] " + prop("url"), code: "2")
        case "AudioPlayer":
            let description = prop("description")
            let label = description.isEmpty ? "" : " " + description
            return wrap("[audio\(label)] " + prop("url"), code: "2")
        case "Icon":
            let name = node.properties["name"].map { $0.orderedProperties == nil ? prop("name") : "svg" } ?? ""
            return fixed(Line("(\(safe(name)))", styled: style("(\(safe(name)))", "36")), node, budget)
        case "Divider":
            return fixed(
                node.text("axis") == "vertical" ? Line("│") : Line(String(repeating: "─", count: width)), node, budget)
        case "Row":
            return row(node.children, width: width, budget, theme: theme)
        case "List" where node.text("direction") == "horizontal":
            return row(node.children, width: width, budget, theme: theme)
        case "Column", "List":
            return node.children.flatMap { render($0, width: width, budget, theme: theme) }
        case "Card":
            let inner = width - 4
            var lines = fixed(Line("┌" + String(repeating: "─", count: width - 2) + "┐"), node, budget)
            for line in node.children.flatMap({ render($0, width: inner, budget, theme: theme) }) {
                lines.append(
                    Line(
                        "│ " + TerminalDisplayWidth.pad(line.plain, to: inner) + " │",
                        styled: "│ " + pad(line, inner) + " │"))
            }
            return lines + fixed(Line("└" + String(repeating: "─", count: width - 2) + "┘"), node, budget)
        case "Tabs":
            let titles = node.properties["tabTitles"]?.elements ?? []
            var lines: [Line] = []
            for (index, child) in node.children.enumerated() {
                let title =
                    index < titles.count
                    ? safe(budget.consume(A2UIEvaluator.text(titles[index], limit: 8_000), at: node.id)) : ""
                let header =
                    "▸ " + title + " "
                    + String(repeating: "─", count: max(0, width - TerminalDisplayWidth.of(title) - 3))
                lines += fixed(Line(header, styled: style(header, "1")), node, budget)
                lines += render(child, width: width, budget, theme: theme)
            }
            return lines
        case "Modal":
            var lines = node.children.first.map { render($0, width: width, budget, theme: theme) } ?? []
            if node.children.count > 1 {
                let card = A2UINode(
                    id: node.id, type: "Card", properties: [:], children: [node.children[1]], failedChecks: [],
                    bindings: [:], action: nil)
                lines += fixed(Line("modal:", styled: style("modal:", "2")), node, budget)
                lines += render(card, width: width, budget, theme: theme)
            }
            return lines
        case "Button":
            let label = node.children.flatMap { render($0, width: width - 4, budget, theme: theme) }.map(\.plain)
                .joined(separator: " ")
            let text = "[ " + label + " ]"
            // The theme's primary colour, as near as the 256-colour palette comes, fills a primary button.
            let accent = theme.primaryColor.map { ";38;5;\($0.terminalIndex)" } ?? ""
            let code =
                node.text("variant") == "primary"
                ? "1;7" + accent : node.text("variant") == "borderless" ? "4" : "1" + accent
            return [Line(text, styled: style(text, code))] + checks(node, width: width, budget)
        case "TextField":
            var value = prop("value")
            if node.text("variant") == "obscured" { value = String(repeating: "•", count: min(value.count, 16)) }
            return wrap(prop("label") + ": [" + value + "]") + checks(node, width: width, budget)
        case "CheckBox":
            let checked = node.properties["value"].map(A2UIEvaluator.truth) ?? false
            return wrap((checked ? "[x] " : "[ ] ") + prop("label")) + checks(node, width: width, budget)
        case "ChoicePicker":
            let selected = Set(
                (node.properties["value"]?.elements ?? []).prefix(1_000).map { A2UIEvaluator.text($0, limit: 1_000) })
            let multiple = node.text("variant") == "multipleSelection"
            let label = prop("label")
            var lines = label.isEmpty ? [] : wrap(label + ":")
            var options: [String] = []
            for option in node.properties["options"]?.elements ?? [] {
                guard !budget.isExhausted else { break }
                let fields = Dictionary(
                    (option.orderedProperties ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
                let on = selected.contains(fields["value"].map { A2UIEvaluator.text($0, limit: 1_000) } ?? "")
                let mark = multiple ? (on ? "[x]" : "[ ]") : (on ? "(•)" : "( )")
                let text =
                    fields["label"].map {
                        budget.consume(A2UIEvaluator.text($0, limit: budget.remainingBytes + 1), at: node.id)
                    } ?? ""
                options.append(mark + " " + text)
            }
            lines += wrap(options.joined(separator: "  "))
            return lines + checks(node, width: width, budget)
        case "Slider":
            let minimum = A2UIEvaluator.number(node.properties["min"] ?? .init(kind: .number(0))) ?? 0
            let maximum = A2UIEvaluator.number(node.properties["max"] ?? .init(kind: .number(100))) ?? 100
            let value = A2UIEvaluator.number(node.properties["value"] ?? .init(kind: .null)) ?? minimum
            let span = maximum > minimum ? maximum - minimum : 1
            let fraction = max(0, min(1, (value - minimum) / span))
            let track = 20
            let filled = Int((fraction * Double(track)).rounded())
            let bar = String(repeating: "━", count: filled) + "●" + String(repeating: "─", count: track - filled)
            let label = prop("label")
            let text =
                (label.isEmpty ? "" : label + ": ") + bar + " " + JSONWriter.format(value) + " ("
                + JSONWriter.format(minimum) + "–" + JSONWriter.format(maximum) + ")"
            return wrap(text) + checks(node, width: width, budget)
        case "DateTimeInput":
            let label = prop("label")
            return wrap((label.isEmpty ? "Date" : label) + ": [" + prop("value") + "]")
                + checks(node, width: width, budget)
        default:
            return wrap("[\(A2UISize.clipped(node.type, bytes: 80))]")
        }
    }

    private func row(_ children: [A2UINode], width: Int, _ budget: A2UIOutputBudget, theme: A2UITheme) -> [Line] {
        guard !children.isEmpty else { return [] }
        let gap = 2
        let columnWidth = max(8, (width - gap * (children.count - 1)) / children.count)
        guard columnWidth * children.count + gap * (children.count - 1) <= width else {
            return children.flatMap { render($0, width: width, budget, theme: theme) }
        }
        let columns = children.map { render($0, width: columnWidth, budget, theme: theme) }
        let height = columns.map(\.count).max() ?? 0
        var lines: [Line] = []
        for index in 0..<height {
            var plain = ""
            var styled = ""
            for (number, column) in columns.enumerated() {
                let cell = index < column.count ? column[index] : Line("")
                let last = number == columns.count - 1
                plain +=
                    last
                    ? cell.plain
                    : TerminalDisplayWidth.pad(cell.plain, to: columnWidth) + String(repeating: " ", count: gap)
                styled += last ? cell.styled : pad(cell, columnWidth) + String(repeating: " ", count: gap)
            }
            lines.append(Line(plain, styled: styled))
        }
        return lines
    }
}
