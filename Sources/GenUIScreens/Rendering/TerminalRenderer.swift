/// Renders a screen as text for a terminal: a boxed title, one box per section, aligned key-values, bracketed
/// buttons, and badges marked by a symbol per tone (and coloured when colours are on).
///
/// A pure function of the screen and the options. Colours are off by default; the CLI turns them on for a TTY when
/// `NO_COLOR` is not set. Every string from the screen is sanitized: control characters (an ANSI escape in a label,
/// say) are replaced, so data can never drive the terminal.
public struct TerminalRenderer: Sendable {
    /// Rendering options.
    public struct Options: Sendable, Hashable {
        /// Emit ANSI colours and bold text.
        public var colors: Bool
        /// Total width in columns, borders included (at least 24).
        public var width: Int

        /// Creates options; colours off and 64 columns by default.
        public init(colors: Bool = false, width: Int = 64) {
            self.colors = colors
            self.width = max(24, width)
        }
    }

    /// The options used.
    public var options: Options

    /// Creates a renderer.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The screen as text, ending in a newline.
    public func render(_ screen: UIScreen) -> String {
        let inner = options.width - 4
        var out: [String] = []
        let title = DisplayText.fitted(DisplayText.sanitized(screen.title), to: inner)
        out.append("╔" + String(repeating: "═", count: inner + 2) + "╗")
        out.append("║ " + style(title, .bold) + pad(title, inner) + " ║")
        out.append("╚" + String(repeating: "═", count: inner + 2) + "╝")
        for section in screen.sections {
            out.append(contentsOf: renderSection(section, inner: inner))
        }
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: - Sections

    private func renderSection(_ section: UISection, inner: Int) -> [String] {
        let title = DisplayText.fitted(DisplayText.sanitized(section.title), to: inner - 2)
        let rule = String(repeating: "─", count: max(0, inner - DisplayText.width(title) - 1))
        var lines = ["┌─ " + style(title, .bold) + " " + rule + "┐"]
        for line in body(of: section.components, inner: inner) {
            lines.append("│ " + line.styled + pad(line.plain, inner) + " │")
        }
        lines.append("└" + String(repeating: "─", count: inner + 2) + "┘")
        return lines
    }

    /// One rendered line: its visible text (for width) and the same text with styles.
    struct Line {
        var plain: String
        var styled: String

        init(_ plain: String, styled: String? = nil) {
            self.plain = plain
            self.styled = styled ?? plain
        }
    }

    private func body(of components: [UIComponent], inner: Int) -> [Line] {
        var lines: [Line] = []
        var index = 0
        while index < components.count {
            // Runs of key-values and of buttons are laid out together.
            if case .keyValue = components[index] {
                var pairs: [(String, String)] = []
                while index < components.count, case .keyValue(let key, let value) = components[index] {
                    pairs.append((DisplayText.sanitized(key.text), DisplayText.sanitized(value.text)))
                    index += 1
                }
                lines.append(contentsOf: keyValues(pairs, inner: inner))
                continue
            }
            if case .button = components[index] {
                var buttons: [(String, ActionStyle)] = []
                while index < components.count, case .button(let label, let buttonStyle) = components[index] {
                    buttons.append((DisplayText.sanitized(label.text), buttonStyle))
                    index += 1
                }
                lines.append(contentsOf: buttonRows(buttons, inner: inner))
                continue
            }
            lines.append(contentsOf: render(components[index], inner: inner))
            index += 1
        }
        return lines
    }

    private func render(_ component: UIComponent, inner: Int) -> [Line] {
        switch component {
        case .heading(let text):
            let plain = "▌ " + DisplayText.fitted(DisplayText.sanitized(text.text), to: inner - 2)
            return [Line(plain, styled: style(plain, .bold))]
        case .paragraph(let text):
            return DisplayText.wrapped(DisplayText.sanitized(text.text), to: inner).map { Line($0) }
        case .badge(let label, let tone):
            let plain = DisplayText.fitted(Self.symbol(for: tone) + " " + DisplayText.sanitized(label.text), to: inner)
            return [Line(plain, styled: style(plain, Self.color(for: tone)))]
        case .field(let label, let placeholder, let kind):
            return field(DisplayText.sanitized(label.text), DisplayText.sanitized(placeholder.text), kind, inner: inner)
        case .toggle(let label, let isOn):
            let mark = isOn ? "[x]" : "[ ]"
            let text = DisplayText.fitted(DisplayText.sanitized(label.text), to: inner - 4)
            return [Line(mark + " " + text, styled: style(mark, isOn ? .green : .dim) + " " + text)]
        case .list(let items):
            return items.flatMap { item in
                DisplayText.wrapped(DisplayText.sanitized(item.text), to: inner - 2).enumerated().map {
                    Line(($0.offset == 0 ? "• " : "  ") + $0.element)
                }
            }
        case .standings(let title, let rows):
            return standings(DisplayText.sanitized(title.text), rows, inner: inner)
        case .divider:
            let plain = String(repeating: "─", count: inner)
            return [Line(plain, styled: style(plain, .dim))]
        case .keyValue(let key, let value):
            return keyValues([(DisplayText.sanitized(key.text), DisplayText.sanitized(value.text))], inner: inner)
        case .button(let label, let buttonStyle):
            return buttonRows([(DisplayText.sanitized(label.text), buttonStyle)], inner: inner)
        }
    }

    private func keyValues(_ pairs: [(String, String)], inner: Int) -> [Line] {
        let keyColumn = min(pairs.map { DisplayText.width($0.0) }.max() ?? 0, inner / 2)
        return pairs.flatMap { key, value -> [Line] in
            let shownKey = DisplayText.fitted(key, to: keyColumn)
            let gap = pad(shownKey, keyColumn) + "  "
            let valueLines = DisplayText.wrapped(value, to: max(1, inner - keyColumn - 2))
            var lines = [Line(shownKey + gap + valueLines[0], styled: style(shownKey, .dim) + gap + valueLines[0])]
            for more in valueLines.dropFirst() {
                lines.append(Line(String(repeating: " ", count: keyColumn + 2) + more))
            }
            return lines
        }
    }

    private func buttonRows(_ buttons: [(String, ActionStyle)], inner: Int) -> [Line] {
        var lines: [Line] = []
        var current = Line("", styled: "")
        for (label, buttonStyle) in buttons {
            let text: String
            switch buttonStyle {
            case .primary: text = "[ " + DisplayText.fitted(label, to: inner - 4) + " ]"
            case .secondary: text = "( " + DisplayText.fitted(label, to: inner - 4) + " )"
            case .destructive: text = "< " + DisplayText.fitted(label, to: inner - 4) + " >"
            }
            let styled = style(text, buttonStyle == .primary ? .cyanBold : buttonStyle == .destructive ? .red : .plain)
            if !current.plain.isEmpty, DisplayText.width(current.plain) + 2 + DisplayText.width(text) > inner {
                lines.append(current)
                current = Line("", styled: "")
            }
            if current.plain.isEmpty {
                current = Line(text, styled: styled)
            } else {
                current.plain += "  " + text
                current.styled += "  " + styled
            }
        }
        if !current.plain.isEmpty { lines.append(current) }
        return lines
    }

    private func field(_ label: String, _ placeholder: String, _ kind: FieldKind, inner: Int) -> [Line] {
        let tag: String
        switch kind {
        case .text: tag = ""
        case .secure: tag = " (secure)"
        case .email: tag = " (email)"
        case .number: tag = " (number)"
        }
        let labelLine = DisplayText.fitted(label + tag, to: inner)
        let boxWidth = inner - 4
        let hint = DisplayText.fitted(placeholder, to: boxWidth)
        let box = "[ " + hint + pad(hint, boxWidth) + " ]"
        return [
            Line(labelLine, styled: style(labelLine, .dim)),
            Line(box, styled: "[ " + style(hint, .dim) + pad(hint, boxWidth) + " ]"),
        ]
    }

    private func standings(_ title: String, _ rows: StandingRows, inner: Int) -> [Line] {
        let shownTitle = DisplayText.fitted(title, to: inner)
        var lines = [Line(shownTitle, styled: style(shownTitle, .bold))]
        let numberWidth = String(rows.count).count + 2
        let values = rows.map { DisplayText.fitted(DisplayText.sanitized($0.value), to: inner / 3) }
        let valueWidth = values.map(DisplayText.width).max() ?? 0
        for (index, row) in rows.enumerated() {
            let number = "\(index + 1)."
            let numberPart = number + String(repeating: " ", count: numberWidth - number.count)
            let nameWidth = max(1, inner - numberWidth - valueWidth - 1)
            let name = DisplayText.fitted(DisplayText.sanitized(row.name), to: nameWidth)
            let dots = " " + String(repeating: "·", count: max(0, nameWidth - DisplayText.width(name) - 1))
            let value = values[index]
            let valuePad = String(repeating: " ", count: valueWidth - DisplayText.width(value))
            let plain = numberPart + name + dots + " " + valuePad + value
            lines.append(
                Line(plain, styled: numberPart + name + style(dots, .dim) + " " + valuePad + style(value, .bold)))
        }
        return lines
    }

    // MARK: - Styles

    enum Style: String {
        case plain = ""
        case bold = "1"
        case dim = "2"
        case green = "32"
        case yellow = "33"
        case red = "31"
        case blue = "34"
        case cyanBold = "1;36"
    }

    private func style(_ text: String, _ style: Style) -> String {
        guard options.colors, style != .plain, !text.isEmpty else { return text }
        return "\u{1B}[\(style.rawValue)m" + text + "\u{1B}[0m"
    }

    private func pad(_ text: String, _ columns: Int) -> String {
        String(repeating: " ", count: max(0, columns - DisplayText.width(text)))
    }

    /// The symbol that marks a badge's tone without colour.
    static func symbol(for tone: Tone) -> String {
        switch tone {
        case .neutral: "○"
        case .info: "ℹ"
        case .positive: "✔"
        case .warning: "▲"
        case .critical: "✖"
        }
    }

    static func color(for tone: Tone) -> Style {
        switch tone {
        case .neutral: .dim
        case .info: .blue
        case .positive: .green
        case .warning: .yellow
        case .critical: .red
        }
    }
}
