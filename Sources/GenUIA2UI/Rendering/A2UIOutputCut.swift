/// Where a rendering stopped because it reached its bounds (``A2UILimits/maximumOutputLines``,
/// ``A2UILimits/maximumOutputBytes``): the surface, and the component from which on nothing more is shown.
public struct A2UIOutputCut: Sendable, Hashable {
    /// The surface being rendered when the bound was reached.
    public var surfaceID: String
    /// The first component left out (or cut short), when the cut fell inside a component.
    public var componentID: String?
    /// The line bound (terminal text), or `nil` for bytes-only formats (HTML, JSON).
    public var maximumLines: Int?
    /// The byte bound.
    public var maximumBytes: Int

    /// Creates a cut.
    public init(surfaceID: String, componentID: String?, maximumLines: Int?, maximumBytes: Int) {
        self.surfaceID = surfaceID
        self.componentID = componentID
        self.maximumLines = maximumLines
        self.maximumBytes = maximumBytes
    }

    /// The cut as a located `limitExceeded` problem.
    public var problem: A2UIProblem {
        let text =
            maximumLines.map {
                A2UIProblemText("a2ui.detail.outputCutLines", ["lines": String($0), "bytes": String(maximumBytes)])
            }
            ?? A2UIProblemText("a2ui.detail.outputCutBytes", ["bytes": String(maximumBytes)])
        return A2UIProblem(.limitExceeded, surfaceID: surfaceID, componentID: componentID, text: text)
    }

    /// The English notice shown where the output was cut (a caller may show its own, localized one instead).
    public static func englishNotice(_ cut: A2UIOutputCut) -> String {
        let bound = cut.maximumLines.map { "\($0) lines or \(cut.maximumBytes) bytes" } ?? "\(cut.maximumBytes) bytes"
        let place =
            "surface \(A2UISize.clipped(cut.surfaceID, bytes: 80))"
            + (cut.componentID.map { ", component \(A2UISize.clipped($0, bytes: 80))" } ?? "")
        return "[output cut at its limit of \(bound): the rest of \(place) on is not shown]"
    }
}

/// A rendering and, when it reached its bounds, where it was cut.
public struct A2UIRenderedOutput: Sendable, Hashable {
    /// The output (the notice of the cut included).
    public var text: String
    /// Where the output was cut, or `nil` when everything is shown.
    public var cut: A2UIOutputCut?
}

/// What one rendering may still produce. Every piece of text a renderer reads from a node is paid for here before
/// it is looked at, so the work of a rendering is bounded by its output bounds, however large the values are.
final class A2UIOutputBudget {
    let maximumLines: Int?
    let maximumBytes: Int
    /// The bounds as documented (before the reserve for the notice).
    let bounds: (lines: Int?, bytes: Int)
    private(set) var lines = 0
    private(set) var bytes = 0
    /// The surface being rendered (for the cut's location).
    var surfaceID = ""
    private(set) var cut: A2UIOutputCut?

    /// A budget whose bounds leave room for the notice of a cut (`reserve` bytes and one line).
    init(maximumLines: Int?, maximumBytes: Int, reserve: Int) {
        self.maximumLines = maximumLines.map { max(1, $0 - 1) }
        self.maximumBytes = max(0, maximumBytes - reserve)
        self.bounds = (maximumLines, maximumBytes)
    }

    var isExhausted: Bool { cut != nil }
    var remainingBytes: Int { max(0, maximumBytes - bytes) }

    /// Records the cut at `componentID` (the first one only).
    func stop(at componentID: String?) {
        if cut == nil {
            cut = A2UIOutputCut(
                surfaceID: surfaceID, componentID: componentID, maximumLines: bounds.lines, maximumBytes: bounds.bytes)
        }
    }

    /// Takes `count` lines and `size` bytes when they fit; otherwise records the cut at `componentID`.
    func take(lines count: Int = 0, bytes size: Int, at componentID: String?) -> Bool {
        guard !isExhausted else { return false }
        if let maximumLines, lines + count > maximumLines {
            stop(at: componentID)
            return false
        }
        guard bytes + size <= maximumBytes else {
            stop(at: componentID)
            return false
        }
        lines += count
        bytes += size
        return true
    }

    /// `text` cut to the bytes left, those bytes paid for; the cut is recorded when `text` did not fit whole.
    func consume(_ text: String, at componentID: String?) -> String {
        guard !isExhausted else { return "" }
        let kept = A2UISize.prefix(text, bytes: remainingBytes)
        bytes += kept.utf8.count
        if kept.utf8.count < text.utf8.count { stop(at: componentID) }
        return kept
    }
}
