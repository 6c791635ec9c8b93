import GenUIScreens

/// The screen drawn on the terminal while the model writes it: each preview replaces the one before, and the
/// final, validated screen (or an error) replaces the last.
///
/// Used only when stdout is a terminal and the output is text: a pipe or a file gets the final screen alone. A
/// preview is cut to the terminal's height (less one row), so the cursor can always return to its first line.
struct LiveScreenPreview {
    private let renderer: TerminalRenderer
    private let maximumLines: Int
    /// Lines the preview on screen takes (0 when nothing is drawn).
    private var drawnLines = 0

    /// A preview drawn at `width` columns on a terminal of `height` rows.
    init(colors: Bool, width: Int, height: Int) {
        renderer = TerminalRenderer(options: .init(colors: colors, width: width))
        maximumLines = max(1, height - 1)
    }

    /// Replaces the preview on screen with `screen`.
    mutating func draw(_ screen: UIScreen) {
        var lines = renderer.render(screen).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        lines = Array(lines.prefix(maximumLines))
        erase()
        Console.out(lines.joined(separator: "\n") + "\n")
        drawnLines = lines.count
    }

    /// Removes the preview from the screen, if one is drawn.
    mutating func erase() {
        guard drawnLines > 0 else { return }
        Printer.eraseLines(drawnLines)
        drawnLines = 0
    }
}
