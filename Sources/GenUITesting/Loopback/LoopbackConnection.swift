import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One client connection of a ``LoopbackHTTPServer``: how a handler answers (or does not).
///
/// Methods block the connection's own thread; a handler may call them freely, pause between writes with
/// ``pause(_:)``, or never answer with ``stall(for:)``.
public final class LoopbackConnection: Sendable {
    private let fd: Int32
    private let server: LoopbackHTTPServer
    private let state = Mutex(ConnectionState())

    private struct ConnectionState {
        var responded = false
        var streaming = false
        var finished = false
        var clientClosed = false
        var closed = false
        /// Body bytes still to write before a response with a `Content-Length` is complete.
        var bodyRemaining: Int?
        /// Whether the response has been written to its end (or cut off), for the server's count of responses in
        /// flight.
        var complete = false
    }

    init(fd: Int32, server: LoopbackHTTPServer) {
        self.fd = fd
        self.server = server
    }

    /// Whether the handler has started an answer.
    public var hasResponded: Bool { state.withLock { $0.responded } }

    /// Whether the client closed the connection while the handler was busy with it.
    public var clientClosed: Bool { state.withLock { $0.clientClosed } }

    /// Sends a complete response with a `Content-Length` body.
    public func respond(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        var all = headers
        all["Content-Length"] = "\(body.count)"
        writeHead(status: status, headers: all)
        write(body)
        state.withLock { $0.finished = true }
    }

    /// Sends a complete response with a JSON body.
    public func respond(status: Int = 200, json: String, headers: [String: String] = [:]) {
        var all = headers
        all["Content-Type"] = "application/json"
        respond(status: status, headers: all, body: Data(json.utf8))
    }

    /// Starts a chunked response; follow with ``send(_:)-(String)`` and ``endStream()`` (or ``abort()``).
    public func startStream(status: Int = 200, contentType: String, headers: [String: String] = [:]) {
        var all = headers
        all["Content-Type"] = contentType
        all["Transfer-Encoding"] = "chunked"
        writeHead(status: status, headers: all)
        state.withLock { $0.streaming = true }
    }

    /// Sends `text` as one chunk of a streamed response. Returns `false` when the client has gone.
    @discardableResult
    public func send(_ text: String) -> Bool { send(Data(text.utf8)) }

    /// Sends `data` as one chunk of a streamed response. Returns `false` when the client has gone.
    @discardableResult
    public func send(_ data: Data) -> Bool {
        guard !data.isEmpty else { return true }
        var chunk = Data(String(data.count, radix: 16).utf8)
        chunk.append(contentsOf: [0x0D, 0x0A])
        chunk.append(data)
        chunk.append(contentsOf: [0x0D, 0x0A])
        return write(chunk)
    }

    /// Ends a streamed response properly.
    public func endStream() {
        completeResponse()
        write(Data("0\r\n\r\n".utf8))
        state.withLock { $0.finished = true }
    }

    /// Closes the connection at once, mid-response if one is under way (a stream cut short).
    public func abort() {
        state.withLock { $0.finished = true }
        completeResponse()
        closeSocket()
    }

