import GenUI

/// The log metadata keys of the providers' own lines (the chain's use the same names for the same things).
public enum ProviderLogKey {
    /// The provider's name in `providers.yml`.
    public static let provider = "genui.provider"
    /// A duration in seconds.
    public static let seconds = "genui.seconds"
    /// A limit in seconds (the availability timeout, the server start timeout).
    public static let limit = "genui.limit_seconds"
    /// An availability check's answer: `available` or the unavailable reason's code.
    public static let status = "genui.availability.status"
    /// The error's code (`GenUIError.code`), `cancelled`, or the error's type name.
    public static let errorType = "error.type"

    /// `available`, or the reason's code.
    public static func code(of availability: Availability) -> String {
        switch availability {
        case .available: "available"
        case .unavailable(let reason): reason.code
        }
    }
}
