@_spi(Reading) import GenUI

/// The body of `POST /completion`: the templated prompt, the token limit, streaming and the prompt cache, sampling,
/// the repetition controls and the constraint (genui's grammar or a JSON Schema for llama.cpp to convert).
///
/// An instructions prefix put into the slot (``PromptPrefix``) is a body with no output, no `stream` and nothing
/// after `cache_prompt`.
struct CompletionRequest: Encodable {
    /// The sampling fields, in llama-server's terms.
    struct Sampling: Encodable, Equatable {
        /// Greedy decoding: temperature 0, top-k 1, the fixed seed.
        var greedySeed: UInt64?
        var topK: Int?
        /// Nucleus sampling: `top_p`, with `top_k` 0 so the threshold alone decides.
        var topP: Double?
        var seed: UInt64?
        var temperature: Double?

        /// No sampling field: llama-server's defaults.
        static let serverDefaults = Sampling()

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            try encode(into: &container)
        }

        /// Writes the fields into a body's container (they sit beside the other fields, not in an object of their own).
        func encode(into container: inout KeyedEncodingContainer<WireKey>) throws {
            if let greedySeed {
                try container.encode(0.0, forKey: "temperature")
                try container.encode(1, forKey: "top_k")
                try container.encode(greedySeed, forKey: "seed")
                return
            }
            try container.encodeIfPresent(topK, forKey: "top_k")
            if let topP {
                try container.encode(topP, forKey: "top_p")
                try container.encode(0, forKey: "top_k")
            }
            try container.encodeIfPresent(seed, forKey: "seed")
            try container.encodeIfPresent(temperature, forKey: "temperature")
        }
    }

    /// How the output is constrained, when it is.
    enum Constraint {
        /// A GBNF grammar (`grammar`).
        case grammar(String)
        /// A JSON Schema llama.cpp converts itself (`json_schema`).
        case jsonSchema(JSONValueCoding)
    }

    var prompt: String
    /// `n_predict`: the most tokens to generate (0: evaluate the prompt only).
    var tokenLimit: Int
    /// `stream`: answer as server-sent events; left out of a prefix's body.
    var stream: Bool?
    /// `cache_prompt`: reuse what the slot holds.
    var cachePrompt: Bool
    var sampling = Sampling.serverDefaults
    var repetition = RepetitionControls()
    var constraint: Constraint?
    /// The base64 of each image whose media marker the prompt holds, in order (``MediaPrompt``); the prompt is then
    /// sent as `{"prompt_string": …, "multimodal_data": […]}`.
    var media: [String] = []

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        if media.isEmpty {
            try container.encode(prompt, forKey: "prompt")
        } else {
            var object = container.nestedContainer(keyedBy: WireKey.self, forKey: "prompt")
            try object.encode(prompt, forKey: "prompt_string")
            try object.encode(media, forKey: "multimodal_data")
        }
        try container.encode(tokenLimit, forKey: "n_predict")
        try container.encodeIfPresent(stream, forKey: "stream")
        try container.encode(cachePrompt, forKey: "cache_prompt")
        try sampling.encode(into: &container)
        try repetition.encode(into: &container)
        switch constraint {
        case .grammar(let text)?: try container.encode(text, forKey: "grammar")
        case .jsonSchema(let schema)?: try container.encode(schema, forKey: "json_schema")
        case nil: break
        }
    }
}

/// A key of a body written field by field.
struct WireKey: CodingKey, ExpressibleByStringLiteral {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(stringLiteral value: String) { stringValue = value }
}

extension RepetitionControls {
    /// Writes the `/completion` fields these controls set (finite values only) into a body's container.
    func encode(into container: inout KeyedEncodingContainer<WireKey>) throws {
        if let repeatPenalty, repeatPenalty.isFinite { try container.encode(repeatPenalty, forKey: "repeat_penalty") }
        try container.encodeIfPresent(repeatLastTokens, forKey: "repeat_last_n")
        if let dryMultiplier, dryMultiplier.isFinite { try container.encode(dryMultiplier, forKey: "dry_multiplier") }
        if let dryBase, dryBase.isFinite { try container.encode(dryBase, forKey: "dry_base") }
        try container.encodeIfPresent(dryAllowedLength, forKey: "dry_allowed_length")
        try container.encodeIfPresent(dryLastTokens, forKey: "dry_penalty_last_n")
        try container.encodeIfPresent(drySequenceBreakers, forKey: "dry_sequence_breakers")
    }
}
