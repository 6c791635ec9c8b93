import Foundation
import GenUI

/// The client side of A2UI v0.9 and v0.9.1, and of the v1.0 release candidate when asked for (``A2UIVersion``): takes a
/// stream of server-to-client messages (one JSON object per line), incrementally, for any number of surfaces, and
/// answers with the surfaces' resolved trees, two-way binding and action messages.
///
/// Nothing in the stream can stop it: every bad line or component becomes an ``A2UIProblem`` with its line, JSON
/// pointer and component id, and the rest still renders.
public struct A2UIClient: Sendable {
    /// The limits applied.
    public let limits: A2UILimits
    /// The versions read (``A2UIVersion/released`` unless the v1.0 candidate is asked for). Each message is read by
    /// the rules of the version it names; this set only decides which versions are read at all.
    public let versions: Set<A2UIVersion>
    /// The live surfaces by id.
    public private(set) var surfaces: [String: A2UISurface] = [:]
    /// The live surfaces' ids, in the order they were created.
    public private(set) var surfaceOrder: [String] = []
    /// The problems met while reading the stream, in order: the first ``A2UILimits/maximumProblems``.
    public private(set) var problems: [A2UIProblem] = []
    /// How many problems were met after ``problems`` was full (counted, not kept).
    public private(set) var droppedProblemCount = 0
    /// The estimated bytes all surfaces hold (data models and components), bounded by
    /// ``A2UILimits/maximumStoredBytes``.
    public private(set) var storedBytes = 0
    /// The lines read so far.
    public private(set) var lineCount = 0
    /// The messages skipped because genui does not read their version (``A2UIVersion``); the first of each version
    /// is reported as a problem, the rest only counted here.
    public private(set) var unsupportedVersionMessageCount = 0
    /// The valid v1.0 messages genui does not act on — `callFunction` (it renders, and runs no function for the
    /// agent) and an `actionResponse` to an action it is not waiting for — skipped without a problem and counted here.
    public private(set) var skippedRequestCount = 0
    /// The actions sent with ``sendAction(surfaceID:componentID:timestamp:)`` that wait for an `actionResponse`, by
    /// `actionId`: where to keep the answer. At most ``maximumPendingActions``; the oldest is forgotten first.
    private var pendingActions: [String: (surfaceID: String, path: String)] = [:]
    private var pendingOrder: [String] = []
    /// How many actions wait for an answer at once.
    public static let maximumPendingActions = 256
    /// The versions refused so far (each reported once); at most ``maximumReportedVersions`` are remembered.
    private var refusedVersions: Set<String> = []
    /// How many distinct unsupported versions are reported in one stream; later ones are skipped silently.
    static let maximumReportedVersions = 16
    private var pending = ""

