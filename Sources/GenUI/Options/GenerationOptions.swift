/// How a model samples its output: the Foundation Models `GenerationOptions`.
///
/// Options are checked when a request is made: an out-of-range value is an ``GenUIError/invalidRequest(_:)``
/// naming the field, never silently clamped.
public struct GenerationOptions: Sendable, Hashable {
    /// How the next token is chosen.
    public struct SamplingMode: Sendable, Hashable {
        enum Mode: Sendable, Hashable {
            case greedy
            case topK(Int, seed: UInt64?)
            case nucleus(Double, seed: UInt64?)
        }

        let mode: Mode

        /// Always the most likely token: the same input gives the same output.
        public static let greedy = SamplingMode(mode: .greedy)

        /// Sample among the `top` most likely tokens, reproducibly when `seed` is given.
        public static func random(top: Int, seed: UInt64? = nil) -> SamplingMode {
            SamplingMode(mode: .topK(top, seed: seed))
        }

        /// Sample among the most likely tokens whose probabilities add up to `probabilityThreshold`
        /// (nucleus sampling), reproducibly when `seed` is given.
        public static func random(probabilityThreshold: Double, seed: UInt64? = nil) -> SamplingMode {
            SamplingMode(mode: .nucleus(probabilityThreshold, seed: seed))
        }

        /// The mode as Foundation Models 27 spells it, for a `switch`.
        public enum Kind: Sendable, Hashable {
            /// ``SamplingMode/greedy``.
            case greedy
            /// ``SamplingMode/random(top:seed:)``: the `top` most likely tokens.
            case randomTopK(_ top: Int, seed: UInt64?)
            /// ``SamplingMode/random(probabilityThreshold:seed:)``: nucleus sampling.
            case randomProbabilityThreshold(_ threshold: Double, seed: UInt64?)
        }

        /// Which mode this is, with its parameters (Foundation Models 27's `kind`).
        public var kind: Kind {
            switch mode {
            case .greedy: .greedy
            case .topK(let k, let seed): .randomTopK(k, seed: seed)
            case .nucleus(let p, let seed): .randomProbabilityThreshold(p, seed: seed)
            }
        }

        /// `true` for greedy sampling.
        public var isGreedy: Bool { mode == .greedy }

        /// The `top` of ``random(top:seed:)``, if that is the mode.
        public var topK: Int? {
            if case .topK(let k, _) = mode { return k }
            return nil
        }

        /// The threshold of ``random(probabilityThreshold:seed:)``, if that is the mode.
        public var probabilityThreshold: Double? {
            if case .nucleus(let p, _) = mode { return p }
            return nil
        }

        /// The seed of a random mode, if one was given.
        public var seed: UInt64? {
            switch mode {
            case .greedy: nil
            case .topK(_, let seed), .nucleus(_, let seed): seed
            }
        }
    }

    /// The sampling mode; `nil` lets the model use its default.
    public var sampling: SamplingMode?
    /// The sampling mode under Foundation Models' newer name: the same value as ``sampling``.
    public var samplingMode: SamplingMode? {
        get { sampling }
        set { sampling = newValue }
    }
    /// Temperature in 0...2; higher is more varied. `nil` lets the model use its default.
    public var temperature: Double?
    /// The most tokens the response may use. `nil` lets the provider choose.
    public var maximumResponseTokens: Int?
    /// Whether the model may, must or must not call tools (Foundation Models 27); `nil` means
    /// ``ToolCallingMode/allowed``.
    public var toolCallingMode: ToolCallingMode?

    /// Creates options.
    public init(sampling: SamplingMode? = nil, temperature: Double? = nil, maximumResponseTokens: Int? = nil) {
        self.sampling = sampling
        self.temperature = temperature
        self.maximumResponseTokens = maximumResponseTokens
    }

    /// Creates options, with Foundation Models' newer label for the sampling mode:
    /// `GenerationOptions(samplingMode: .random(top: 20, seed: seed), temperature: 0.9)`.
    ///
    /// The same options as ``init(sampling:temperature:maximumResponseTokens:)``. `samplingMode` has no default, so
    /// `GenerationOptions()` and `GenerationOptions(temperature:)` keep meaning the other initializer.
    public init(samplingMode: SamplingMode?, temperature: Double? = nil, maximumResponseTokens: Int? = nil) {
        self.init(sampling: samplingMode, temperature: temperature, maximumResponseTokens: maximumResponseTokens)
    }

    /// Creates options with a tool-calling mode (Foundation Models 27's initializer).
    public init(
        samplingMode: SamplingMode? = nil, temperature: Double? = nil, maximumResponseTokens: Int? = nil,
        toolCallingMode: ToolCallingMode?
    ) {
        self.init(sampling: samplingMode, temperature: temperature, maximumResponseTokens: maximumResponseTokens)
        self.toolCallingMode = toolCallingMode
    }

    /// The range ``temperature`` must lie in.
    public static let temperatureRange: ClosedRange<Double> = 0...2

    /// Throws ``GenUIError/invalidRequest(_:)`` naming the first field that is out of range.
    public func validate() throws(GenUIError) {
        if let temperature {
            guard temperature.isFinite, Self.temperatureRange.contains(temperature) else {
                throw .invalid(
                    "GenerationOptions.temperature is \(temperature), outside the allowed range 0...2; pass a value between 0 and 2"
                )
            }
        }
        if let maximumResponseTokens, maximumResponseTokens < 1 {
            throw .invalid(
                "GenerationOptions.maximumResponseTokens is \(maximumResponseTokens); it must be at least 1")
        }
        switch sampling?.mode {
        case .topK(let k, _) where k < 1:
            throw .invalid("SamplingMode.random(top:) is \(k); it must be at least 1")
        case .nucleus(let p, _) where !(p > 0 && p <= 1):
            throw .invalid("SamplingMode.random(probabilityThreshold:) is \(p); it must be in (0, 1]")
        default:
            break
        }
    }
}
