import GenUI

/// Renders a resolved A2UI surface as text for a terminal, in the style of genui's own screens: Cards as boxes,
/// Rows side by side, Columns and Lists stacked, bracketed buttons, inputs with their bound values, failed checks
/// in red, and labelled placeholders (with the URL) for images, video and audio.
///
/// Every string from the stream goes through ``TerminalSafeText`` first, so data can never drive the terminal.
/// Colours are off by default; turn them on for a TTY when `NO_COLOR` is not set.
public struct A2UITerminalRenderer: Sendable {
    /// Emit ANSI colours and bold text.
    public var colors: Bool
    /// Total width in columns (at least 24).
    public var width: Int

    /// Creates a renderer.
    public init(colors: Bool = false, width: Int = 72) {
        self.colors = colors
        self.width = max(24, width)
    }

    /// The surface as text, ending in a newline.
    public func render(_ resolution: A2UIResolution) -> String {
        let title = safe(resolution.surfaceID)
        var lines = ["═ " + style(title, "1") + " " + String(repeating: "═", count: max(0, width - title.count - 3))]
        if let root = resolution.root {
            lines += render(root, width: width).map(\.styled)
        } else {
            lines.append("(empty surface)")
        }
        return lines.joined(separator: "\n") + "\n"
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

    private func wrap(_ text: String, width: Int, code: String? = nil) -> [Line] {
        var lines: [Line] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            for word in safe(String(paragraph)).split(separator: " ") {
                var piece = String(word)
                while piece.count > width {
                    if !current.isEmpty { lines.append(Line(current)); current = "" }
                    lines.append(Line(String(piece.prefix(width))))
                    piece = String(piece.dropFirst(width))
                }
                if current.isEmpty { current = piece } else if current.count + 1 + piece.count <= width { current += " " + piece } else {
                    lines.append(Line(current))
                    current = piece
                }
            }
            lines.append(Line(current))
        }
        guard let code else { return lines }
        return lines.map { line in Line(line.plain, styled: style(line.plain, code)) }
    }

    private func pad(_ line: Line, _ width: Int) -> String {
        line.styled + String(repeating: " ", count: max(0, width - line.plain.count))
    }

    private func checks(_ node: A2UINode, width: Int) -> [Line] {
        node.failedChecks.flatMap { wrap("✗ " + $0, width: width, code: "31") }
    }

