import GenUI

/// A problem found in an A2UI stream: what went wrong and exactly where, so the sender can fix it.
///
/// A problem never stops the stream: the message or component it names is skipped (or shown as a placeholder) and
/// everything else still renders.
public struct A2UIProblem: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of problem.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A line that is not JSON (or exceeds the parser's size or depth bounds).
        case notJSON
        /// A message that does not follow the official schema of its version (v0.9, v0.9.1, or the v1.0 candidate).
        case invalidMessage
        /// A component whose `component` is not in the basic catalog.
        case unknownComponent
        /// A child id that names no component of the surface.
        case danglingChild
        /// A component that contains itself.
        case cycle
        /// A data binding whose path holds no value.
        case missingPath
        /// A message for a surface that was never created (or was deleted).
        case unknownSurface
        /// A `createSurface` for a surface that already exists.
        case duplicateSurface
        /// A surface without a component with the id `root`.
        case missingRoot
        /// A function call that is not in the basic catalog or whose arguments cannot be used.
        case invalidFunction
        /// A documented limit (message size, component count, depth, nodes, surfaces) was reached.
        case limitExceeded
        /// Two components of one `updateComponents` with the same id.
        case duplicateComponent
        /// A `theme` value of `createSurface` that the catalog's theme does not allow (it is ignored).
        case invalidTheme
        /// A message of an A2UI version genui does not read (``A2UIVersion``): it is skipped, and reported once per
        /// version in a stream.
        case unsupportedVersion
    }

    /// What went wrong.
    public var kind: Kind
    /// The 1-based line of the stream the problem comes from, when known.
    public var line: Int?
    /// The surface concerned, when known.
    public var surfaceID: String?
    /// The JSON pointer of the offending value inside its message (or the data model path for `missingPath`).
    /// Every string of a problem is kept to its first 1,000 bytes (the detail to 2,000), with `…` when cut.
    public var pointer: String
    /// The component concerned, when there is one.
    public var componentID: String?
    /// A short English explanation, with what to do.
    public var detail: String
    /// The detail as a message of the localized catalog, when it is one (``detail`` is then its English text).
    public var text: A2UIProblemText?

    /// Creates a problem.
    public init(
        _ kind: Kind, line: Int? = nil, surfaceID: String? = nil, pointer: String = "", componentID: String? = nil,
        detail: String
    ) {
        // Values from the stream can be a megabyte long; a problem keeps a bounded start of each.
        self.kind = kind
        self.line = line
        self.surfaceID = surfaceID.map { A2UISize.clipped($0, bytes: 1_000) }
        self.pointer = A2UISize.clipped(pointer, bytes: 1_000)
        self.componentID = componentID.map { A2UISize.clipped($0, bytes: 1_000) }
        self.detail = A2UISize.clipped(detail, bytes: 2_000)
    }

    /// Creates a problem whose detail is a message of the localized catalog.
    public init(
        _ kind: Kind, line: Int? = nil, surfaceID: String? = nil, pointer: String = "", componentID: String? = nil,
        text: A2UIProblemText
    ) {
        self.init(
            kind, line: line, surfaceID: surfaceID, pointer: pointer, componentID: componentID, detail: text.english)
        self.text = text
    }

    /// The location as text: `line 3, surface s, component c, at /updateComponents/components/2`.
    public var location: String {
        var parts: [String] = []
        if let line { parts.append("line \(line)") }
        if let surfaceID {
            parts.append("surface \(TerminalSafeText.sanitized(surfaceID, lines: .singleLine, maximumLength: 80))")
        }
        if let componentID {
            parts.append("component \(TerminalSafeText.sanitized(componentID, lines: .singleLine, maximumLength: 80))")
        }
        if !pointer.isEmpty {
            parts.append("at \(TerminalSafeText.sanitized(pointer, lines: .singleLine, maximumLength: 200))")
        }
        return parts.joined(separator: ", ")
    }

    /// `location: detail`, safe to print (every string from the stream is sanitized).
    public var description: String {
        let text = TerminalSafeText.sanitized(detail, lines: .singleLine, maximumLength: 400)
        return location.isEmpty ? text : "\(location): \(text)"
    }
}
