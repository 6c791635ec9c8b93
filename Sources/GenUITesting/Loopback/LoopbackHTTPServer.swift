import Foundation
import GenUI
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for testing network providers against a
/// protocol-faithful fake without leaving the machine.
///
/// Each connection runs on its own thread and hands every request to the handler together with a
/// ``LoopbackConnection`` that gives full control over the answer: status, headers and body, a chunked stream
/// written piece by piece with pauses, a stall that never answers, a connection cut mid-stream. The server records
/// the requests it received and whether clients closed connections while a handler was still busy with them.
/// Every response carries `Connection: close`. Call ``stop()`` when done: the accept thread keeps the server alive
/// until then.
public final class LoopbackHTTPServer: Sendable {
    /// What a handler does with one request.
    public typealias Handler = @Sendable (LoopbackRequest, LoopbackConnection) throws -> Void

    /// The port the server listens on.
    public let port: Int
    private let listener: Int32
    private let handler: Handler
    private let state = Mutex(ServerState())

    private struct ServerState {
        var requests: [LoopbackRequest] = []
        var clientClosures = 0
        var stopped = false
        var responsesInFlight = 0
        var peakResponsesInFlight = 0
    }

    /// Starts a server that answers with `handler`.
    public init(handler: @escaping Handler) throws {
        let fd = socket(AF_INET, Self.streamType, 0)
        guard fd >= 0 else { throw LoopbackServerError.socket("socket", errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 1024) == 0 else {
            let code = errno
            close(fd)
            throw LoopbackServerError.socket("bind/listen", code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.listener = fd
        self.handler = handler
        Thread.start(named: "loopback.accept") { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL {
        URL(validLiteral: "http://127.0.0.1:\(port)")
    }

    /// The requests received so far, in arrival order.
    public var requests: [LoopbackRequest] { state.withLock { $0.requests } }

    /// How many times a client closed its connection while a handler was still answering or stalling.
    public var clientClosures: Int { state.withLock { $0.clientClosures } }

    /// Whether the server has been stopped.
    public var isStopped: Bool { state.withLock { $0.stopped } }

    /// Stops accepting connections; handlers that stall return soon after.
    ///
    /// The listening socket is only shut down here; the accept thread closes it when it leaves. Closing it here
    /// would free its descriptor number while the accept thread may still be about to call `accept` with it, and
    /// the number could by then belong to another server's listener.
    public func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    /// Waits up to `timeout` for a client to close a connection while a handler was busy; `true` if one did.
    public func waitForClientClosure(timeout: Duration = .seconds(5)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if clientClosures > 0 { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return clientClosures > 0
    }

    /// The most requests the server was answering at the same time so far. A request counts from its arrival until
    /// its response's last byte leaves (its `Content-Length` body's, its stream's closing chunk, its cut), or until
    /// its handler returns when nothing marks the end sooner: a handler still pausing after its last byte, or a
    /// thread not yet scheduled to close the connection, does not count.
    public var peakConcurrentRequests: Int { state.withLock { $0.peakResponsesInFlight } }

    func recordClientClosure() { state.withLock { $0.clientClosures += 1 } }

    func responseCompleted() { state.withLock { $0.responsesInFlight -= 1 } }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR && !isStopped { continue }
                return
            }
            if isStopped {
                close(client)
                return
            }
            Self.disableSigpipe(client)
            let thread = Thread { [self] in serve(client) }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        let connection = LoopbackConnection(fd: fd, server: self)
        guard let request = connection.readRequest() else {
            connection.closeSocket()
            return
        }
        defer { connection.closeGracefully() }
        state.withLock {
            $0.requests.append(request)
            $0.responsesInFlight += 1
            $0.peakResponsesInFlight = max($0.peakResponsesInFlight, $0.responsesInFlight)
        }
        defer { connection.completeResponse() }
        do {
            try handler(request, connection)
        } catch {
            if !connection.hasResponded {
                connection.respond(status: 500, body: Data("handler failed: \(error)".utf8))
            }
        }
        connection.finishIfNeeded()
    }

    #if os(Linux)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
        private static let streamType = SOCK_STREAM
    #endif

    static func disableSigpipe(_ fd: Int32) {
        #if !os(Linux)
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }
}

/// A failure starting a ``LoopbackHTTPServer``.
public enum LoopbackServerError: Error, CustomStringConvertible {
    /// A socket call failed with `errno`.
    case socket(String, Int32)

    public var description: String {
        switch self {
        case .socket(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}

/// A request a ``LoopbackHTTPServer`` received.
public struct LoopbackRequest: Sendable {
    /// The method ("GET", "POST", …).
    public var method: String
    /// The request target: path and query ("/api/chat", "/v1beta/models/m:streamGenerateContent?alt=sse").
    public var target: String
    /// Header fields, names lowercased.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a request record.
    public init(method: String, target: String, headers: [String: String], body: Data) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The path without the query.
    public var path: String { String(target.split(separator: "?", maxSplits: 1).first ?? "") }

    /// The query string, if any.
    public var query: String? {
        let parts = target.split(separator: "?", maxSplits: 1)
        return parts.count == 2 ? String(parts[1]) : nil
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as JSON, or `nil`.
    public var json: GeneratedContent? { try? JSONParser.parse(text) }

    /// The header `name` (case-insensitive).
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
