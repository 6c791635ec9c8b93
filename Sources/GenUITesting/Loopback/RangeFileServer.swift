import Foundation
import Synchronization

/// A loopback file host for download tests: serves one file at `/<name>` with HTTP Range support (`bytes=A-` and
/// `bytes=A-B`, and `If-Range` against its `ETag`/`Last-Modified` when it has them), and can be told to misbehave
/// the ways real hosts do — cut the connection at a given byte, cap each connection's rate, stall a response at a
/// byte, ignore Range, redirect elsewhere, serve wrong bytes, change the file under the same URL, send more than the
/// file.
///
/// The file is read from disk piece by piece for each request (never held whole in memory). Every request is kept
/// in ``LoopbackHTTPServer/requests`` (method, target, headers), so a test can check which Range was asked for and
/// which Authorization arrived; ``rangeRequests`` and ``count(range:)`` read the Range of each.
///
/// Every response carries `Connection: close`, so each request is a connection of its own and a rate cap is a cap
/// per connection, as content delivery networks apply it.
public final class RangeFileServer: Sendable {
    /// How the server answers; change it between (or during) requests with ``update(_:)``.
    public struct Behaviour: Sendable {
        /// Close the connection once a response that started before this absolute byte offset has carried the file
        /// up to it (a response starting at or after it is not the connection carrying that byte).
        public var cutAtByte: Int64?
        /// Apply ``cutAtByte`` only to the first request that reaches it.
        public var cutOnce = true
        /// Bytes per second of each connection (paced from the response's start, so short sleeps that overshoot do
        /// not lower the rate); `nil` sends as fast as the client reads.
        public var throttleBytesPerSecond: Int?
        /// Stop sending, keeping the connection open, once a response has carried the file up to this absolute byte
        /// (a stalled connection); it sends nothing more until the client closes it or ``stallDuration`` ends.
        public var stallAtByte: Int64?
        /// Apply ``stallAtByte`` only to the first response that reaches it.
        public var stallOnce = true
        /// How long a stalled response stays silent before it goes on.
        public var stallDuration: Duration = .seconds(300)
        /// Answer a Range request with 206 and the asked-for bytes; `false` always answers 200 with the whole file.
        public var honoursRange = true
        /// Answer every request with `302 Location: <URL>` instead.
        public var redirectTo: URL?
        /// Flip one byte in the middle of the file as it is sent.
        public var corrupt = false
        /// The size of each write.
        public var pieceBytes = 256 * 1024
        /// Serve this file instead of the one given at creation (the source changed, at the same URL).
        public var servedFile: String?
        /// The `ETag` sent with every 200 and 206; `If-Range` compares against it (and ``lastModified``).
        public var entityTag: String?
        /// The `Last-Modified` sent with every 200 and 206.
        public var lastModified: String?
        /// Honour `Range` even when `If-Range` names another version (a server that ignores `If-Range`).
        public var ignoresIfRange = false
        /// Send the 200 body without `Content-Length` (its end is the connection's close).
        public var declaresLength = true
        /// Bytes sent after the file's last byte (with ``declaresLength`` false, a body longer than the file).
        public var trailingBytes: Int64 = 0
        /// Serve the file at every path, not only at `/<name>`.
        public var servesAnyPath = false
        /// Wait this long before answering a request at all (a host slow to start the response).
        public var headDelay: Duration?

        /// The default: a well-behaved host.
        public init() {}
    }

    /// The underlying server (its ``LoopbackHTTPServer/requests`` is the request log).
    public let server: LoopbackHTTPServer
    /// The served file's name in the URL.
    public let name: String
    private let state: SharedState

    /// `bytes=A-` or `bytes=A-B` (a single range): its first and last byte.
    static func byteRange(_ header: String) -> (first: Int64, last: Int64?)? {
        guard header.hasPrefix("bytes=") else { return nil }
        let bounds = header.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Int64(bounds[0]) else { return nil }
        if bounds[1].isEmpty { return (first, nil) }
        guard let last = Int64(bounds[1]), last >= first else { return nil }
        return (first, last)
    }

    private final class SharedState: Sendable {
        let behaviour: Mutex<Behaviour>
        let cutDone = Mutex(false)
        let stallDone = Mutex(false)
        init(_ behaviour: Behaviour) { self.behaviour = Mutex(behaviour) }

        /// Whether this response misbehaves now: always, or (`once`) only the first to get here.
        func takeTurn(_ done: borrowing Mutex<Bool>, once: Bool) -> Bool {
            done.withLock { done in
                if done && once { return false }
                done = true
                return true
            }
        }
    }

    /// Serves the file at `path` as `/<name>` (the file's own name by default).
    public init(file path: String, name: String? = nil, behaviour: Behaviour = Behaviour()) throws {
        let name = name ?? URL(fileURLWithPath: path).lastPathComponent
        self.name = name
        let state = SharedState(behaviour)
        self.state = state
        self.server = try LoopbackHTTPServer { request, connection in
            try Self.answer(request, connection, path: path, name: name, state: state)
        }
    }

