import Foundation

/// One server-sent event.
public struct ServerSentEvent: Sendable, Hashable {
    /// The event type; `message` when the stream did not name one.
    public var event: String
    /// The data lines, joined with `\n`.
    public var data: String
    /// The last event id seen, if any.
    public var id: String?
    /// The reconnection time the server asked for, in milliseconds, if it sent one with this event.
    public var retry: Int?

    /// Creates an event.
    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}

/// A parser for `text/event-stream` bodies following the WHATWG rules: `event`, `data`, `id` and `retry` fields,
/// multi-line data, comment lines (`:`), one optional space after the colon, any line ending, and events dispatched
/// at a blank line. Events without data are not dispatched.
public struct SSEParser: Sendable {
    private var lines = LineSplitter()
    private var eventType = ""
    private var dataLines: [String] = []
    private var hasData = false
    private var lastEventID: String?
    private var retry: Int?

    /// Creates a parser.
    public init() {}

    /// Feeds bytes; returns the events they complete.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [ServerSentEvent] where Bytes.Element == UInt8 {
        var events: [ServerSentEvent] = []
        for line in lines.feed(bytes) {
            if let event = process(line) { events.append(event) }
        }
        return events
    }

    /// Ends the stream. A final event not followed by a blank line is dispatched too (servers that close right after
    /// the last `data:` line would otherwise lose it).
    public mutating func finish() -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        if let line = lines.finish(), let event = process(line) { events.append(event) }
        if let event = dispatch() { events.append(event) }
        return events
    }

    private mutating func process(_ line: String) -> ServerSentEvent? {
        if line.isEmpty { return dispatch() }
        if line.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = Substring(line)
            value = ""
        }
        switch field {
        case "event": eventType = String(value)
        case "data":
            dataLines.append(String(value))
            hasData = true
        case "id" where !value.contains("\0"): lastEventID = String(value)
        case "retry":
            if !value.isEmpty, value.allSatisfy(\.isASCII), value.allSatisfy(\.isNumber) { retry = Int(value) }
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            eventType = ""
            dataLines = []
            hasData = false
            retry = nil
        }
        guard hasData else { return nil }
        return ServerSentEvent(
            event: eventType.isEmpty ? "message" : eventType, data: dataLines.joined(separator: "\n"), id: lastEventID,
            retry: retry)
    }
}

extension AsyncSequence where Element == Data {
    /// The stream parsed as server-sent events.
    public func serverSentEvents() -> AsyncThrowingStream<ServerSentEvent, any Error> where Self: Sendable {
        AsyncThrowingStream { continuation in
            let task = Task {
                var parser = SSEParser()
                do {
                    for try await chunk in self {
                        for event in parser.feed(chunk) { continuation.yield(event) }
                    }
                    for event in parser.finish() { continuation.yield(event) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
