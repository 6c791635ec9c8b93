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
    /// v1.0: the agent's answer to the action `actionID` (its `value`; `nil` when the answer is an `error`).
    case actionResponse(actionID: String, value: GeneratedContent?)

    /// The surface the message is for (empty for an `actionResponse`, which names an action instead).
    public var surfaceID: String {
        switch self {
        case .createSurface(let id, _, _, _), .updateComponents(let id, _), .updateDataModel(let id, _, _),
            .deleteSurface(let id):
            id
        case .actionResponse: ""
        }
    }

    public static func == (lhs: A2UIMessage, rhs: A2UIMessage) -> Bool {
        switch (lhs, rhs) {
        case (.createSurface(let a, let b, let c, let d), .createSurface(let e, let f, let g, let h)):
            a == e && b == f && c == g && d == h
        case (.updateComponents(let a, let b), .updateComponents(let c, let d)):
            a == c && b.map(\.pointer) == d.map(\.pointer) && b.map(\.component) == d.map(\.component)
        case (.updateDataModel(let a, let b, let c), .updateDataModel(let d, let e, let f)): a == d && b == e && c == f
        case (.deleteSurface(let a), .deleteSurface(let b)): a == b
        case (.actionResponse(let a, let b), .actionResponse(let c, let d)): a == c && b == d
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(surfaceID)
    }
}

/// Reads one line of an A2UI stream into messages, checking it against the shapes of the official schemas of the
/// version it names (`server_to_client.json`, `common_types.json` and the basic `catalog.json` of v0.9, v0.9.1 and,
/// when asked for, the v1.0 release candidate).
///
/// The envelope must be exactly right or the message is rejected. Inside `updateComponents` (and a v1.0
/// `createSurface` that carries its components), each component is checked on its own: a component that is not valid
/// is left out with a located problem, and the others are kept.
public struct A2UIMessageReader: Sendable {
    /// The limits applied.
    public var limits: A2UILimits
    /// The versions read (``A2UIVersion/released`` unless the v1.0 candidate is asked for); a message of any other
    /// version is refused with one ``A2UIProblem/Kind/unsupportedVersion``.
    public var versions: Set<A2UIVersion>

    /// Creates a reader.
    public init(limits: A2UILimits = .default, versions: Set<A2UIVersion> = A2UIVersion.released) {
        self.limits = limits
        self.versions = versions
    }

    /// The message on `text` (one line), with the problems found and the version it carries; `nil` when the line
    /// cannot be used at all (or, in v1.0, holds a message genui does not act on). A v1.0 `createSurface` with its
    /// components and data is one message here; ``readMessages(_:line:)`` gives all three.
    ///
    /// A message of a version genui does not read (``A2UIVersion``) is refused whole with one
    /// ``A2UIProblem/Kind/unsupportedVersion`` at `/version`; its `version` is then `nil`.
    public func read(_ text: String, line: Int?) -> (
        message: A2UIMessage?, problems: [A2UIProblem], version: A2UIVersion?
    ) {
        let read = readMessages(text, line: line)
        return (read.messages.first, read.problems, read.version)
    }

    /// The messages on `text` (one line) in the order to apply them, with the problems found and the version the line
    /// carries. A v1.0 `createSurface` that carries `components` or `dataModel` gives the surface, then its
    /// components, then its data; a valid v1.0 `actionResponse` gives ``A2UIMessage/actionResponse(actionID:value:)``;
    /// a valid `callFunction` gives none (genui renders and runs no function for the agent), and no problem.
    public func readMessages(_ text: String, line: Int?) -> (
        messages: [A2UIMessage], problems: [A2UIProblem], version: A2UIVersion?
    ) {
        func refused(_ kind: A2UIProblem.Kind, _ key: String, _ arguments: [String: String] = [:], pointer: String = "")
            -> (messages: [A2UIMessage], problems: [A2UIProblem], version: A2UIVersion?)
        {
            (
                [],
                [
                    A2UIProblem(
                        kind, line: line, pointer: pointer, text: A2UIProblemText("a2ui.detail." + key, arguments))
                ], nil
            )
        }
        guard text.utf8.count <= limits.maximumMessageBytes else {
            return refused(
                .limitExceeded, "messageTooLarge",
                ["size": String(text.utf8.count), "limit": String(limits.maximumMessageBytes)])
        }
        let content: GeneratedContent
        do {
            content = try JSONParser.parse(
                text, limits: .init(maximumBytes: limits.maximumMessageBytes, maximumDepth: limits.maximumJSONDepth))
        } catch {
            // The parser's own detail, in English; a caller words it in the user's language (A2UIProblemText).
            let reason = error.context.underlying(DecodingDetail.self)?.description ?? error.context.debugDescription
            return refused(.notJSON, "notJSON", ["jsonError": reason])
        }
        guard let top = content.orderedProperties else { return refused(.invalidMessage, "messageNotObject") }
        let supported = A2UIVersion.list(versions)
        guard let given = top.first(where: { $0.key == "version" })?.value else {
            return refused(.invalidMessage, "missingVersion", ["supported": supported])
        }
        guard case .string(let name) = given.kind, let version = A2UIVersion(rawValue: name), versions.contains(version)
        else {
            var candidate = false
            if case .string(let name) = given.kind { candidate = A2UIVersion(rawValue: name)?.isCandidate == true }
            return refused(
                .unsupportedVersion, candidate ? "candidateVersion" : "unsupportedVersion",
                ["found": A2UICatalogWalk.found(given), "supported": supported], pointer: "/version")
        }
        let (messages, problems, valid) = Envelope(line: line, version: version, limits: limits).read(top)
        return (messages, problems, valid ? version : nil)
    }
}

