/// Options are written with the prompt they were sent with (a ``Transcript`` is `Codable`): the sampling mode by name
/// with its parameters, the temperature and the response-token limit, each left out when unset.
extension GenerationOptions: Codable {
    private enum CodingKeys: String, CodingKey {
        case sampling, temperature, maximumResponseTokens, toolCallingMode
    }

    /// Reads options written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            sampling: try container.decodeIfPresent(SamplingMode.self, forKey: .sampling),
            temperature: try container.decodeIfPresent(Double.self, forKey: .temperature),
            maximumResponseTokens: try container.decodeIfPresent(Int.self, forKey: .maximumResponseTokens))
        toolCallingMode = try container.decodeIfPresent(String.self, forKey: .toolCallingMode).map { name in
            guard let kind = ToolCallingMode.Kind(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .toolCallingMode, in: container,
                    debugDescription: "unknown tool-calling mode '\(name)'; expected allowed, required or disallowed")
            }
            return ToolCallingMode(kind: kind)
        }
    }

    /// Writes the options that are set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(sampling, forKey: .sampling)
        try container.encodeIfPresent(temperature, forKey: .temperature)
        try container.encodeIfPresent(maximumResponseTokens, forKey: .maximumResponseTokens)
        try container.encodeIfPresent(toolCallingMode?.kind.rawValue, forKey: .toolCallingMode)
    }
}

extension GenerationOptions.SamplingMode: Codable {
    private enum CodingKeys: String, CodingKey {
        case mode, top, probabilityThreshold, seed
    }

    /// Reads a mode written by ``encode(to:)``: `greedy`, `top` (with `top`) or `probabilityThreshold` (with
    /// `probabilityThreshold`), each random mode with an optional `seed`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let seed = try container.decodeIfPresent(UInt64.self, forKey: .seed)
        switch try container.decode(String.self, forKey: .mode) {
        case "greedy":
            self = .greedy
        case "top":
            self = .random(top: try container.decode(Int.self, forKey: .top), seed: seed)
        case "probabilityThreshold":
            self = .random(
                probabilityThreshold: try container.decode(Double.self, forKey: .probabilityThreshold), seed: seed)
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .mode, in: container,
                debugDescription: "unknown sampling mode '\(other)'; expected greedy, top or probabilityThreshold")
        }
    }

    /// Writes the mode by name, with its parameters.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch mode {
        case .greedy:
            try container.encode("greedy", forKey: .mode)
        case .topK(let k, let seed):
            try container.encode("top", forKey: .mode)
            try container.encode(k, forKey: .top)
            try container.encodeIfPresent(seed, forKey: .seed)
        case .nucleus(let threshold, let seed):
            try container.encode("probabilityThreshold", forKey: .mode)
            try container.encode(threshold, forKey: .probabilityThreshold)
            try container.encodeIfPresent(seed, forKey: .seed)
        }
    }
}
