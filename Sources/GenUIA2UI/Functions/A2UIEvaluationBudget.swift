/// The work one rendering may do evaluating bindings and function calls (one resolution, or all the surfaces of
/// one rendering together), counted in units rather than timed, so the same stream does the same work on an idle and
/// on a loaded machine.
///
/// What costs what: each value resolved one unit, a binding ``unitsPerBinding`` more (plus one per ``bytesPerUnit``
/// bytes of its path), each function call and each item of a template list ``unitsPerCall``, each ``bytesPerUnit``
/// bytes of text a function reads or builds, and each progress report of the regular expression engine while it
/// matches (one unit per start position it tries, then ``unitsPerRegexProgress`` per report of backtracking, which
/// comes every few thousand steps). When the budget is used up, what is left evaluates to `null` (a check to
/// "failed") and each surface it ran out in reports one `limitExceeded` problem.
public struct A2UIEvaluationBudget: Sendable, Hashable {
    /// Text bytes that cost one unit: 64.
    public static let bytesPerUnit = 64
    /// What one function call (or one item of a template list) costs: 16 units.
    public static let unitsPerCall = 16
    /// What reading one binding costs besides its path's bytes: 4 units.
    public static let unitsPerBinding = 4
    /// What one progress report of the regular expression engine costs once it is backtracking: 500 units (the
    /// reports of a plain scan, one per start position, cost one unit each).
    public static let unitsPerRegexProgress = 500
    /// The most time all `regex` calls spending one budget may take together, a safety net behind the counted work:
    /// 0.5 s.
    public static let regexTimeCeiling = 0.5
    /// The longest text one function builds or reads whole (an array or object shown as text is cut there): 1 MiB.
    public static let maximumTextBytes = 1 << 20

    /// The units allowed.
    public let limit: Int
    /// The units spent so far (never more than ``limit``).
    public private(set) var used = 0
    /// Whether a charge was refused: the budget is used up.
    public private(set) var isExhausted = false
    /// Whether the exhaustion was reported already (it is reported once per resolution).
    var reported = false
    /// The time the `regex` calls took so far.
    var regexSeconds = 0.0

    /// The time left for `regex` calls under ``regexTimeCeiling``.
    var regexTimeLeft: Double { Self.regexTimeCeiling - regexSeconds }

    /// A budget of `limit` units.
    public init(limit: Int = A2UILimits.defaultMaximumEvaluationWork) {
        self.limit = max(0, limit)
    }

    /// The units left.
    public var remaining: Int { limit - used }

    /// Spends `units` when that many are left and returns `true`; otherwise spends the rest, marks the budget
    /// exhausted and returns `false`.
    mutating func charge(_ units: Int) -> Bool {
        guard !isExhausted, units <= remaining else {
            used = limit
            isExhausted = true
            return false
        }
        used += max(0, units)
        return true
    }

    /// Spends the units `bytes` bytes of text cost (at least one).
    mutating func charge(bytes: Int) -> Bool {
        charge(1 + bytes / Self.bytesPerUnit)
    }
}
