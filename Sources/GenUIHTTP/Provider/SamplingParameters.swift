import GenUI

/// ``GenerationOptions`` resolved into the sampling fields HTTP backends understand.
public struct SamplingParameters: Sendable, Hashable {
    /// Temperature; 0 for greedy sampling.
    public var temperature: Double?
    /// Top-k; 1 for greedy sampling.
    public var topK: Int?
    /// Nucleus threshold.
    public var topP: Double?
    /// Random seed.
    public var seed: UInt64?
    /// Token limit for the response.
    public var maximumTokens: Int?

    /// Resolves `options`: greedy sampling means temperature 0 and top-k 1 whatever the temperature says.
    public init(_ options: GenerationOptions) {
        maximumTokens = options.maximumResponseTokens
        temperature = options.temperature
        if let sampling = options.sampling {
            if sampling.isGreedy {
                temperature = 0
                topK = 1
            }
            if let k = sampling.topK { topK = k }
            if let p = sampling.probabilityThreshold { topP = p }
            seed = sampling.seed
        }
    }

    /// The seed as sent: seeds above 2^53 are folded into the range a JSON number holds exactly, keeping them
    /// deterministic.
    public var wireSeed: Int? { seed.map { Int($0 % (1 << 53)) } }

    /// ``wireSeed`` as a JSON number.
    public var seedNumber: GeneratedContent? { wireSeed.map(GeneratedContent.integer) }
}
