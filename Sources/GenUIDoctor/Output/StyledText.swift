import GenUI

/// Text in segments, each with an optional style: colour is added when it is printed, after each segment's text
/// has been made terminal-safe, so a value from outside can never carry a colour code or any other escape.
package struct StyledText: ExpressibleByStringLiteral, Sendable {
    /// One run of text in one style.
    package struct Segment: Sendable {
        package var text: String
        package var style: Terminal.Style?
    }

    private(set) var segments: [Segment]

    /// `text` in `style` (none: plain).
    package init(_ text: String, _ style: Terminal.Style? = nil) {
        segments = [Segment(text: text, style: style)]
    }

    package init(stringLiteral value: String) {
        self.init(value)
    }

    private init(segments: [Segment]) {
        self.segments = segments
    }

    package static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
        StyledText(segments: lhs.segments + rhs.segments)
    }

    package static func + (lhs: String, rhs: StyledText) -> StyledText { StyledText(lhs) + rhs }

    package static func + (lhs: StyledText, rhs: String) -> StyledText { lhs + StyledText(rhs) }

    /// The parts joined with `separator` between them.
    package static func joined(_ parts: [StyledText], separator: String) -> StyledText {
        var segments: [Segment] = []
        for (index, part) in parts.enumerated() {
            if index > 0 { segments.append(Segment(text: separator, style: nil)) }
            segments += part.segments
        }
        return StyledText(segments: segments)
    }

    /// The text as printed: each segment sanitised (``TerminalSafeText``), then wrapped in its colour code when
    /// `colour` is set.
    package func rendered(colour: Bool) -> String {
        segments.map { segment in
            let safe = TerminalSafeText.sanitized(segment.text, maximumLength: nil)
            guard colour, let style = segment.style, !safe.isEmpty else { return safe }
            return "\u{1B}[\(style.rawValue)m\(safe)\u{1B}[0m"
        }.joined()
    }
}
