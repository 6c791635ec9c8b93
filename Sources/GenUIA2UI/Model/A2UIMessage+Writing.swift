import GenUI

extension A2UIMessage {
    /// The protocol version every message carries.
    public static let version = "v0.9"

    /// The message as it goes on the wire: a JSON object with `version` and the message's one key, in the order of the
    /// official examples. What ``A2UIMessageReader`` reads back is this message.
    public var content: GeneratedContent {
        let body: (String, GeneratedContent)
        switch self {
        case .createSurface(let surfaceID, let catalogID, let theme, let sendDataModel):
            var properties: [(String, GeneratedContent)] = [
                ("surfaceId", text(surfaceID)), ("catalogId", text(catalogID)),
            ]
            if let theme { properties.append(("theme", theme)) }
            if sendDataModel { properties.append(("sendDataModel", GeneratedContent(kind: .bool(true)))) }
            body = ("createSurface", GeneratedContent(orderedProperties: properties))
        case .updateComponents(let surfaceID, let components):
            body = (
                "updateComponents",
                GeneratedContent(orderedProperties: [
                    ("surfaceId", text(surfaceID)),
                    ("components", GeneratedContent(kind: .array(components.map(\.component)))),
                ])
            )
        case .updateDataModel(let surfaceID, let path, let value):
            var properties: [(String, GeneratedContent)] = [("surfaceId", text(surfaceID)), ("path", text(path))]
            if let value { properties.append(("value", value)) }
            body = ("updateDataModel", GeneratedContent(orderedProperties: properties))
        case .deleteSurface(let surfaceID):
            body = ("deleteSurface", GeneratedContent(orderedProperties: [("surfaceId", text(surfaceID))]))
        case .actionResponse(let actionID, let value):
            // A v1.0 message only; an answer without a value is written as an error.
            let answer =
                value.map { ("value", $0) }
                ?? ("error", GeneratedContent(orderedProperties: [("code", text("ERROR")), ("message", text(""))]))
            return GeneratedContent(orderedProperties: [
                ("version", text(A2UIVersion.v1_0.rawValue)),
                ("actionResponse", GeneratedContent(orderedProperties: [answer])),
                ("actionId", text(actionID)),
            ])
        }
        return GeneratedContent(orderedProperties: [("version", text(Self.version)), body])
    }

    /// The message as one line of a JSON Lines stream, newline included.
    public var line: String { content.jsonString + "\n" }

    /// Components with the pointers ``A2UIMessageReader`` gives them in an `updateComponents` message.
    public static func updateComponents(surfaceID: String, _ components: [GeneratedContent]) -> A2UIMessage {
        .updateComponents(
            surfaceID: surfaceID,
            components: components.enumerated().map {
                (pointer: "/updateComponents/components/\($0.offset)", component: $0.element)
            })
    }

    private func text(_ value: String) -> GeneratedContent { GeneratedContent(kind: .string(value)) }
}
