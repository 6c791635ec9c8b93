import Foundation
import GenUI

/// The client side of A2UI v0.9: takes a stream of server-to-client messages (one JSON object per line),
/// incrementally, for any number of surfaces, and answers with the surfaces' resolved trees, two-way binding and
/// action messages.
///
/// Nothing in the stream can stop it: every bad line or component becomes an ``A2UIProblem`` with its line, JSON
/// pointer and component id, and the rest still renders.
public struct A2UIClient: Sendable {
    /// The limits applied.
    public let limits: A2UILimits
    /// The live surfaces by id.
    public private(set) var surfaces: [String: A2UISurface] = [:]
    /// The live surfaces' ids, in the order they were created.
    public private(set) var surfaceOrder: [String] = []
    /// Every problem met while reading the stream, in order.
    public private(set) var problems: [A2UIProblem] = []
    /// The lines read so far.
    public private(set) var lineCount = 0
    private var pending = ""

    /// Creates a client with no surfaces.
    public init(limits: A2UILimits = .default) {
        self.limits = limits
    }

    /// Reads a whole JSONL text (every complete line; a last line without a newline too).
    @discardableResult
    public mutating func process(jsonl: String) -> [A2UIProblem] {
        var found = receive(jsonl)
        found += finish()
        return found
    }

