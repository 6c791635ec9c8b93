import Foundation

/// How many connections a pull in parts keeps open: a few at first, all it may open as soon as those few prove slow.
///
/// Parallel connections are there to get past what limits one connection on its way (a host or CDN that paces each
/// connection, a TCP window over a long path). When the first ``initial`` connections each bring at least
/// ``fastBytesPerSecond``, nothing on the way limits them: this machine (receiving, writing, hashing) is what sets
/// the pace, and more connections would only share its time (over loopback on two cores, eight connections made the
/// pull slower than two). So the ramp measures the bytes received in windows of ``window``; the first
/// window whose rate per open connection falls short opens every connection allowed, for the rest of the pull. A
/// connection still starting (a slow start, a long round trip) brings few bytes in its first window, so any path
/// that is not plainly fast gets every connection after one window. Once a window has shown the path fast
/// (``isFast``), each connection asks for several parts at once (``PartConnection``), paying its set-up once for
/// them.
struct ConnectionRamp {
    /// The most connections open at once.
    let maximum: Int
    /// The connections open until a window falls short.
    let initial: Int
    /// The rate per connection that shows nothing on the way limits it.
    let fastBytesPerSecond: Double
    /// How long each measurement lasts.
    let window: Duration
    /// How many connections may be open now.
    private(set) var allowed: Int
    /// Where the current window began: when, and the bytes received by then.
    private var windowStart: (at: ContinuousClock.Instant, bytes: Int64)?
    /// Whether a window has ended, every one of them fast.
    private(set) var isFast = false

    /// Long enough to span many reads on a fast path (megabytes at the rates that keep the first connections alone),
    /// short enough that a paced host gets every connection almost at once: 5 ms. (Over loopback, a window of 5 ms
    /// made the pull about 3 ms faster than one of 10 ms, by taking fewer small parts one by one before runs began;
    /// one of 3 ms was slower again, its first window often too short to see the first connections' bytes.)
    static let defaultWindow: Duration = .milliseconds(5)

    init(
        maximum: Int, initial: Int = DownloadOptions.defaultInitialConnections,
        fastBytesPerSecond: Double = DownloadOptions.defaultFastConnectionBytesPerSecond,
        window: Duration = Self.defaultWindow
    ) {
        self.maximum = max(1, maximum)
        self.initial = min(max(1, initial), self.maximum)
        self.fastBytesPerSecond = fastBytesPerSecond
        self.window = window
        self.allowed = self.initial
    }

    /// Whether every connection allowed is open to the pull.
    var isOpen: Bool { allowed == maximum }

    /// The window in whole milliseconds (at least 1), for a wait that should end when a window does.
    var windowMilliseconds: Int32 {
        let (seconds, attoseconds) = window.components
        return Int32(clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    }

    /// Takes the bytes received so far at `now` and returns how many connections may be open. The first call
    /// starts the first window.
    mutating func connections(at now: ContinuousClock.Instant, received bytes: Int64) -> Int {
        guard !isOpen else { return allowed }
        guard let start = windowStart else {
            windowStart = (now, bytes)
            return allowed
        }
        let elapsed = now - start.at
        guard elapsed >= window else { return allowed }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let perConnection = Double(bytes - start.bytes) / seconds / Double(allowed)
        if perConnection < fastBytesPerSecond {
            allowed = maximum
            isFast = false
        } else {
            windowStart = (now, bytes)
            isFast = true
        }
        return allowed
    }
}
