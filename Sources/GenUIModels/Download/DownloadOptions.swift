import Foundation
import GenUIHTTP
import GenUIOnDevice

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a ``ModelDownloader`` behaves.
public struct DownloadOptions: Sendable {
    /// Pull a model larger than this machine's memory can run (otherwise refused as `deviceNotEligible`).
    public var force: Bool
    /// The context size the model is meant to run with, for the memory check.
    public var contextSize: Int
    /// Disk, memory and CPU probes (injectable for tests).
    public var resources: DeviceResources
    /// The HTTP client for Ollama pulls (`HTTPClient.shared` unless given, made only when first asked for). File
    /// downloads do not use it: their requests are libcurl's, written as they arrive (see ``ModelDownloader``), and
    /// a pull of a file never sets up a `URLSession`.
    public var client: HTTPClient {
        get { chosenClient ?? .shared }
        set { chosenClient = newValue }
    }
    private var chosenClient: HTTPClient?
    /// Wait for another process already writing the model instead of reporting it
    /// (``ModelDownloadError/busy(pid:record:)``).
    public var waitForOtherWriter: Bool
    /// Free space required beyond the bytes still to come.
    public var storageMarginBytes: Int64
    /// How often the state record is rewritten (and progress reported), at most.
    public var recordInterval: Duration
    /// How long the transfer may go without a byte before it is given up (the partial file is kept).
    public var stallTimeout: Duration
    /// How many connections a pull may open at once for one file (1...16): a server that takes ranged requests is
    /// pulled in parts on up to that many connections (fewer for a small file); 1 pulls on one connection.
    public var connections: Int
    /// How many of ``connections`` a pull in parts opens first. The others open as soon as these bring less than
    /// ``fastConnectionBytesPerSecond`` each, measured every 5 ms (a host that paces each connection, a path still
    /// ramping up); while they bring more, this machine sets the pace and more connections would only share it.
    public var initialConnections: Int
    /// The rate per connection, bytes per second, at which the first ``initialConnections`` are enough.
    public var fastConnectionBytesPerSecond: Double
    /// How long one part of a pull in parts may go without a byte before it is fetched again on a new connection.
    public var partStallTimeout: Duration
    /// How often a part of a pull in parts is fetched again (after a failure or a stall) before the pull gives up.
    public var partRetries: Int
    /// The wait before a part's first retry; it doubles for each further retry, up to 8 s.
    public var partBackoff: Duration
    /// Reserve the disk space for the whole file before the body is written, when its size is known (Linux
    /// `fallocate`; file systems that cannot are written without). A volume without room is then low storage before
    /// the first byte, and nothing else on the volume can take the room while the pull runs.
    public var reservesSpace: Bool
    /// The most redirects followed.
    public var maximumRedirects: Int
    /// The process id written into the state record.
    public var processID: Int32

    /// Creates options.
    public init(
        force: Bool = false, contextSize: Int = 4096, resources: DeviceResources = .current,
        client: HTTPClient? = nil, waitForOtherWriter: Bool = false, storageMarginBytes: Int64 = 16 * 1024 * 1024,
        recordInterval: Duration = .milliseconds(500), stallTimeout: Duration = .seconds(60),
        maximumRedirects: Int = 10,
        processID: Int32 = getpid(), connections: Int = DownloadOptions.defaultConnections,
        partStallTimeout: Duration = .seconds(30), partRetries: Int = 6, partBackoff: Duration = .milliseconds(250),
        reservesSpace: Bool = true, initialConnections: Int = DownloadOptions.defaultInitialConnections,
        fastConnectionBytesPerSecond: Double = DownloadOptions.defaultFastConnectionBytesPerSecond
    ) {
        self.force = force
        self.contextSize = contextSize
        self.resources = resources
        self.chosenClient = client
        self.waitForOtherWriter = waitForOtherWriter
        self.storageMarginBytes = storageMarginBytes
        self.recordInterval = recordInterval
        self.stallTimeout = stallTimeout
        self.maximumRedirects = maximumRedirects
        self.processID = processID
        self.connections = min(max(1, connections), DownloadOptions.maximumConnections)
        self.partStallTimeout = partStallTimeout
        self.partRetries = max(0, partRetries)
        self.partBackoff = partBackoff
        self.reservesSpace = reservesSpace
        self.initialConnections = max(1, initialConnections)
        self.fastConnectionBytesPerSecond = fastConnectionBytesPerSecond
    }

    /// The connections a pull opens for one file unless told otherwise.
    public static let defaultConnections = 8
    /// The connections a pull in parts opens first unless told otherwise.
    public static let defaultInitialConnections = 2
    /// 100 MB/s: a rate per connection that no host's per-connection limit and no long path's TCP window lets through.
    public static let defaultFastConnectionBytesPerSecond = 100_000_000.0
    /// The most connections a pull opens for one file.
    public static let maximumConnections = 16
}