/// The envelope of one message whose version was accepted, read by the rules of that version.
private struct Envelope {
    let line: Int?
    let version: A2UIVersion
    let limits: A2UILimits

    /// The message kinds of the version, and the properties each allows beside `version` at the top.
    var kinds: [(name: String, companions: Set<String>)] {
        let common = [
            ("createSurface", Set<String>()), ("updateComponents", []), ("updateDataModel", []), ("deleteSurface", []),
        ]
        guard version == .v1_0 else { return common }
        return common + [("callFunction", ["functionCallId", "wantResponse"]), ("actionResponse", ["actionId"])]
    }

    func problem(_ pointer: String, _ key: String, _ arguments: [String: String] = [:], surface: String? = nil)
        -> A2UIProblem
    {
        var arguments = arguments
        arguments["version"] = version.rawValue
        return A2UIProblem(
            .invalidMessage, line: line, surfaceID: surface, pointer: pointer,
            text: A2UIProblemText("a2ui.detail." + key, arguments))
    }

    /// The keys of the theme's problems that v1.0's surfaceProperties words with its own name.
    static let surfacePropertyKeys = [
        "a2ui.detail.themeNotObject": "a2ui.detail.surfacePropertiesNotObject",
        "a2ui.detail.themeType": "a2ui.detail.surfacePropertyType",
        "a2ui.detail.themeURL": "a2ui.detail.surfacePropertyURL",
    ]