    /// Creates a client with no surfaces that reads `versions`.
    public init(limits: A2UILimits = .default, versions: Set<A2UIVersion> = A2UIVersion.released) {
        self.limits = limits
        self.versions = versions
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
    /// Returns the problems of this chunk that were kept (see ``problems``).
    @discardableResult
    public mutating func receive(_ chunk: String) -> [A2UIProblem] {
        var found: [A2UIProblem] = []
        // Only the new chunk is searched for a line break, so a long line sent a byte at a time costs linear time.
        if chunk.contains(where: { $0 == "\n" || $0 == "\r\n" }) {
            pending += chunk
            // One pass over the text: each line is cut out once, and only the unfinished rest is kept.
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) {
                found += process(line: String(pending[start..<newline]))
                start = pending.index(after: newline)
            }
            pending = String(pending[start...])
        } else {
            pending += chunk
        }
        if pending.utf8.count > limits.maximumMessageBytes {
            lineCount += 1
            let problem = A2UIProblem(
                .limitExceeded, line: lineCount,
                text: A2UIProblemText("a2ui.detail.lineTooLong", ["limit": String(limits.maximumMessageBytes)]))
            pending = ""
            found += record([problem])
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

    /// Processes one line of the stream (counted for locations even when blank); returns its problems that were kept.
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
        let (messages, reported, version) = A2UIMessageReader(limits: limits, versions: versions).readMessages(
            text, line: lineCount)
        var found = reported
        if messages.isEmpty, version == .v1_0 { skippedRequestCount += 1 }
        if let refusal = found.first(where: { $0.kind == .unsupportedVersion }) {
            // A stream in another version would repeat the same problem on every line: it is reported once.
            unsupportedVersionMessageCount += 1
            let name = refusal.text?.arguments["found"] ?? ""
            guard !refusedVersions.contains(name), refusedVersions.count < Self.maximumReportedVersions else {
                return []
            }
            refusedVersions.insert(name)
            found = [refusal]
        }
        var all = found
        for message in messages { all += apply(message, line: lineCount, version: version ?? .v0_9) }
        // Components left out for breaking the catalog are remembered, so what refers to them says why it is missing.
        for problem in found
        where problem.kind != .duplicateComponent && problem.pointer.hasPrefix("/updateComponents/components/") {
            guard let surfaceID = problem.surfaceID, let id = problem.componentID else { continue }
            surfaces[surfaceID]?.reject(id: id, line: lineCount, limit: limits.maximumComponents)
        }
        return record(all)
    }

    /// Keeps `found` while fewer than ``A2UILimits/maximumProblems`` are kept and counts the rest; returns those kept.
    private mutating func record(_ found: [A2UIProblem]) -> [A2UIProblem] {
        let room = max(0, limits.maximumProblems - problems.count)
        let kept = Array(found.prefix(room))
        problems += kept
        droppedProblemCount += found.count - kept.count
        return kept
    }

    /// Applies one message of `version` (a surface keeps the version of its `createSurface` and answers in it);
    /// returns the problems it causes.
    public mutating func apply(_ message: A2UIMessage, line: Int? = nil, version: A2UIVersion = .v0_9) -> [A2UIProblem]
    {
        let id = message.surfaceID
        func problem(_ kind: A2UIProblem.Kind, _ pointer: String, _ key: String, _ arguments: [String: String] = [:])
            -> [A2UIProblem]
        {
            [
                A2UIProblem(
                    kind, line: line, surfaceID: id, pointer: pointer,
                    text: A2UIProblemText("a2ui.detail." + key, arguments))
            ]
        }
        switch message {
        case .createSurface(_, let catalog, let theme, let send):
            guard surfaces[id] == nil else {
                return problem(.duplicateSurface, "/createSurface/surfaceId", "surfaceExists")
            }
            guard surfaces.count < limits.maximumSurfaces else {
                return problem(
                    .limitExceeded, "/createSurface", "tooManySurfaces", ["limit": String(limits.maximumSurfaces)])
            }
            var surface = A2UISurface(id: id, catalogID: catalog, theme: theme, sendDataModel: send, version: version)
            surface.storedBytes =
                A2UISize.estimatedBytes(surface.dataModel.root) + (theme.map { A2UISize.estimatedBytes($0) } ?? 0)
            storedBytes += surface.storedBytes
            surfaces[id] = surface
            surfaceOrder.append(id)
            return []
        case .updateComponents(_, let components):
            guard var surface = surfaces[id] else {
                return problem(.unknownSurface, "/updateComponents/surfaceId", "surfaceNotCreated")
            }
            var found: [A2UIProblem] = []
            for (pointer, component) in components {
                guard
                    case .string(let componentID)? = component.orderedProperties?.first(where: { $0.key == "id" })?
                        .value.kind,
                    case .string(let type)? = component.orderedProperties?.first(where: { $0.key == "component" })?
                        .value.kind
                else { continue }
                if surface.components[componentID] == nil, surface.components.count >= limits.maximumComponents {
                    found.append(
                        A2UIProblem(
                            .limitExceeded, line: line, surfaceID: id, pointer: pointer, componentID: componentID,
                            text: A2UIProblemText(
                                "a2ui.detail.tooManyComponents", ["limit": String(limits.maximumComponents)])))
                    continue
                }
                let removed = surface.components[componentID].map { A2UISize.estimatedBytes($0.content) } ?? 0
                let added = A2UISize.estimatedBytes(component, limit: limits.maximumStoredBytes)
                guard storedBytes - removed + added <= limits.maximumStoredBytes else {
                    found.append(
                        A2UIProblem(
                            .limitExceeded, line: line, surfaceID: id, pointer: pointer, componentID: componentID,
                            text: storageText(added)))
                    continue
                }
                storedBytes += added - removed
                surface.storedBytes += added - removed
                surface.store(.init(content: component, type: type, line: line, pointer: pointer), id: componentID)
            }
            surfaces[id] = surface
            return found
        case .updateDataModel(_, let path, let value):
            guard var surface = surfaces[id] else {
                return problem(.unknownSurface, "/updateDataModel/surfaceId", "surfaceNotCreated")
            }
            if let refusal = update(&surface, value, at: path) {
                return [
                    A2UIProblem(refusal.kind, line: line, surfaceID: id, pointer: refusal.pointer, text: refusal.text)
                ]
            }
            surfaces[id] = surface
            return []
        case .actionResponse(let actionID, let value):
            // The answer to an action this client sent: its value is kept at the event's responsePath.
            guard let pending = pendingActions.removeValue(forKey: actionID) else {
                skippedRequestCount += 1
                return []
            }
            pendingOrder.removeAll { $0 == actionID }
            guard let value, var surface = surfaces[pending.surfaceID] else { return [] }
            if let refusal = update(&surface, value, at: pending.path) {
                return [
                    A2UIProblem(
                        refusal.kind, line: line, surfaceID: pending.surfaceID, pointer: "/actionResponse/value",
                        text: refusal.text)
                ]
            }
            surfaces[pending.surfaceID] = surface
            return []
        case .deleteSurface:
            guard let removed = surfaces.removeValue(forKey: id) else {
                return problem(.unknownSurface, "/deleteSurface/surfaceId", "surfaceMissing")
            }
            storedBytes -= removed.storedBytes
            surfaceOrder.removeAll { $0 == id }
            return []
        }
    }

    /// Sets the value at `path` of a surface's data model, as a user's input does (two-way binding); every
    /// component bound to that path shows it on the next resolution. Returns `false` for an unknown surface or a
    /// path that cannot hold a value.
    /// The same bounds as `updateDataModel` apply: the path depth and the stored bytes.
    @discardableResult
    public mutating func setValue(_ value: GeneratedContent, at path: String, surfaceID: String) -> Bool {
        guard var surface = surfaces[surfaceID], update(&surface, value, at: path) == nil else { return false }
        surfaces[surfaceID] = surface
        return true
    }

    /// Applies one data model update to `surface` within the limits (path depth, JSON depth, stored bytes); the
    /// reason when it is refused, with the pointer (inside `updateDataModel`) of what caused it.
    private mutating func update(_ surface: inout A2UISurface, _ value: GeneratedContent?, at path: String)
        -> (kind: A2UIProblem.Kind, pointer: String, text: A2UIProblemText)?
    {
        let tokens = A2UIDataModel.tokenCount(path)
        guard tokens <= limits.maximumPathDepth else {
            return (
                .limitExceeded, "/updateDataModel/path",
                A2UIProblemText(
                    "a2ui.detail.pathTooDeep", ["count": String(tokens), "limit": String(limits.maximumPathDepth)])
            )
        }
        if let value, A2UISize.depth(value, limit: limits.maximumJSONDepth) > limits.maximumJSONDepth {
            return (
                .limitExceeded, "/updateDataModel/value",
                A2UIProblemText("a2ui.detail.valueTooDeep", ["limit": String(limits.maximumJSONDepth)])
            )
        }
        let change = surface.dataModel.sizeChange(value, at: path, limit: limits.maximumStoredBytes)
        guard storedBytes - change.removed + change.added <= limits.maximumStoredBytes else {
            return (.limitExceeded, "/updateDataModel/value", storageText(change.added))
        }
        do {
            try surface.dataModel.update(value, at: path, maximumPathDepth: limits.maximumPathDepth)
        } catch {
            return (
                .invalidMessage, "/updateDataModel/path",
                A2UIProblemText("a2ui.detail.pathThroughValue", ["path": A2UISize.clipped(path)])
            )
        }
        storedBytes += change.added - change.removed
        surface.storedBytes += change.added - change.removed
        return nil
    }

    private func storageText(_ added: Int) -> A2UIProblemText {
        A2UIProblemText(
            "a2ui.detail.storageFull",
            ["limit": String(limits.maximumStoredBytes), "held": String(storedBytes), "added": String(added)])
    }

    /// The resolved tree of a surface, or `nil` when there is no such surface.
    public func resolve(surfaceID: String) -> A2UIResolution? {
        surfaces[surfaceID]?.resolve(limits: limits)
    }

    /// The resolved trees of the surfaces `ids` that exist, in that order, all spending one evaluation budget
    /// (``A2UILimits/maximumEvaluationWork``): one rendering of many surfaces does no more work than one of a single
    /// surface may.
    public func resolve(surfaceIDs ids: [String]) -> [A2UIResolution] {
        var budget = A2UIEvaluationBudget(limit: limits.maximumEvaluationWork)
        return ids.compactMap { id in surfaces[id].map { $0.resolve(limits: limits, budget: &budget) } }
    }

    /// The client-to-server `action` message for pressing the Button `componentID` (the first one in the tree, for
    /// a Button repeated by a template), with its context resolved against the data model now; `nil` when the
    /// surface or button does not exist or its action is a local function call. On a v1.0 surface, an event with
    /// `wantResponse` also carries `wantResponse` and a new `actionId` the agent's `actionResponse` names.
    public func action(surfaceID: String, componentID: String, timestamp: Date = Date()) -> GeneratedContent? {
        actionAndEvent(surfaceID: surfaceID, componentID: componentID, timestamp: timestamp)?.message
    }

    /// ``action(surfaceID:componentID:timestamp:)``, remembering a v1.0 action that waits for an answer with a
    /// `responsePath`, so that the agent's `actionResponse` is kept there in the data model.
    public mutating func sendAction(surfaceID: String, componentID: String, timestamp: Date = Date())
        -> GeneratedContent?
    {
        guard
            let (message, event) = actionAndEvent(surfaceID: surfaceID, componentID: componentID, timestamp: timestamp)
        else { return nil }
        let body = message.orderedProperties?.first { $0.key == "action" }?.value
        if let path = event.responsePath,
            case .string(let id)? = body?.orderedProperties?.first(where: { $0.key == "actionId" })?.value.kind
        {
            if pendingOrder.count >= Self.maximumPendingActions { pendingActions[pendingOrder.removeFirst()] = nil }
            pendingActions[id] = (surfaceID, path)
            pendingOrder.append(id)
        }
        return message
    }

    private func actionAndEvent(surfaceID: String, componentID: String, timestamp: Date) -> (
        message: GeneratedContent, event: A2UINode.Event
    )? {
        guard let resolution = resolve(surfaceID: surfaceID),
            let node = resolution.root?.first(where: { $0.id == componentID && $0.type == "Button" }),
            let event = node.action
        else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var action = GeneratedContent(orderedProperties: [
            ("name", GeneratedContent(kind: .string(event.name))),
            ("surfaceId", GeneratedContent(kind: .string(surfaceID))),
            ("sourceComponentId", GeneratedContent(kind: .string(componentID))),
            ("timestamp", GeneratedContent(kind: .string(formatter.string(from: timestamp)))),
            ("context", event.context),
        ])
        let version = surfaces[surfaceID]?.version ?? .v0_9
        if version == .v1_0, event.wantResponse {
            action = GeneratedContent(
                orderedProperties: (action.orderedProperties ?? []) + [
                    ("wantResponse", GeneratedContent(kind: .bool(true))),
                    ("actionId", GeneratedContent(kind: .string(UUID().uuidString.lowercased()))),
                ])
        }
        return (
            GeneratedContent(orderedProperties: [
                ("version", GeneratedContent(kind: .string(version.rawValue))), ("action", action),
            ]), event
        )
    }
}
