/// The A2UI protocol versions genui reads, as the specification spells them in every message's `version`.
///
/// v0.9.1 is a refinement of v0.9 whose schemas accept both `"v0.9"` and `"v0.9.1"` (the specification's
/// evolution guide, v0.9 to v0.9.1): the messages, components and functions are the same, a surface id need only be
/// unique among the surfaces alive (a deleted surface's id may be created again), the payload's MIME type is
/// `application/a2ui+json`, and capabilities are keyed `v0.9.1`. A stream may mix the two versions.
///
/// v1.0 (formerly v0.10) is a release candidate: a reader takes it only when asked for (``A2UIMessageReader/versions``,
/// `genui render --a2ui-version 1.0`), and then reads each message by the rules of the version it names.
public enum A2UIVersion: String, Sendable, Hashable, CaseIterable, Comparable {
    /// A2UI v0.9.
    case v0_9 = "v0.9"
    /// A2UI v0.9.1, the current release.
    case v0_9_1 = "v0.9.1"
    /// A2UI v1.0, a release candidate (the specification's `v1_0` folder): read only when asked for.
    case v1_0 = "v1.0"

    /// The released versions, read by default.
    public static let released: Set<A2UIVersion> = [.v0_9, .v0_9_1]

    /// Whether the version is a release candidate rather than a release.
    public var isCandidate: Bool { self == .v1_0 }

    /// The released versions genui reads by default, as one text for messages: `v0.9, v0.9.1`.
    public static var supportedList: String { list(released) }

    /// `versions` as one text for messages, oldest first: `v0.9, v0.9.1, v1.0`.
    public static func list(_ versions: Set<A2UIVersion>) -> String {
        versions.sorted().map(\.rawValue).joined(separator: ", ")
    }

    public static func < (lhs: A2UIVersion, rhs: A2UIVersion) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The ids of the basic catalog this version names: the specification's own (`…/v0_9/catalogs/basic/catalog.json`,
    /// the catalog's `$id`; v0.9.1's examples name `…/v0_9_1/catalogs/basic/catalog.json`) and the short form agents
    /// and SDKs send (`…/v0_9/basic_catalog.json`).
    public var basicCatalogIDs: [String] {
        let folder = String(rawValue.dropFirst().map { $0 == "." ? "_" : $0 })
        return [
            "https://a2ui.org/specification/v\(folder)/catalogs/basic/catalog.json",
            "https://a2ui.org/specification/v\(folder)/basic_catalog.json",
        ]
    }

    /// Whether `catalogID` names the basic catalog in any version genui reads.
    public static func isBasicCatalog(_ catalogID: String) -> Bool {
        allCases.contains { $0.basicCatalogIDs.contains(catalogID) }
    }

    /// The MIME type of an A2UI message payload since v0.9.1 (it replaced `application/json+a2ui`).
    public static let mimeType = "application/a2ui+json"
}