    /// Waits `duration` without answering, or until the client closes the connection or the server stops.
    /// Returns `true` when the client closed it (which the server records).
    @discardableResult
    public func stall(for duration: Duration) -> Bool {
        let deadline = ContinuousClock.now + duration
        while ContinuousClock.now < deadline && !server.isStopped {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 20)
            if ready > 0 {
                var byte: UInt8 = 0
                let peeked = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
                if peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
                    markClientClosed()
                    return true
                }
                if peeked > 0 { usleep(20_000) }
            }
        }
        return false
    }

    /// Pauses between writes; returns `true` if the client closed the connection meanwhile.
    @discardableResult
    public func pause(_ duration: Duration) -> Bool { stall(for: duration) }

    // MARK: - Internals

    func readRequest() -> LoopbackRequest? {
        var buffer = [UInt8]()
        var headerEnd: Int?
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while headerEnd == nil {
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
            headerEnd = Self.find([0x0D, 0x0A, 0x0D, 0x0A], in: buffer)
            if buffer.count > 1 << 20 { return nil }
        }
        guard let headerEnd else { return nil }
        let headText = String(decoding: buffer[0..<headerEnd], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(buffer[(headerEnd + 4)...])
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        if length > body.count, headers["expect"]?.lowercased() == "100-continue" {
            write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        while body.count < length {
            let count = recv(fd, &chunk, min(chunk.count, length - body.count), 0)
            guard count > 0 else { return nil }
            body.append(contentsOf: chunk[0..<count])
        }
        return LoopbackRequest(
            method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: Data(body))
    }

    func finishIfNeeded() {
        let (responded, streaming, finished) = state.withLock { ($0.responded, $0.streaming, $0.finished) }
        if !responded {
            respond(status: 500, body: Data("the test handler did not answer".utf8))
        } else if streaming && !finished {
            endStream()
        }
    }

    /// Ends the connection the way real servers do: stop sending, let the client read everything and close its end
    /// (reading whatever it still sends meanwhile), then close. Closing with unread input would reset the connection
    /// and could destroy the response before the client has read it.
    func closeGracefully() {
        let open = state.withLock { !$0.closed }
        guard open else { return }
        shutdown(fd, Int32(SHUT_WR))
        let deadline = ContinuousClock.now + .milliseconds(500)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) >= 0 else { break }
            if descriptor.revents == 0 { continue }
            if recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT)) <= 0 { break }
        }
        closeSocket()
    }

    func closeSocket() {
        let first = state.withLock { state -> Bool in
            defer { state.closed = true }
            return !state.closed
        }
        if first { close(fd) }
    }

    func writeHead(status: Int, headers: [String: String]) {
        let length = headers.first { $0.key.lowercased() == "content-length" }.flatMap { Int($0.value) }
        state.withLock {
            $0.responded = true
            $0.bodyRemaining = length
        }
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        var all = headers
        all["Connection"] = "close"
        for (name, value) in all.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        if length == 0 { completeResponse() }
        transmit(Data(head.utf8))
    }

    /// Writes body bytes. Just before the byte that completes a `Content-Length` body leaves, the response stops
    /// counting as in flight (``completeResponse()``).
    @discardableResult
    func write(_ data: Data) -> Bool {
        let remaining = state.withLock { state -> Int? in
            defer { state.bodyRemaining = state.bodyRemaining.map { $0 - data.count } }
            return state.bodyRemaining
        }
        guard let remaining, remaining > 0, data.count >= remaining else { return transmit(data) }
        let last = data.index(data.startIndex, offsetBy: remaining - 1)
        guard transmit(data[..<last]) else { return false }
        completeResponse()
        return transmit(data[last...])
    }

    /// Marks the response as ended, once, so the server stops counting it as in flight: just before its last byte
    /// leaves (a `Content-Length` body's, a stream's closing chunk, a cut), else when the handler returns. A client
    /// holding a whole response thus never finds the server still counting it, however late the server's thread
    /// runs next.
    func completeResponse() {
        let first = state.withLock { state -> Bool in
            defer { state.complete = true }
            return !state.complete
        }
        if first { server.responseCompleted() }
    }

    @discardableResult
    private func transmit(_ data: Data) -> Bool {
        if state.withLock({ $0.closed }) { return false }
        let ok = data.withUnsafeBytes { raw -> Bool in
            guard var pointer = raw.baseAddress else { return true }
            var remaining = raw.count
            while remaining > 0 {
                #if os(Linux)
                    let sent = Glibc.send(fd, pointer, remaining, Int32(MSG_NOSIGNAL))
                #else
                    let sent = Darwin.send(fd, pointer, remaining, 0)
                #endif
                if sent < 0 && errno == EINTR { continue }
                guard sent > 0 else { return false }
                pointer += sent
                remaining -= sent
            }
            return true
        }
        if !ok { markClientClosed() }
        return ok
    }

    private func markClientClosed() {
        let first = state.withLock { state -> Bool in
            defer { state.clientClosed = true }
            return !state.clientClosed
        }
        if first { server.recordClientClosure() }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return start }
        }
        return nil
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        case 529: "Overloaded"
        default: "Status"
        }
    }
}
