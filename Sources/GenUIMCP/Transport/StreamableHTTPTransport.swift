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

    init(url: URL, headers: [String: String], maximumMessageBytes: Int, logger: Logger) {
        self.url = url
        self.headers = headers
        self.maximumMessageBytes = maximumMessageBytes
        self.logger = logger
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
        (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
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
            var request = URLRequest(url: url)
            request.httpMethod = "DELETE"
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

    /// The `data` of each event in a server-sent event stream (lines of one event joined by newlines).
    static func events(in body: Data) -> [Data] {
        var events: [Data] = []
        var current: [Substring] = []
        let text = String(decoding: body, as: UTF8.self)
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.isEmpty {
                if !current.isEmpty { events.append(Data(current.joined(separator: "\n").utf8)) }
                current = []
            } else if line.hasPrefix("data:") {
                var value = line.dropFirst(5)
                if value.hasPrefix(" ") { value = value.dropFirst() }
                current.append(value)
            }
        }
        if !current.isEmpty { events.append(Data(current.joined(separator: "\n").utf8)) }
        return events
    }
}
