import GenUI

/// What an availability check found out about one provider.
public enum MemberStatus: Sendable, Hashable {
    /// Available, with these capabilities.
    case ready(Set<LanguageModelCapability>)
    /// Unavailable for this reason.
    case unavailable(UnavailableReason)
    /// The check did not finish before the chain's availability deadline.
    case checkTimedOut

    /// A stable code for traces: `available`, an `UnavailableReason.code`, or `availabilityCheckTimedOut`.
    public var code: String {
        switch self {
        case .ready: "available"
        case .unavailable(let reason): reason.code
        case .checkTimedOut: "availabilityCheckTimedOut"
        }
    }
}

/// What the chain keeps about one member between requests: its availability and, when known, its context size.
struct MemberState: Sendable, Hashable {
    var status: MemberStatus
    /// The context size: the member's configured window, else what the model reports; `nil` when neither says.
    var contextSize: Int?
}