    /// Feeds a chunk of the stream: complete lines are processed now, a partial last line waits for the rest.
    /// Lines starting with `data:` (Server-Sent Events) are read as their payload; other SSE fields are ignored.
    @discardableResult
    public mutating func receive(_ chunk: String) -> [A2UIProblem] {
        pending += chunk
        var found: [A2UIProblem] = []
        // One pass over the text: each line is cut out once, and only the unfinished rest is kept.
        var start = pending.startIndex
        while let newline = pending[start...].firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) {
            found += process(line: String(pending[start..<newline]))
            start = pending.index(after: newline)
        }
        pending = String(pending[start...])
        if pending.utf8.count > limits.maximumMessageBytes {
            lineCount += 1
            let problem = A2UIProblem(.limitExceeded, line: lineCount, detail: "a line longer than \(limits.maximumMessageBytes) bytes was dropped")
            pending = ""
            problems.append(problem)
            found.append(problem)
        }
        return found
    }

    /// Processes whatever is left after the last newline (call at the end of the stream).
    @discardableResult
    public mutating func finish() -> [A2UIProblem] {
        guard !pending.isEmpty else { return [] }
        let line = pending
        pending = ""
        return process(line: line)
    }

    /// Processes one line of the stream (counted for locations even when blank).
    @discardableResult
    public mutating func process(line raw: String) -> [A2UIProblem] {
        lineCount += 1
        var text = raw.hasSuffix("\r") ? String(raw.dropLast()) : raw
        if text.hasPrefix("data:") {
            text = String(text.dropFirst(5))
        } else if text.hasPrefix("event:") || text.hasPrefix("id:") || text.hasPrefix("retry:") || text.hasPrefix(":") {
            return []
        }
        guard text.contains(where: { !$0.isWhitespace }) else { return [] }
        let (message, found) = A2UIMessageReader(limits: limits).read(text, line: lineCount)
        var all = found
        if let message { all += apply(message, line: lineCount) }
        problems += all
        return all
    }

    /// Applies one message; returns the problems it causes.
    public mutating func apply(_ message: A2UIMessage, line: Int? = nil) -> [A2UIProblem] {
        let id = message.surfaceID
        func problem(_ kind: A2UIProblem.Kind, _ pointer: String, _ detail: String) -> [A2UIProblem] {
            [A2UIProblem(kind, line: line, surfaceID: id, pointer: pointer, detail: detail)]
        }
        switch message {
        case .createSurface(_, let catalog, let theme, let send):
            guard surfaces[id] == nil else {
                return problem(.duplicateSurface, "/createSurface/surfaceId", "the surface already exists; send deleteSurface first")
            }
            guard surfaces.count < limits.maximumSurfaces else {
                return problem(.limitExceeded, "/createSurface", "at most \(limits.maximumSurfaces) surfaces can be open at once")
            }
            surfaces[id] = A2UISurface(id: id, catalogID: catalog, theme: theme, sendDataModel: send)
            surfaceOrder.append(id)
            return []
        case .updateComponents(_, let components):
            guard var surface = surfaces[id] else {
                return problem(.unknownSurface, "/updateComponents/surfaceId", "no surface with this id was created; send createSurface first")
            }
            var found: [A2UIProblem] = []
            for (pointer, component) in components {
                guard case .string(let componentID)? = component.orderedProperties?.first(where: { $0.key == "id" })?.value.kind,
                    case .string(let type)? = component.orderedProperties?.first(where: { $0.key == "component" })?.value.kind
                else { continue }
                if surface.components[componentID] == nil, surface.components.count >= limits.maximumComponents {
                    found.append(A2UIProblem(.limitExceeded, line: line, surfaceID: id, pointer: pointer, componentID: componentID,
                        detail: "a surface holds at most \(limits.maximumComponents) components; this one was dropped"))
                    continue
                }
                surface.store(.init(content: component, type: type, line: line, pointer: pointer), id: componentID)
            }
            surfaces[id] = surface
            return found
        case .updateDataModel(_, let path, let value):
            guard var surface = surfaces[id] else {
                return problem(.unknownSurface, "/updateDataModel/surfaceId", "no surface with this id was created; send createSurface first")
            }
            guard surface.dataModel.setValue(value, at: path) else {
                return problem(.invalidMessage, "/updateDataModel/path", "the path \(path) runs through a value that is neither an object nor an array")
            }
            surfaces[id] = surface
            return []
        case .deleteSurface:
            guard surfaces.removeValue(forKey: id) != nil else {
                return problem(.unknownSurface, "/deleteSurface/surfaceId", "no surface with this id exists")
            }
            surfaceOrder.removeAll { $0 == id }
            return []
        }
    }

    /// Sets the value at `path` of a surface's data model, as a user's input does (two-way binding); every
    /// component bound to that path shows it on the next resolution. Returns `false` for an unknown surface or a
    /// path that cannot hold a value.
    @discardableResult
    public mutating func setValue(_ value: GeneratedContent, at path: String, surfaceID: String) -> Bool {
        guard var surface = surfaces[surfaceID], surface.dataModel.setValue(value, at: path) else { return false }
        surfaces[surfaceID] = surface
        return true
    }

    /// The resolved tree of a surface, or `nil` when there is no such surface.
    public func resolve(surfaceID: String) -> A2UIResolution? {
        surfaces[surfaceID]?.resolve(limits: limits)
    }

    /// The client-to-server `action` message for pressing the Button `componentID` (the first one in the tree, for
    /// a Button repeated by a template), with its context resolved against the data model now; `nil` when the
    /// surface or button does not exist or its action is a local function call.
    public func action(surfaceID: String, componentID: String, timestamp: Date = Date()) -> GeneratedContent? {
        guard let resolution = resolve(surfaceID: surfaceID), let node = resolution.root?.first(where: { $0.id == componentID && $0.type == "Button" }),
            let event = node.action
        else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let action = GeneratedContent(orderedProperties: [
            ("name", GeneratedContent(kind: .string(event.name))),
            ("surfaceId", GeneratedContent(kind: .string(surfaceID))),
            ("sourceComponentId", GeneratedContent(kind: .string(componentID))),
            ("timestamp", GeneratedContent(kind: .string(formatter.string(from: timestamp)))),
            ("context", event.context),
        ])
        return GeneratedContent(orderedProperties: [("version", GeneratedContent(kind: .string("v0.9"))), ("action", action)])
    }
}
