/// The bounds that keep a hostile or broken A2UI stream from exhausting time or memory. Documented in docs/a2ui.md.
public struct A2UILimits: Sendable, Hashable {
    /// The largest message (one line of the stream) accepted, in UTF-8 bytes: 1 MiB.
    public static let defaultMaximumMessageBytes = 1 << 20
    /// The deepest JSON nesting accepted inside one message: 64.
    public static let defaultMaximumJSONDepth = 64
    /// The most components one surface may hold: 2,000.
    public static let defaultMaximumComponents = 2_000
    /// The deepest component tree rendered from `root`: 32 levels; deeper children become a located problem.
    public static let defaultMaximumTreeDepth = 32
    /// The most nodes one resolved tree may have (templates multiply components): 5,000.
    public static let defaultMaximumNodes = 5_000
    /// The most surfaces alive at once: 64.
    public static let defaultMaximumSurfaces = 64
    /// The longest string a check (`regex`, `email`, `length`) looks at: 4,096 characters.
    public static let defaultMaximumCheckedLength = 4_096

    /// The largest message accepted, in UTF-8 bytes.
    public var maximumMessageBytes: Int
    /// The deepest JSON nesting accepted inside one message.
    public var maximumJSONDepth: Int
    /// The most components one surface may hold.
    public var maximumComponents: Int
    /// The deepest component tree rendered.
    public var maximumTreeDepth: Int
    /// The most nodes one resolved tree may have.
    public var maximumNodes: Int
    /// The most surfaces alive at once.
    public var maximumSurfaces: Int

    /// Creates limits; every argument defaults to its documented constant.
    public init(
        maximumMessageBytes: Int = defaultMaximumMessageBytes, maximumJSONDepth: Int = defaultMaximumJSONDepth,
        maximumComponents: Int = defaultMaximumComponents, maximumTreeDepth: Int = defaultMaximumTreeDepth,
        maximumNodes: Int = defaultMaximumNodes, maximumSurfaces: Int = defaultMaximumSurfaces
    ) {
        self.maximumMessageBytes = maximumMessageBytes
        self.maximumJSONDepth = maximumJSONDepth
        self.maximumComponents = maximumComponents
        self.maximumTreeDepth = maximumTreeDepth
        self.maximumNodes = maximumNodes
        self.maximumSurfaces = maximumSurfaces
    }

    /// The defaults.
    public static let `default` = A2UILimits()
}
