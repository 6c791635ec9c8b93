import Foundation
import GenUIHTTP
import Logging
import MCP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// MCP's Streamable HTTP transport as a client: each message is a `POST` to the server's URL, and the answer comes
/// back as JSON or as a server-sent event stream that ends after the response.
///
/// The Swift SDK's `HTTPClientTransport` cannot be used on Linux: there it reads a `text/event-stream` answer as one
/// piece and hands the whole event stream (`event: message`, `data: {…}`) to the client as if it were one JSON
/// message, which the client cannot decode — and answering with SSE is what current servers do by default (the Python
/// SDK's `FastMCP` among them). This transport reads both forms, applies genui's endpoint policy (plain `http` only to
/// loopback) and message limits, keeps the session id the server assigns (`Mcp-Session-Id`) and sends the agreed
/// protocol version (`MCP-Protocol-Version`). Header values (tokens) are sent, never logged.
actor StreamableHTTPTransport: MCP.Transport {
    nonisolated let logger: Logger
    private let url: URL
    private let headers: [String: String]
    private let maximumMessageBytes: Int
    private let session: URLSession
    private let stream: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let closure = ClosureRecord()
    private var sessionID: String?
    private var protocolVersion: String?

    /// A transport to `url`; `requestTimeout` bounds one exchange (the watchdog bounds the steps first, with the
    /// configured timeouts: this only keeps URLSession's own 60 s default from cutting a long tool call short).
    init(url: URL, headers: [String: String], maximumMessageBytes: Int, requestTimeout: Duration, logger: Logger) {
        self.url = url
        self.headers = headers
        self.maximumMessageBytes = maximumMessageBytes
        self.logger = logger
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        let seconds = TimeInterval(requestTimeout.components.seconds) + 30
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        session = URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
        (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Why the transport closed, or `nil` while it is open.
    nonisolated var closedBecause: TransportClosure? { closure.reason }

    func connect() async throws {
        guard let host = url.host, let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
            close(.unreachable("\(url.scheme ?? "no scheme"): not an http or https URL"))
            throw MCPError.connectionClosed
        }
        if scheme == "http" && !EndpointPolicy.isLoopback(host) {
            close(.unreachable("plain http is allowed only to a loopback address; use https"))
            throw MCPError.connectionClosed
        }
    }

    func disconnect() async {
        if let sessionID, closedBecause == nil {
            // Ends the session on the server; a server that does not answer soon is not waited for.
            var request = URLRequest(url: url, timeoutInterval: 2)
            request.httpMethod = "DELETE"
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            request.setValue(sessionID, forHTTPHeaderField: "Mcp-Session-Id")
            _ = try? await session.data(for: request)
        }
        close(.disconnected)
        session.invalidateAndCancel()
    }

    func send(_ data: Data) async throws {
        guard closedBecause == nil else { throw MCPError.connectionClosed }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = data
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json, text/event-stream", forHTTPHeaderField: "Accept")
        if let sessionID { request.setValue(sessionID, forHTTPHeaderField: "Mcp-Session-Id") }
        if let protocolVersion { request.setValue(protocolVersion, forHTTPHeaderField: "MCP-Protocol-Version") }
        let body: Data
        let response: URLResponse
        do {
            (body, response) = try await session.data(for: request)
        } catch {
            close(.unreachable((error as NSError).localizedDescription))
            throw MCPError.connectionClosed
        }
        guard let http = response as? HTTPURLResponse else {
            close(.unreachable("not an HTTP response"))
            throw MCPError.connectionClosed
        }
        if http.statusCode == 401 || http.statusCode == 403 {
            close(.unauthorized(status: http.statusCode))
            throw MCPError.connectionClosed
        }
        guard (200..<300).contains(http.statusCode) else {
            close(.unreachable("HTTP status \(http.statusCode)"))
            throw MCPError.connectionClosed
        }
        if let assigned = http.value(forHTTPHeaderField: "Mcp-Session-Id") { sessionID = assigned }
        guard body.count <= maximumMessageBytes else {
            close(.messageTooLarge(limit: maximumMessageBytes))
            throw MCPError.connectionClosed
        }
        let contentType = http.value(forHTTPHeaderField: "Content-Type")?.lowercased() ?? ""
        let messages = contentType.hasPrefix("text/event-stream") ? Self.events(in: body) : body.isEmpty ? [] : [body]
        for message in messages {
            if let problem = MessageCheck.problem(in: message[...]) {
                close(problem)
                throw MCPError.connectionClosed
            }
            noteProtocolVersion(in: message)
            continuation.yield(message)
        }
    }

    func receive() -> AsyncThrowingStream<Data, any Error> { stream }

    private func close(_ reason: TransportClosure) {
        continuation.finish(throwing: closure.record(reason))
    }

    /// Remembers the protocol version an `initialize` result agreed on, for the header later requests carry.
    private func noteProtocolVersion(in message: Data) {
        guard protocolVersion == nil,
            let object = try? JSONSerialization.jsonObject(with: message) as? [String: Any],
            let result = object["result"] as? [String: Any], let version = result["protocolVersion"] as? String
        else { return }
        protocolVersion = version
    }

    /// The `data` of each event in a server-sent event stream (lines of one event joined by newlines), read as bytes:
    /// lines end with LF, CRLF or CR (as a `String`, CRLF is one character and would not split at LF). Events with
    /// no data (a priming event that only carries an id) are skipped.
    static func events(in body: Data) -> [Data] {
        var events: [Data] = []
        var current: [Data] = []
        func endEvent() {
            let joined = Data(current.joined(separator: [UInt8(ascii: "\n")]))
            if !current.isEmpty, joined.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
                events.append(joined)
            }
            current = []
        }
        var lineStart = body.startIndex
        var index = body.startIndex
        while index <= body.endIndex {
            let atEnd = index == body.endIndex
            let byte = atEnd ? 0 : body[index]
            if atEnd || byte == 0x0A || byte == 0x0D {
                let line = body[lineStart..<index]
                if line.isEmpty {
                    if !atEnd { endEvent() }
                } else if line.starts(with: Array("data:".utf8)) {
                    var value = line.dropFirst(5)
                    if value.first == 0x20 { value = value.dropFirst() }
                    current.append(Data(value))
                }
                if !atEnd && byte == 0x0D && index + 1 < body.endIndex && body[index + 1] == 0x0A { index += 1 }
                lineStart = index + 1
            }
            index += 1
        }
        endEvent()
        return events
    }
}

/// Refuses every redirect: a server's `30x` would otherwise resend the headers (a token) to wherever it points, past
/// the endpoint policy. The redirect response is then the answer, an error status.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
