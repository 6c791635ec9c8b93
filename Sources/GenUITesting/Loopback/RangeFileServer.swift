import Foundation
import Synchronization

/// A loopback file host for download tests: serves one file at `/<name>` with HTTP Range support (and `If-Range`
/// against its `ETag`/`Last-Modified` when it has them), and can be told to misbehave the ways real hosts do — cut
/// the connection at a given byte, throttle, ignore Range, redirect elsewhere, serve wrong bytes, change the file
/// under the same URL, send more than the file.
///
/// The file is read from disk piece by piece for each request (never held whole in memory). Every request is kept
/// in ``LoopbackHTTPServer/requests`` (method, target, headers), so a test can check which Range was asked for and
/// which Authorization arrived.
public final class RangeFileServer: Sendable {
    /// How the server answers; change it between (or during) requests with ``update(_:)``.
    public struct Behaviour: Sendable {
        /// Close the connection once the response has carried the file up to this absolute byte offset.
        public var cutAtByte: Int64?
        /// Apply ``cutAtByte`` only to the first request that reaches it.
        public var cutOnce = true
        /// Bytes per second, roughly; `nil` sends as fast as the client reads.
        public var throttleBytesPerSecond: Int?
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

    private final class SharedState: Sendable {
        let behaviour: Mutex<Behaviour>
        let cutDone = Mutex(false)
        init(_ behaviour: Behaviour) { self.behaviour = Mutex(behaviour) }
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
        guard request.path == "/" + name || behaviour.servesAnyPath, let handle = FileHandle(forReadingAtPath: path) else {
            connection.respond(status: 404, body: Data("no such file".utf8))
            return
        }
        defer { try? handle.close() }
        let size = Int64((try? handle.seekToEnd()) ?? 0)
        var start: Int64 = 0
        var validators: [String: String] = [:]
        if let tag = behaviour.entityTag { validators["ETag"] = tag }
        if let date = behaviour.lastModified { validators["Last-Modified"] = date }
        // RFC 9110 13.1.5: a Range whose If-Range names another version is ignored (the whole file, 200).
        let ifRangeHolds = request.header("if-range").map { condition in
            behaviour.ignoresIfRange || condition == behaviour.entityTag || condition == behaviour.lastModified
        } ?? true
        if behaviour.honoursRange, ifRangeHolds, let range = request.header("range"), range.hasPrefix("bytes="),
            let first = Int64(range.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false).first ?? "")
        {
            guard first < size else {
                connection.writeHead(status: 416, headers: ["Content-Range": "bytes */\(size)", "Content-Length": "0"])
                return
            }
            start = first
            connection.writeHead(status: 206, headers: validators.merging([
                "Content-Range": "bytes \(first)-\(size - 1)/\(size)", "Content-Length": "\(size - first)",
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
        while offset < size {
            var count = Int64(behaviour.pieceBytes)
            if let cut = behaviour.cutAtByte, offset < cut { count = min(count, cut - offset) }
            guard var piece = try handle.read(upToCount: Int(min(count, size - offset))), !piece.isEmpty else { break }
            if behaviour.corrupt, middle >= offset, middle < offset + Int64(piece.count) {
                let index = piece.startIndex + Int(middle - offset)
                piece[index] ^= 0xFF
            }
            guard connection.write(piece) else { return }
            offset += Int64(piece.count)
            if let cut = behaviour.cutAtByte, offset >= cut {
                let cutNow = state.cutDone.withLock { done -> Bool in
                    if done && behaviour.cutOnce { return false }
                    done = true
                    return true
                }
                if cutNow {
                    connection.abort()
                    return
                }
            }
            if let rate = behaviour.throttleBytesPerSecond, rate > 0 {
                let seconds = Double(piece.count) / Double(rate)
                if connection.pause(.milliseconds(Int(min(seconds, 60) * 1000))) { return }
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