    /// The messages, their problems, and whether the envelope was valid.
    func read(_ top: [(key: String, value: GeneratedContent)]) -> ([A2UIMessage], [A2UIProblem], Bool) {
        func invalid(_ pointer: String, _ key: String, _ arguments: [String: String] = [:], surface: String? = nil) -> (
            [A2UIMessage], [A2UIProblem], Bool
        ) {
            ([], [problem(pointer, key, arguments, surface: surface)], false)
        }
        let names = kinds.map(\.name)
        let allowedKinds = names.joined(separator: ", ")
        let companions = kinds.reduce(into: Set<String>()) { $0.formUnion($1.companions) }
        let given = top.map(\.key).filter { $0 != "version" && !companions.contains($0) }
        guard let kind = given.first else { return invalid("", "noMessageKind", ["allowed": allowedKinds]) }
        guard given.count == 1 else {
            return invalid("", "manyMessageKinds", ["allowed": allowedKinds, "found": given.joined(separator: ", ")])
        }
        guard let entry = kinds.first(where: { $0.name == kind }) else {
            return invalid(JSONPointer.escape(kind), "unknownMessageKind", ["kind": kind, "allowed": allowedKinds])
        }
        if let extra = top.first(where: { $0.key != "version" && $0.key != kind && !entry.companions.contains($0.key) })
        {
            return invalid(
                JSONPointer.escape(extra.key), "messageUnknownProperty",
                [
                    "kind": "message", "property": extra.key,
                    "allowed": (["version", kind] + entry.companions.sorted()).joined(separator: ", "),
                ])
        }
        let base = JSONPointer.escape(kind)
        let body = top.first { $0.key == kind }!.value
        guard let properties = body.orderedProperties else {
            return invalid(base, "messageBodyNotObject", ["kind": kind])
        }
        let lookup = Dictionary(properties.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        if kind == "callFunction" || kind == "actionResponse" {
            let problems = request(kind, properties: properties, top: top)
            guard problems.isEmpty, kind == "actionResponse",
                case .string(let id)? = top.first(where: { $0.key == "actionId" })?.value.kind
            else {
                return ([], problems, problems.isEmpty)
            }
            return ([.actionResponse(actionID: id, value: lookup["value"])], [], true)
        }
        let allowed: [String]
        switch kind {
        case "createSurface":
            allowed =
                version == .v1_0
                ? ["surfaceId", "catalogId", "surfaceProperties", "sendDataModel", "components", "dataModel"]
                : ["surfaceId", "catalogId", "theme", "sendDataModel"]
        case "updateComponents": allowed = ["surfaceId", "components"]
        case "updateDataModel": allowed = ["surfaceId", "path", "value"]
        default: allowed = ["surfaceId"]
        }
        if let extra = properties.first(where: { !allowed.contains($0.key) }) {
            return invalid(
                base + JSONPointer.escape(extra.key), "messageUnknownProperty",
                [
                    "kind": kind, "property": extra.key, "allowed": allowed.joined(separator: ", "),
                ])
        }
        guard case .string(let surfaceID)? = lookup["surfaceId"]?.kind else {
            return invalid(base + "/surfaceId", "messageNeedsString", ["kind": kind, "property": "surfaceId"])
        }
        switch kind {
        case "createSurface":
            guard case .string(let catalog)? = lookup["catalogId"]?.kind else {
                return invalid(
                    base + "/catalogId", "messageNeedsString", ["kind": kind, "property": "catalogId"],
                    surface: surfaceID)
            }
            var send = false
            if let flag = lookup["sendDataModel"] {
                guard case .bool(let value) = flag.kind else {
                    return invalid(
                        base + "/sendDataModel", "messageNeedsBoolean",
                        ["kind": kind, "property": "sendDataModel", "found": A2UICatalogWalk.found(flag)],
                        surface: surfaceID)
                }
                send = value
            }
            // v1.0 renamed the theme to surfaceProperties (without primaryColor); the values are read the same way.
            let themeName = version == .v1_0 ? "surfaceProperties" : "theme"
            var theme = lookup[themeName]
            if version == .v1_0, let given = theme?.orderedProperties {
                theme = GeneratedContent(
                    orderedProperties: given.filter { $0.key == "agentDisplayName" || $0.key == "iconUrl" })
            }
            if version == .v1_0, let data = lookup["dataModel"], data.orderedProperties == nil {
                return invalid(
                    base + "/dataModel", "messageNeedsObject",
                    ["kind": kind, "property": "dataModel", "found": A2UICatalogWalk.found(data)], surface: surfaceID)
            }
            // In v1.0 only agentDisplayName and iconUrl are defined; any other key is allowed and left alone.
            var problems = located(
                A2UITheme.read(theme, pointer: base + "/" + themeName).problems.map { problem in
                    // The theme's checks, worded for surfaceProperties in v1.0.
                    guard version == .v1_0, var text = problem.text, let renamed = Self.surfacePropertyKeys[text.key]
                    else { return problem }
                    text.key = renamed
                    var worded = A2UIProblem(problem.kind, pointer: problem.pointer, text: text)
                    worded.componentID = problem.componentID
                    return worded
                }, surfaceID)
            var messages: [A2UIMessage] = [
                .createSurface(surfaceID: surfaceID, catalogID: catalog, theme: theme, sendDataModel: send)
            ]
            if version == .v1_0, let list = lookup["components"] {
                guard let (kept, found) = components(list, at: base + "/components", surfaceID: surfaceID) else {
                    return invalid(base + "/components", "componentsNotList", ["kind": kind], surface: surfaceID)
                }
                problems += found
                messages.append(.updateComponents(surfaceID: surfaceID, components: kept))
            }
            if version == .v1_0, let data = lookup["dataModel"] {
                messages.append(.updateDataModel(surfaceID: surfaceID, path: "/", value: data))
            }
            return (messages, problems, true)
        case "updateComponents":
            guard let list = lookup["components"],
                let (kept, problems) = components(list, at: base + "/components", surfaceID: surfaceID)
            else {
                return invalid(base + "/components", "componentsNotList", ["kind": kind], surface: surfaceID)
            }
            return ([.updateComponents(surfaceID: surfaceID, components: kept)], problems, true)
        case "updateDataModel":
            var path = "/"
            if let given = lookup["path"] {
                guard case .string(let text) = given.kind, text.isEmpty || text.hasPrefix("/") else {
                    return invalid(
                        base + "/path", "pathNotPointer", ["found": A2UICatalogWalk.found(given)], surface: surfaceID)
                }
                path = text
            }
            var value = lookup["value"]
            if version == .v1_0 {
                // v1.0 requires the value; null removes the key at path (v0.9 removes it when the value is absent).
                guard let given = value else { return invalid(base, "valueRequired", surface: surfaceID) }
                if case .null = given.kind { value = nil }
            }
            return ([.updateDataModel(surfaceID: surfaceID, path: path, value: value)], [], true)
        default:
            return ([.deleteSurface(surfaceID: surfaceID)], [], true)
        }
    }

    /// The problems with the line and surface filled in.
    func located(_ problems: [A2UIProblem], _ surfaceID: String) -> [A2UIProblem] {
        problems.map {
            var p = $0
            p.line = line
            p.surfaceID = surfaceID
            return p
        }
    }

    /// A component list checked one component at a time: the components kept, with their pointers, and the problems;
    /// `nil` when `list` is not a non-empty array.
    func components(_ list: GeneratedContent, at base: String, surfaceID: String)
        -> (kept: [(pointer: String, component: GeneratedContent)], problems: [A2UIProblem])?
    {
        guard let list = list.elements, !list.isEmpty else { return nil }
        var kept: [(pointer: String, component: GeneratedContent)] = []
        var problems: [A2UIProblem] = []
        var firstPointer: [String: String] = [:]
        for (index, component) in list.enumerated() {
            let pointer = base + "/\(index)"
            var found = A2UIComponentChecker.problems(component, pointer: pointer, version: version)
            if case .string(let id)? = component.orderedProperties?.first(where: { $0.key == "id" })?.value.kind {
                if let first = firstPointer[id] {
                    found.insert(
                        A2UIProblem(
                            .duplicateComponent, pointer: pointer + "/id", componentID: id,
                            text: A2UIProblemText("a2ui.detail.duplicateComponent", ["id": id, "first": first])), at: 0)
                } else {
                    firstPointer[id] = pointer
                }
            }
            problems += located(found, surfaceID)
            // A duplicate still replaces the earlier component, as a later update would; a component that breaks
            // the catalog is left out.
            if !found.contains(where: { $0.kind != .duplicateComponent }) { kept.append((pointer, component)) }
        }
        return (kept, problems)
    }

    /// The problems of a v1.0 `callFunction` or `actionResponse`: checked as the schema states them, then skipped.
    /// A called function the basic catalog defines is checked against its definition; another one may belong to a
    /// catalog genui does not know, so only its shape is checked.
    func request(
        _ kind: String, properties: [(key: String, value: GeneratedContent)],
        top: [(key: String, value: GeneratedContent)]
    ) -> [A2UIProblem] {
        let fields = Dictionary(top.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        let base = "/" + kind
        if kind == "actionResponse" {
            guard case .string? = fields["actionId"]?.kind else {
                return [problem("/actionId", "messageNeedsString", ["kind": "message", "property": "actionId"])]
            }
            if let extra = properties.first(where: { $0.key != "value" && $0.key != "error" }) {
                return [
                    problem(
                        base + JSONPointer.escape(extra.key), "messageUnknownProperty",
                        ["kind": kind, "property": extra.key, "allowed": "value, error"])
                ]
            }
            guard properties.count == 1 else {
                return [
                    problem(
                        base, "manyMessageKinds",
                        ["allowed": "value, error", "found": properties.map(\.key).joined(separator: ", ")])
                ]
            }
            guard let error = properties.first(where: { $0.key == "error" })?.value else { return [] }
            guard let entries = error.orderedProperties else {
                return [
                    problem(
                        base + "/error", "messageNeedsObject",
                        ["kind": kind, "property": "error", "found": A2UICatalogWalk.found(error)])
                ]
            }
            for name in ["code", "message"] {
                guard case .string? = entries.first(where: { $0.key == name })?.value.kind else {
                    return [
                        problem(
                            base + "/error/" + name, "messageNeedsString", ["kind": kind + ".error", "property": name])
                    ]
                }
            }
            if let extra = entries.first(where: { $0.key != "code" && $0.key != "message" }) {
                return [
                    problem(
                        base + "/error" + JSONPointer.escape(extra.key), "messageUnknownProperty",
                        ["kind": kind + ".error", "property": extra.key, "allowed": "code, message"])
                ]
            }
            return []
        }
        guard case .string? = fields["functionCallId"]?.kind else {
            return [
                problem("/functionCallId", "messageNeedsString", ["kind": "message", "property": "functionCallId"])
            ]
        }
        if let flag = fields["wantResponse"], !A2UICatalogWalk.isBoolean(flag) {
            return [
                problem(
                    "/wantResponse", "messageNeedsBoolean",
                    ["kind": "message", "property": "wantResponse", "found": A2UICatalogWalk.found(flag)])
            ]
        }
        var walk = A2UICatalogWalk(type: "callFunction", version: version)
        if case .string(let name)? = properties.first(where: { $0.key == "call" })?.value.kind,
            A2UIFunctionCatalog.definition(name) == nil, name != "@index"
        {
            // A function of a catalog genui does not know: its call and arguments have the shape of a call.
            for entry in properties where entry.key != "call" && entry.key != "args" {
                walk.report(
                    .invalidFunction, "/" + entry.key, "a2ui.detail.unknownCallPropertyOf",
                    ["name": entry.key, "property": "callFunction", "allowed": "call, args"])
            }
        } else {
            walk.call(GeneratedContent(orderedProperties: properties), returning: nil, at: "")
        }
        return walk.findings.map { A2UIProblem($0.kind, line: line, pointer: base + $0.pointer, text: $0.text) }
    }
}
