import Foundation
import Synchronization

/// A loopback file host for download tests: serves one file at `/<name>` with HTTP Range support, and can be told to
/// misbehave the ways real hosts do — cut the connection at a given byte, throttle, ignore Range, redirect elsewhere,
/// serve wrong bytes.
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
        guard request.path == "/" + name, let handle = FileHandle(forReadingAtPath: path) else {
            connection.respond(status: 404, body: Data("no such file".utf8))
            return
        }
        defer { try? handle.close() }
        let size = Int64((try? handle.seekToEnd()) ?? 0)
        var start: Int64 = 0
        if behaviour.honoursRange, let range = request.header("range"), range.hasPrefix("bytes="),
            let first = Int64(range.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false).first ?? "")
        {
            guard first < size else {
                connection.writeHead(status: 416, headers: ["Content-Range": "bytes */\(size)", "Content-Length": "0"])
                return
            }
            start = first
            connection.writeHead(status: 206, headers: [
                "Content-Range": "bytes \(first)-\(size - 1)/\(size)", "Content-Length": "\(size - first)",
                "Accept-Ranges": "bytes", "Content-Type": "application/octet-stream",
            ])
        } else {
            var headers = ["Content-Length": "\(size)", "Content-Type": "application/octet-stream"]
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
    }
}
