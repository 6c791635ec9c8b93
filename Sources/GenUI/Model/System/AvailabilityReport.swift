/// A model's availability with each of its members': what ``SystemLanguageModel/availabilityReport`` returns.
public struct AvailabilityReport: Sendable, Hashable {
    /// One member of the model (a provider of a chain) and its availability.
    public struct Member: Sendable, Hashable {
        /// The member's name (the provider's name in `providers.yml`).
        public var name: String
        /// Whether it can serve, and why not.
        public var availability: Availability

        /// Creates a member entry.
        public init(name: String, availability: Availability) {
            self.name = name
            self.availability = availability
        }
    }

    /// The model's availability as a whole.
    public var availability: Availability
    /// Each member's availability, in routing order; one entry, the model itself, for a model that is not a chain.
    public var members: [Member]
    /// `true` once a check has finished; `false` for the provisional report of a first read.
    public var isChecked: Bool

    /// Creates a report.
    public init(availability: Availability, members: [Member], isChecked: Bool = true) {
        self.availability = availability
        self.members = members
        self.isChecked = isChecked
    }

    /// Each member that cannot serve, with its reason, in routing order.
    public var unavailableReasons: [(member: String, reason: UnavailableReason)] {
        members.compactMap { member in member.availability.unavailableReason.map { (member.name, $0) } }
    }
}

/// A model made of members (a chain) that can report each member's availability.
public protocol MemberAvailabilityReporting: RoutableModel {
    /// The model's availability with each member's, checked now.
    func availabilityReport() async -> AvailabilityReport
}

/// A type that builds the model ``SystemLanguageModel/default`` uses. A module that provides the default (the
/// `GenUIFoundationModels` product) declares one; ``SystemLanguageModel`` finds it by name on first use.
public protocol DefaultLanguageModelProvider {
    /// Builds the default model. Called once, on first use of ``SystemLanguageModel/default``; must not block on
    /// the network.
    static func makeDefaultLanguageModel() -> any RoutableModel
}
