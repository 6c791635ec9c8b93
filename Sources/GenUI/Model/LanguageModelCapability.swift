/// Something a language model can do beyond plain text generation.
///
/// Foundation Models 27 names `guidedGeneration`, `toolCalling`, `vision` and `reasoning`; genui adds
/// `streaming` and `seededSampling` and lets providers declare more (the type is open, like a string enum).
public struct LanguageModelCapability: RawRepresentable, Sendable, Hashable, Codable, Comparable,
    CustomStringConvertible
{
    /// The capability's stable name, as written in `providers.yml` and on the command line.
    public var rawValue: String

    /// Creates a capability from its stable name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Output constrained to a schema during decoding (JSON schema, grammar, forced tool).
    public static let guidedGeneration = LanguageModelCapability(rawValue: "guided-generation")
    /// The model can call tools.
    public static let toolCalling = LanguageModelCapability(rawValue: "tool-calling")
    /// The model accepts images.
    public static let vision = LanguageModelCapability(rawValue: "vision")
    /// The model has a separate reasoning phase.
    public static let reasoning = LanguageModelCapability(rawValue: "reasoning")
    /// Tokens arrive incrementally while the model generates.
    public static let streaming = LanguageModelCapability(rawValue: "streaming")
    /// The same seed with the same input gives the same output.
    public static let seededSampling = LanguageModelCapability(rawValue: "seeded-sampling")

    /// The backend counts a request's tokens exactly (``RoutableModel/tokenCount(for:)`` asks it rather than
    /// estimating), so a chain's context check uses its count.
    public static let tokenCounting = LanguageModelCapability(rawValue: "token-counting")

    /// The capabilities genui knows by name.
    public static let known: [LanguageModelCapability] = [
        .guidedGeneration, .toolCalling, .vision, .reasoning, .streaming, .seededSampling, .tokenCounting,
    ]

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
