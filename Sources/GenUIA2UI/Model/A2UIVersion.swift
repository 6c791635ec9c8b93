/// The A2UI protocol versions genui reads, as the specification spells them in every message's `version`.
///
/// v0.9.1 is a refinement of v0.9 whose schemas accept both `"v0.9"` and `"v0.9.1"` (the specification's
/// evolution guide, v0.9 to v0.9.1): the messages, components and functions are the same, a surface id need only be
/// unique among the surfaces alive (a deleted surface's id may be created again), the payload's MIME type is
/// `application/a2ui+json`, and capabilities are keyed `v0.9.1`. A stream may mix the two versions.
public enum A2UIVersion: String, Sendable, Hashable, CaseIterable {
    /// A2UI v0.9.
    case v0_9 = "v0.9"
    /// A2UI v0.9.1, the current release.
    case v0_9_1 = "v0.9.1"

    /// The versions genui reads, as one text for messages: `v0.9, v0.9.1`.
    public static var supportedList: String {
        allCases.map(\.rawValue).joined(separator: ", ")
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
