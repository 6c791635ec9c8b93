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
    /// The most reference tokens in one data path (JSON pointer): 64. With the JSON depth limit this keeps every
    /// data model at most 128 levels deep, so no walk over it (or its release) can run out of stack.
    public static let defaultMaximumPathDepth = 64
    /// The most data all surfaces of one client may hold (data models and components), in estimated bytes: 16 MiB.
    /// Each JSON value counts 64 bytes plus the UTF-8 bytes of its strings and keys, so this also bounds the nodes.
    public static let defaultMaximumStoredBytes = 16 << 20
    /// The most problems a client (or one resolution) keeps: 1,000; the rest are only counted.
    public static let defaultMaximumProblems = 1_000
    /// The work one rendering (one resolution, or the surfaces resolved together by
    /// ``A2UIClient/resolve(surfaceIDs:)``) may do evaluating bindings and functions: 2,000,000 units (see
    /// ``A2UIEvaluationBudget`` for what a unit is). Work is counted, not timed, so the bound holds on a loaded
    /// machine.
    public static let defaultMaximumEvaluationWork = 2_000_000
    /// The most lines one terminal rendering may have: 10,000.
    public static let defaultMaximumOutputLines = 10_000
    /// The most UTF-8 bytes one rendering (text, HTML or JSON) may have: 2 MiB.
    public static let defaultMaximumOutputBytes = 2 << 20

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
    /// The most reference tokens in one data path.
    public var maximumPathDepth: Int
    /// The most estimated bytes all surfaces may hold together.
    public var maximumStoredBytes: Int
    /// The most problems kept (the rest are counted).
    public var maximumProblems: Int
    /// The evaluation work one rendering may do, in units.
    public var maximumEvaluationWork: Int
    /// The most lines of one terminal rendering.
    public var maximumOutputLines: Int
    /// The most UTF-8 bytes of one rendering.
    public var maximumOutputBytes: Int

    /// Creates limits; every argument defaults to its documented constant.
    public init(
        maximumMessageBytes: Int = defaultMaximumMessageBytes, maximumJSONDepth: Int = defaultMaximumJSONDepth,
        maximumComponents: Int = defaultMaximumComponents, maximumTreeDepth: Int = defaultMaximumTreeDepth,
        maximumNodes: Int = defaultMaximumNodes, maximumSurfaces: Int = defaultMaximumSurfaces,
        maximumPathDepth: Int = defaultMaximumPathDepth, maximumStoredBytes: Int = defaultMaximumStoredBytes,
        maximumProblems: Int = defaultMaximumProblems, maximumEvaluationWork: Int = defaultMaximumEvaluationWork,
        maximumOutputLines: Int = defaultMaximumOutputLines, maximumOutputBytes: Int = defaultMaximumOutputBytes
    ) {
        self.maximumMessageBytes = maximumMessageBytes
        self.maximumJSONDepth = maximumJSONDepth
        self.maximumComponents = maximumComponents
        self.maximumTreeDepth = maximumTreeDepth
        self.maximumNodes = maximumNodes
        self.maximumSurfaces = maximumSurfaces
        self.maximumPathDepth = maximumPathDepth
        self.maximumStoredBytes = maximumStoredBytes
        self.maximumProblems = maximumProblems
        self.maximumEvaluationWork = maximumEvaluationWork
        self.maximumOutputLines = maximumOutputLines
        self.maximumOutputBytes = maximumOutputBytes
    }

    /// The defaults.
    public static let `default` = A2UILimits()
}
