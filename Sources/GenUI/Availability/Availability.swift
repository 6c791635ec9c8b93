/// Whether a language model can serve requests right now.
///
/// Mirrors Foundation Models' `SystemLanguageModel.Availability`, with a richer set of reasons:
/// every reason a model can be unusable is its own case, carrying the data a user needs to act on it.
public enum Availability: Sendable, Hashable, Codable {
    /// The model can serve requests.
    case available
    /// The model cannot serve requests, for the given reason.
    case unavailable(UnavailableReason)

    /// `true` when the model can serve requests.
    public var isAvailable: Bool {
        if case .available = self { return true }
        return false
    }

    /// The reason the model is unavailable, or `nil` when it is available.
    public var unavailableReason: UnavailableReason? {
        if case .unavailable(let reason) = self { return reason }
        return nil
    }

    private enum CodingKeys: String, CodingKey { case status, reason }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .status) {
        case "available": self = .available
        case "unavailable": self = .unavailable(try container.decode(UnavailableReason.self, forKey: .reason))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .status, in: container, debugDescription: "unknown availability status '\(other)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .available:
            try container.encode("available", forKey: .status)
        case .unavailable(let reason):
            try container.encode("unavailable", forKey: .status)
            try container.encode(reason, forKey: .reason)
        }
    }
}
