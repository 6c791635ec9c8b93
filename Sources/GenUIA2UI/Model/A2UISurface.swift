import GenUI

/// One surface: its components by id (each with where it came from) and its data model.
public struct A2UISurface: Sendable, Hashable {
    /// A component as received, with the stream line and JSON pointer it came from.
    public struct StoredComponent: Sendable, Hashable {
        /// The component object.
        public var content: GeneratedContent
        /// Its `component` type.
        public var type: String
        /// The line of the stream it came from.
        public var line: Int?
        /// Its JSON pointer inside that message.
        public var pointer: String
    }

    /// The surface id.
    public let id: String
    /// The catalog the surface uses.
    public let catalogID: String
    /// The theme, when one was sent.
    public var theme: GeneratedContent?
    /// Whether the server asked for the data model with every action.
    public var sendDataModel: Bool
    /// The A2UI version of the `createSurface` that started the surface; its action messages carry it.
    public var version: A2UIVersion
    /// Whether ``catalogID`` names the basic catalog (``A2UIVersion/basicCatalogIDs``); any other catalog is read as
    /// the basic catalog too.
    public var usesBasicCatalog: Bool { A2UIVersion.isBasicCatalog(catalogID) }
    /// The components by id.
    public private(set) var components: [String: StoredComponent] = [:]
    /// The data model.
    public var dataModel = A2UIDataModel()
    /// The ids of components that were left out because they break the catalog, with the line each came from
    /// (until a valid component with that id arrives): a child or root naming one is reported as left out, not as
    /// missing.
    public internal(set) var rejected: [String: Int] = [:]
    /// The estimated bytes the surface holds (its data model, theme and components), as its client counts them.
    public internal(set) var storedBytes = 0

    /// Creates an empty surface.
    public init(
        id: String, catalogID: String, theme: GeneratedContent? = nil, sendDataModel: Bool = false,
        version: A2UIVersion = .v0_9
    ) {
        self.id = id
        self.catalogID = catalogID
        self.theme = theme
        self.sendDataModel = sendDataModel
        self.version = version
    }

    /// Adds or replaces a component (by its id).
    mutating func store(_ component: StoredComponent, id: String) {
        components[id] = component
        rejected[id] = nil
    }

    /// Notes that the component `id` of `line` was left out because it breaks the catalog (at most
    /// ``A2UILimits/maximumComponents`` ids are remembered).
    mutating func reject(id: String, line: Int, limit: Int) {
        guard components[id] == nil, rejected[id] != nil || rejected.count < limit else { return }
        rejected[id] = line
    }

    /// The resolved tree from `root`, with the problems met on the way.
    public func resolve(limits: A2UILimits = .default) -> A2UIResolution {
        var budget = A2UIEvaluationBudget(limit: limits.maximumEvaluationWork)
        return resolve(limits: limits, budget: &budget)
    }

    /// The resolved tree from `root`, spending `budget` (share one budget across the surfaces of one rendering).
    public func resolve(limits: A2UILimits, budget: inout A2UIEvaluationBudget) -> A2UIResolution {
        // Exhaustion is reported once per surface, where it is met.
        budget.reported = false
        var resolver = A2UITreeResolver(surface: self, limits: limits, budget: budget)
        let resolution = resolver.run()
        budget = resolver.budget
        return resolution
    }
}
