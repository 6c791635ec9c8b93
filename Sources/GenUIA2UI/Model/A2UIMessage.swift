import GenUI

/// One server-to-client message of A2UI v0.9 (and v0.9.1, which has the same messages).
public enum A2UIMessage: Sendable, Hashable {
    /// Starts a surface.
    case createSurface(surfaceID: String, catalogID: String, theme: GeneratedContent?, sendDataModel: Bool)
    /// Adds or replaces components (by id) of a surface; each comes with its JSON pointer inside the message.
    case updateComponents(surfaceID: String, components: [(pointer: String, component: GeneratedContent)])
    /// Replaces (or, without a value, removes) the data at a path.
    case updateDataModel(surfaceID: String, path: String, value: GeneratedContent?)
    /// Removes a surface.
    case deleteSurface(surfaceID: String)

    /// The surface the message is for.
    public var surfaceID: String {
        switch self {
        case .createSurface(let id, _, _, _), .updateComponents(let id, _), .updateDataModel(let id, _, _), .deleteSurface(let id): id
        }
    }

    public static func == (lhs: A2UIMessage, rhs: A2UIMessage) -> Bool {
        switch (lhs, rhs) {
        case (.createSurface(let a, let b, let c, let d), .createSurface(let e, let f, let g, let h)): a == e && b == f && c == g && d == h
        case (.updateComponents(let a, let b), .updateComponents(let c, let d)):
            a == c && b.map(\.pointer) == d.map(\.pointer) && b.map(\.component) == d.map(\.component)
        case (.updateDataModel(let a, let b, let c), .updateDataModel(let d, let e, let f)): a == d && b == e && c == f
        case (.deleteSurface(let a), .deleteSurface(let b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(surfaceID)
    }
}

/// Reads one line of an A2UI stream into a message, checking it against the shapes of the official v0.9 schemas
/// (`server_to_client.json`, `common_types.json` and the basic `catalog.json`).
///
/// The envelope must be exactly right or the message is rejected. Inside `updateComponents`, each component is
/// checked on its own: a component that is not valid is left out with a located problem, and the others are kept.
public struct A2UIMessageReader: Sendable {
    /// The limits applied.
    public var limits: A2UILimits

    /// Creates a reader.
    public init(limits: A2UILimits = .default) {
        self.limits = limits
    }

    /// The message on `text` (one line), with the problems found and the version it carries; `nil` when the line
    /// cannot be used at all.
    ///
    /// A message of a version genui does not read (``A2UIVersion``) is refused whole with one
    /// ``A2UIProblem/Kind/unsupportedVersion`` at `/version`; its `version` is then `nil`.
    public func read(_ text: String, line: Int?) -> (message: A2UIMessage?, problems: [A2UIProblem], version: A2UIVersion?) {
        guard text.utf8.count <= limits.maximumMessageBytes else {
            return (nil, [A2UIProblem(.limitExceeded, line: line, detail: "the message is \(text.utf8.count) bytes; at most \(limits.maximumMessageBytes) are accepted. Split the update into smaller messages.")], nil)
        }
        let content: GeneratedContent
        do {
            content = try JSONParser.parse(text, limits: .init(maximumBytes: limits.maximumMessageBytes, maximumDepth: limits.maximumJSONDepth))
        } catch {
            return (nil, [A2UIProblem(.notJSON, line: line, detail: "the line is not JSON (\(error)). Send one JSON object per line.")], nil)
        }
        func invalid(_ pointer: String, _ detail: String, surface: String? = nil) -> (A2UIMessage?, [A2UIProblem], A2UIVersion?) {
            (nil, [A2UIProblem(.invalidMessage, line: line, surfaceID: surface, pointer: pointer, detail: detail)], nil)
        }
        guard let top = content.orderedProperties else { return invalid("", "a message must be a JSON object") }
        let keys = top.map(\.key)
        guard let given = top.first(where: { $0.key == "version" })?.value else {
            return (nil, [A2UIProblem(.invalidMessage, line: line, text: A2UIProblemText("a2ui.detail.missingVersion", ["supported": A2UIVersion.supportedList]))], nil)
        }
        guard case .string(let name) = given.kind, let version = A2UIVersion(rawValue: name) else {
            return (nil, [A2UIProblem(.unsupportedVersion, line: line, pointer: "/version", text: A2UIProblemText("a2ui.detail.unsupportedVersion", [
                "found": A2UICatalogWalk.found(given), "supported": A2UIVersion.supportedList,
            ]))], nil)
        }
        let (message, problems) = read(top: top, keys: keys, line: line)
        return (message, problems, message == nil ? nil : version)
    }

    /// The message of an envelope whose version was accepted.
    private func read(top: [(key: String, value: GeneratedContent)], keys: [String], line: Int?) -> (A2UIMessage?, [A2UIProblem]) {
        var problems: [A2UIProblem] = []
        func invalid(_ pointer: String, _ detail: String, surface: String? = nil) -> (A2UIMessage?, [A2UIProblem]) {
            (nil, [A2UIProblem(.invalidMessage, line: line, surfaceID: surface, pointer: pointer, detail: detail)])
        }
        let kinds = keys.filter { $0 != "version" }
        guard kinds.count == 1, let kind = kinds.first, let body = top.first(where: { $0.key == kind })?.value else {
            return invalid("", "a message has \"version\" and exactly one of createSurface, updateComponents, updateDataModel, deleteSurface; this one has \(kinds.isEmpty ? "none" : kinds.joined(separator: ", "))")
        }
        let base = JSONPointer.escape(kind)
        guard let properties = body.orderedProperties else { return invalid(base, "\(kind) must be an object") }
        let names = properties.map(\.key)
        let allowed: Set<String>
        switch kind {
        case "createSurface": allowed = ["surfaceId", "catalogId", "theme", "sendDataModel"]
        case "updateComponents": allowed = ["surfaceId", "components"]
        case "updateDataModel": allowed = ["surfaceId", "path", "value"]
        case "deleteSurface": allowed = ["surfaceId"]
        default: return invalid(JSONPointer.escape(kind), "unknown message kind; expected createSurface, updateComponents, updateDataModel or deleteSurface")
        }
        if let extra = names.first(where: { !allowed.contains($0) }) {
            return invalid(base + JSONPointer.escape(extra), "\(kind) has no property \"\(extra)\"")
        }
        let lookup = Dictionary(properties.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        guard case .string(let surfaceID)? = lookup["surfaceId"]?.kind else {
            return invalid(base + "/surfaceId", "\(kind) needs a string surfaceId")
        }
        switch kind {
        case "createSurface":
            guard case .string(let catalog)? = lookup["catalogId"]?.kind else {
                return invalid(base + "/catalogId", "createSurface needs a string catalogId", surface: surfaceID)
            }
            // A theme value the catalog does not allow is reported and left out; the surface is still created.
            let themeProblems = A2UITheme.read(lookup["theme"], pointer: base + "/theme").problems
            problems += themeProblems.map { var p = $0; p.line = line; p.surfaceID = surfaceID; return p }
            var send = false
            if let flag = lookup["sendDataModel"] {
                guard case .bool(let value) = flag.kind else { return invalid(base + "/sendDataModel", "sendDataModel must be a boolean", surface: surfaceID) }
                send = value
            }
            return (.createSurface(surfaceID: surfaceID, catalogID: catalog, theme: lookup["theme"], sendDataModel: send), problems)
        case "updateComponents":
            guard let list = lookup["components"]?.elements, !list.isEmpty else {
                return invalid(base + "/components", "components must be a non-empty array", surface: surfaceID)
            }
            var kept: [(String, GeneratedContent)] = []
            var firstPointer: [String: String] = [:]
            for (index, component) in list.enumerated() {
                let pointer = base + "/components/\(index)"
                var found = A2UIComponentChecker.problems(component, pointer: pointer)
                if case .string(let id)? = component.orderedProperties?.first(where: { $0.key == "id" })?.value.kind {
                    if let first = firstPointer[id] {
                        found.insert(A2UIProblem(.duplicateComponent, pointer: pointer + "/id", componentID: id,
                            text: A2UIProblemText("a2ui.detail.duplicateComponent", ["id": id, "first": first])), at: 0)
                    } else {
                        firstPointer[id] = pointer
                    }
                }
                problems += found.map { var p = $0; p.line = line; p.surfaceID = surfaceID; return p }
                // A duplicate still replaces the earlier component, as a later update would; a component that breaks
                // the catalog is left out.
                if !found.contains(where: { $0.kind != .duplicateComponent }) { kept.append((pointer, component)) }
            }
            return (.updateComponents(surfaceID: surfaceID, components: kept.map { (pointer: $0.0, component: $0.1) }), problems)
        case "updateDataModel":
            var path = "/"
            if let given = lookup["path"] {
                guard case .string(let text) = given.kind else { return invalid(base + "/path", "path must be a string", surface: surfaceID) }
                guard text.isEmpty || text.hasPrefix("/") else { return invalid(base + "/path", "path must be a JSON pointer starting with /", surface: surfaceID) }
                path = text
            }
            return (.updateDataModel(surfaceID: surfaceID, path: path, value: lookup["value"]), [])
        default:
            return (.deleteSurface(surfaceID: surfaceID), [])
        }
    }
}
