/// Context options are written with the prompt they were sent with (a ``Transcript`` is `Codable`):
/// `{"includeSchemaInPrompt": true, "reasoningLevel": "deep"}`, each key only when set, and a provider's own level as
/// `{"custom": "name"}`.
extension ContextOptions: Codable {
    private enum Keys: String, CodingKey { case includeSchemaInPrompt, reasoningLevel }

    /// Reads options written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            includeSchemaInPrompt: try container.decodeIfPresent(Bool.self, forKey: .includeSchemaInPrompt),
            reasoningLevel: try container.decodeIfPresent(ReasoningLevel.self, forKey: .reasoningLevel))
    }

    /// Writes the options that are set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(includeSchemaInPrompt, forKey: .includeSchemaInPrompt)
        try container.encodeIfPresent(reasoningLevel, forKey: .reasoningLevel)
    }
}

/// A level is written by name (`light`, `moderate`, `deep`), a provider's own as `{"custom": "name"}`.
extension ContextOptions.ReasoningLevel: Codable {
    private enum Keys: String, CodingKey { case custom }

    /// Reads a level written by ``encode(to:)``; an unknown name is a decoding error.
    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Keys.self), keyed.contains(.custom) {
            self = .custom(try keyed.decode(String.self, forKey: .custom))
            return
        }
        let name = try decoder.singleValueContainer().decode(String.self)
        switch name {
        case "light": self = .light
        case "moderate": self = .moderate
        case "deep": self = .deep
        default:
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "unknown reasoning level '\(name)'; expected light, moderate, deep or {\"custom\": name}"))
        }
    }

    /// Writes the level by name, or a provider's own as `{"custom": "name"}`.
    public func encode(to encoder: any Encoder) throws {
        let name: String
        switch self {
        case .light: name = "light"
        case .moderate: name = "moderate"
        case .deep: name = "deep"
        case .custom(let custom):
            var keyed = encoder.container(keyedBy: Keys.self)
            try keyed.encode(custom, forKey: .custom)
            return
        }
        var single = encoder.singleValueContainer()
        try single.encode(name)
    }
}