    func render(_ node: A2UINode, width: Int) -> [Line] {
        let width = max(8, width)
        switch node.type {
        case "Text":
            var text = node.text("text")
            let variant = node.text("variant")
            if variant.hasPrefix("h") { text = String(text.drop { $0 == "#" }.drop { $0 == " " }) }
            let code: String? = variant.hasPrefix("h") ? "1" : variant == "caption" ? "2" : nil
            return wrap(text, width: width, code: code)
        case "Image":
            let label = node.text("description").isEmpty ? "" : " " + node.text("description")
            return wrap("[image\(label)] " + node.text("url"), width: width, code: "2")
        case "Video":
            return wrap("[video] " + node.text("url"), width: width, code: "2")
        case "AudioPlayer":
            let label = node.text("description").isEmpty ? "" : " " + node.text("description")
            return wrap("[audio\(label)] " + node.text("url"), width: width, code: "2")
        case "Icon":
            let name = node.properties["name"].flatMap { $0.orderedProperties == nil ? A2UIEvaluator.text($0) : "svg" } ?? ""
            return [Line("(\(safe(name)))", styled: style("(\(safe(name)))", "36"))]
        case "Divider":
            return node.text("axis") == "vertical" ? [Line("│")] : [Line(String(repeating: "─", count: width))]
        case "Row":
            return row(node.children, width: width)
        case "List" where node.text("direction") == "horizontal":
            return row(node.children, width: width)
        case "Column", "List":
            return node.children.flatMap { render($0, width: width) }
        case "Card":
            let inner = width - 4
            var lines = [Line("┌" + String(repeating: "─", count: width - 2) + "┐")]
            for line in node.children.flatMap({ render($0, width: inner) }) {
                lines.append(Line("│ " + line.plain + String(repeating: " ", count: max(0, inner - line.plain.count)) + " │", styled: "│ " + pad(line, inner) + " │"))
            }
            lines.append(Line("└" + String(repeating: "─", count: width - 2) + "┘"))
            return lines
        case "Tabs":
            let titles = node.properties["tabTitles"]?.elements?.map { safe(A2UIEvaluator.text($0)) } ?? []
            var lines: [Line] = []
            for (index, child) in node.children.enumerated() {
                let title = index < titles.count ? titles[index] : ""
                let header = "▸ " + title + " " + String(repeating: "─", count: max(0, width - title.count - 3))
                lines.append(Line(header, styled: style(header, "1")))
                lines += render(child, width: width)
            }
            return lines
        case "Modal":
            var lines = node.children.first.map { render($0, width: width) } ?? []
            if node.children.count > 1 {
                let card = A2UINode(id: node.id, type: "Card", properties: [:], children: [node.children[1]], failedChecks: [], bindings: [:], action: nil)
                lines.append(Line("modal:", styled: style("modal:", "2")))
                lines += render(card, width: width)
            }
            return lines
        case "Button":
            let label = node.children.flatMap { render($0, width: width - 4) }.map(\.plain).joined(separator: " ")
            let text = "[ " + label + " ]"
            let code = node.text("variant") == "primary" ? "1;7" : node.text("variant") == "borderless" ? "4" : "1"
            return [Line(text, styled: style(text, code))] + checks(node, width: width)
        case "TextField":
            var value = node.text("value")
            if node.text("variant") == "obscured" { value = String(repeating: "•", count: min(value.count, 16)) }
            return wrap(node.text("label") + ": [" + value + "]", width: width) + checks(node, width: width)
        case "CheckBox":
            let checked = node.properties["value"].map(A2UIEvaluator.truth) ?? false
            return wrap((checked ? "[x] " : "[ ] ") + node.text("label"), width: width) + checks(node, width: width)
        case "ChoicePicker":
            let selected = Set((node.properties["value"]?.elements ?? []).map(A2UIEvaluator.text))
            let multiple = node.text("variant") == "multipleSelection"
            var lines = node.text("label").isEmpty ? [] : wrap(node.text("label") + ":", width: width)
            let options = (node.properties["options"]?.elements ?? []).map { option -> String in
                let fields = Dictionary((option.orderedProperties ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
                let on = selected.contains(fields["value"].map(A2UIEvaluator.text) ?? "")
                let mark = multiple ? (on ? "[x]" : "[ ]") : (on ? "(•)" : "( )")
                return mark + " " + (fields["label"].map(A2UIEvaluator.text) ?? "")
            }
            lines += wrap(options.joined(separator: "  "), width: width)
            return lines + checks(node, width: width)
        case "Slider":
            let minimum = A2UIEvaluator.number(node.properties["min"] ?? .init(kind: .number(0))) ?? 0
            let maximum = A2UIEvaluator.number(node.properties["max"] ?? .init(kind: .number(100))) ?? 100
            let value = A2UIEvaluator.number(node.properties["value"] ?? .init(kind: .null)) ?? minimum
            let span = maximum > minimum ? maximum - minimum : 1
            let fraction = max(0, min(1, (value - minimum) / span))
            let track = 20
            let filled = Int((fraction * Double(track)).rounded())
            let bar = String(repeating: "━", count: filled) + "●" + String(repeating: "─", count: track - filled)
            let label = node.text("label").isEmpty ? "" : node.text("label") + ": "
            let text = label + bar + " " + JSONWriter.format(value) + " (" + JSONWriter.format(minimum) + "–" + JSONWriter.format(maximum) + ")"
            return wrap(text, width: width) + checks(node, width: width)
        case "DateTimeInput":
            let label = node.text("label").isEmpty ? "Date" : node.text("label")
            return wrap(label + ": [" + node.text("value") + "]", width: width) + checks(node, width: width)
        default:
            return wrap("[\(node.type)]", width: width)
        }
    }

    private func row(_ children: [A2UINode], width: Int) -> [Line] {
        guard !children.isEmpty else { return [] }
        let gap = 2
        let columnWidth = max(8, (width - gap * (children.count - 1)) / children.count)
        guard columnWidth * children.count + gap * (children.count - 1) <= width else {
            return children.flatMap { render($0, width: width) }
        }
        let columns = children.map { render($0, width: columnWidth) }
        let height = columns.map(\.count).max() ?? 0
        var lines: [Line] = []
        for index in 0..<height {
            var plain = ""
            var styled = ""
            for (number, column) in columns.enumerated() {
                let cell = index < column.count ? column[index] : Line("")
                let last = number == columns.count - 1
                plain += last ? cell.plain : cell.plain + String(repeating: " ", count: max(0, columnWidth - cell.plain.count) + gap)
                styled += last ? cell.styled : pad(cell, columnWidth) + String(repeating: " ", count: gap)
            }
            lines.append(Line(plain, styled: styled))
        }
        return lines
    }
}