    /// The file's URL: `http://127.0.0.1:<port>/<name>`.
    public var url: URL { server.baseURL.appendingPathComponent(name) }

    /// The requests received so far.
    public var requests: [LoopbackRequest] { server.requests }

    /// The `Range` header of each request so far, in order (`nil` for a request without one).
    public var rangeRequests: [String?] { server.requests.map { $0.header("range") } }

    /// How many requests so far asked for exactly `range` (the header's value, such as `bytes=0-1048575`).
    public func count(range: String) -> Int { rangeRequests.filter { $0 == range }.count }

    /// Changes how the server answers.
    public func update(_ change: (inout Behaviour) -> Void) {
        state.behaviour.withLock { change(&$0) }
    }

    /// Stops the server.
    public func stop() { server.stop() }

    private static func answer(
        _ request: LoopbackRequest, _ connection: LoopbackConnection, path: String, name: String,
        state: SharedState
    ) throws {
        let behaviour = state.behaviour.withLock { $0 }
        if let target = behaviour.redirectTo {
            connection.respond(status: 302, headers: ["Location": target.absoluteString])
            return
        }
        if let delay = behaviour.headDelay, connection.stall(for: delay) { return }
        let path = behaviour.servedFile ?? path
        guard request.path == "/" + name || behaviour.servesAnyPath, let handle = FileHandle(forReadingAtPath: path)
        else {
            connection.respond(status: 404, body: Data("no such file".utf8))
            return
        }
        defer { try? handle.close() }
        let size = Int64((try? handle.seekToEnd()) ?? 0)
        var start: Int64 = 0
        var end = size
        var validators: [String: String] = [:]
        if let tag = behaviour.entityTag { validators["ETag"] = tag }
        if let date = behaviour.lastModified { validators["Last-Modified"] = date }
        // RFC 9110 13.1.5: a Range whose If-Range names another version is ignored (the whole file, 200).
        let ifRangeHolds =
            request.header("if-range").map { condition in
                behaviour.ignoresIfRange || condition == behaviour.entityTag || condition == behaviour.lastModified
            } ?? true
        if behaviour.honoursRange, ifRangeHolds, let range = request.header("range").flatMap(Self.byteRange) {
            guard range.first < size else {
                connection.writeHead(status: 416, headers: ["Content-Range": "bytes */\(size)", "Content-Length": "0"])
                return
            }
            start = range.first
            end = min(size, (range.last ?? size - 1) + 1)
            connection.writeHead(
                status: 206,
                headers: validators.merging([
                    "Content-Range": "bytes \(start)-\(end - 1)/\(size)", "Content-Length": "\(end - start)",
                    "Accept-Ranges": "bytes", "Content-Type": "application/octet-stream",
                ]) { _, new in new })
        } else {
            var headers = validators.merging(["Content-Type": "application/octet-stream"]) { _, new in new }
            if behaviour.declaresLength { headers["Content-Length"] = "\(size + behaviour.trailingBytes)" }
            if behaviour.honoursRange { headers["Accept-Ranges"] = "bytes" }
            connection.writeHead(status: 200, headers: headers)
        }
        try handle.seek(toOffset: UInt64(start))
        var offset = start
        let middle = size / 2
        let began = ContinuousClock.now
        while offset < end {
            var count = Int64(behaviour.pieceBytes)
            if let cut = behaviour.cutAtByte, offset < cut { count = min(count, cut - offset) }
            if let stall = behaviour.stallAtByte, offset < stall { count = min(count, stall - offset) }
            guard var piece = try handle.read(upToCount: Int(min(count, end - offset))), !piece.isEmpty else { break }
            if behaviour.corrupt, middle >= offset, middle < offset + Int64(piece.count) {
                let index = piece.startIndex + Int(middle - offset)
                piece[index] ^= 0xFF
            }
            guard connection.write(piece) else { return }
            offset += Int64(piece.count)
            if let cut = behaviour.cutAtByte, start < cut, offset >= cut,
                state.takeTurn(state.cutDone, once: behaviour.cutOnce)
            {
                connection.abort()
                return
            }
            if let stall = behaviour.stallAtByte, offset == stall,
                state.takeTurn(state.stallDone, once: behaviour.stallOnce),
                connection.stall(for: behaviour.stallDuration)
            {
                return
            }
            if let rate = behaviour.throttleBytesPerSecond, rate > 0 {
                // Paced from the start: the time this many bytes may take at the rate, less the time they took.
                let due = began + .seconds(Double(offset - start) / Double(rate))
                let wait = due - ContinuousClock.now
                if wait > .zero, connection.pause(min(wait, .seconds(60))) { return }
            }
        }
        var trailing = behaviour.trailingBytes
        let filler = Data(count: behaviour.pieceBytes)
        while trailing > 0 {
            let count = Int(min(trailing, Int64(filler.count)))
            guard connection.write(filler.prefix(count)) else { return }
            trailing -= Int64(count)
        }
    }
}
