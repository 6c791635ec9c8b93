/// How ``SystemLanguageModel`` keeps its synchronous ``SystemLanguageModel/availability`` fresh.
///
/// A read starts a background task when none is running. The task checks the model's availability, then again
/// every ``interval`` as long as someone read the value within the last ``idleAfter``; then it ends, so a model
/// nobody asks about does no work. A change (a server stopping, a model file appearing) shows in a read at most
/// ``interval`` plus one check after it happened, while the value is being read.
public struct AvailabilityRefresh: Sendable, Hashable {
    /// How often availability is checked while it is being read. Default: 2 seconds.
    public var interval: Duration
    /// How long after the last read checking stops. Default: 30 seconds.
    public var idleAfter: Duration
    /// How long a read that had to start a check waits for it before answering with the last known (or the
    /// provisional) value. Default: 25 milliseconds.
    public var firstReadWait: Duration
    /// Where ``interval`` and ``idleAfter`` are measured and waited: the system's continuous clock unless a test gives
    /// one it steps. The ``firstReadWait`` is always real time: it waits for a check that is really running.
    public var clock: ChainClock

    /// Creates refresh settings.
    public init(
        interval: Duration = .seconds(2), idleAfter: Duration = .seconds(30),
        firstReadWait: Duration = .milliseconds(25), clock: ChainClock = .continuous
    ) {
        self.interval = interval
        self.idleAfter = idleAfter
        self.firstReadWait = firstReadWait
        self.clock = clock
    }

    /// Settings are equal when their durations are; the clock is not compared.
    public static func == (lhs: AvailabilityRefresh, rhs: AvailabilityRefresh) -> Bool {
        lhs.interval == rhs.interval && lhs.idleAfter == rhs.idleAfter && lhs.firstReadWait == rhs.firstReadWait
    }

    /// Hashes the durations.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(interval)
        hasher.combine(idleAfter)
        hasher.combine(firstReadWait)
    }
}
