import GenUI

/// What an availability check found out about one provider.
public enum MemberStatus: Sendable, Hashable {
    /// Available, with these capabilities.
    case ready(Set<LanguageModelCapability>)
    /// Unavailable for this reason.
    case unavailable(UnavailableReason)
    /// The check did not finish before the chain's availability deadline.
    case checkTimedOut

    /// A stable code for traces: `available`, an ``UnavailableReason/code``, or `availabilityCheckTimedOut`.
    public var code: String {
        switch self {
        case .ready: "available"
        case .unavailable(let reason): reason.code
        case .checkTimedOut: "availabilityCheckTimedOut"
        }
    }
}
