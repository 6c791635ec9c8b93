import GenUI

/// llama.cpp's repetition samplers, sent with every request of an on-device model
/// (``OnDeviceConfiguration/repetition``).
///
/// Both work with greedy decoding too: they lower the scores of tokens before the most likely one is taken, and the
/// result is as reproducible as greedy decoding itself. Unset fields keep llama-server's defaults (both off).
///
/// - The **repeat penalty** divides the score of every token seen in the last ``repeatLastTokens`` tokens (prompt
///   included) by ``repeatPenalty`` (`repeat_penalty`, `repeat_last_n`).
/// - **DRY** ("don't repeat yourself") penalises a token that would extend a sequence already seen, more the longer
///   the sequence (`dry_multiplier` × `dry_base`^(length − `dry_allowed_length`)); ``drySequenceBreakers`` end such a
///   sequence (`dry_sequence_breakers`; llama.cpp's default is newline, colon, quote and asterisk, which in JSON
///   output stops nearly every match; `["\n"]` lets it see repeated components in genui's compact JSON; llama-server
///   rejects an empty list).
public struct RepetitionControls: Sendable, Hashable {
    /// `repeat_penalty`: 1 is off, above 1 penalises tokens seen recently.
    public var repeatPenalty: Double?
    /// `repeat_last_n`: how many recent tokens the repeat penalty looks at (0: none).
    public var repeatLastTokens: Int?
    /// `dry_multiplier`: 0 is off.
    public var dryMultiplier: Double?
    /// `dry_base`: how fast the DRY penalty grows with the repeated sequence's length.
    public var dryBase: Double?
    /// `dry_allowed_length`: repeated sequences up to this length are not penalised.
    public var dryAllowedLength: Int?
    /// `dry_penalty_last_n`: how many recent tokens DRY looks at (llama-server accepts 0 and above; it rejects a
    /// request with a negative value).
    public var dryLastTokens: Int?
    /// `dry_sequence_breakers`: strings that end a repeated sequence; `nil` keeps llama.cpp's default.
    public var drySequenceBreakers: [String]?

    /// Creates controls; every field left `nil` keeps llama-server's default.
    public init(
        repeatPenalty: Double? = nil, repeatLastTokens: Int? = nil, dryMultiplier: Double? = nil,
        dryBase: Double? = nil,
        dryAllowedLength: Int? = nil, dryLastTokens: Int? = nil, drySequenceBreakers: [String]? = nil
    ) {
        self.repeatPenalty = repeatPenalty
        self.repeatLastTokens = repeatLastTokens
        self.dryMultiplier = dryMultiplier
        self.dryBase = dryBase
        self.dryAllowedLength = dryAllowedLength
        self.dryLastTokens = dryLastTokens
        self.drySequenceBreakers = drySequenceBreakers
    }
}
