import Foundation
import GenUI

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
///
/// Bounded: a line longer than `maximumLineBytes`, or an event whose data lines together pass `maximumEventBytes`,
/// is ``GenUIError/responseTooLarge(limit:_:)`` (see ``ResponseLimits``). A `retry:` value is clamped to
/// ``maximumRetry``.
public struct SSEParser: Sendable {
    private var lines: LineSplitter
    private var eventType = ""
    private var dataLines: [String] = []
    private var dataBytes = 0
    private var hasData = false
    private var lastEventID: String?
    private var retry: Int?
    /// The most data one event may carry, in bytes.
    public let maximumEventBytes: Int

    /// The longest reconnection time read from a `retry:` field: one day, in milliseconds.
    public static let maximumRetry = 86_400_000

    /// Creates a parser with the given bounds.
    public init(
        maximumLineBytes: Int = ResponseLimits.standard.maximumLineBytes,
        maximumEventBytes: Int = ResponseLimits.standard.maximumEventBytes
    ) {
        self.lines = LineSplitter(maximumLineBytes: maximumLineBytes)
        self.maximumEventBytes = maximumEventBytes
    }

    /// Feeds bytes; returns the events they complete. Throws when a line or an event passes its bound.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) throws(GenUIError) -> [ServerSentEvent]
    where Bytes.Element == UInt8 {
        var events: [ServerSentEvent] = []
        for line in try lines.feed(bytes) {
            if let event = try process(line) { events.append(event) }
        }
        return events
    }

    /// Ends the stream. A final event not followed by a blank line is dispatched too (servers that close right after
    /// the last `data:` line would otherwise lose it).
    public mutating func finish() throws(GenUIError) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        if let line = lines.finish(), let event = try process(line) { events.append(event) }
        if let event = dispatch() { events.append(event) }
        return events
    }

    private mutating func process(_ line: String) throws(GenUIError) -> ServerSentEvent? {
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
            // Each data line adds its bytes and the newline that joins it to the next.
            dataBytes += value.utf8.count + 1
            guard dataBytes <= maximumEventBytes + 1 else {
                dataLines = []
                dataBytes = 0
                throw ResponseLimits.exceeded("a server-sent event", limit: maximumEventBytes)
            }
            dataLines.append(String(value))
            hasData = true
        case "id" where !value.contains("\0"): lastEventID = String(value)
        case "retry":
            if let milliseconds = ExternalNumber.count(value, maximum: Self.maximumRetry) { retry = milliseconds }
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            eventType = ""
            dataLines = []
            dataBytes = 0
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
    /// The stream parsed as server-sent events, bounded as ``SSEParser`` says: passing a bound ends the stream with
    /// ``GenUIError/responseTooLarge(limit:_:)``. Events are read on demand: nothing is buffered ahead of the
    /// consumer.
    public func serverSentEvents(
        maximumLineBytes: Int = ResponseLimits.standard.maximumLineBytes,
        maximumEventBytes: Int = ResponseLimits.standard.maximumEventBytes
    ) -> AsyncThrowingStream<ServerSentEvent, any Error> where Self: Sendable {
        let reader = PullReader<AsyncIterator, ServerSentEvent>(makeAsyncIterator())
        let parser = SplitterBox(SSEParser(maximumLineBytes: maximumLineBytes, maximumEventBytes: maximumEventBytes))
        return AsyncThrowingStream(unfolding: {
            try await reader.next { chunk in
                guard let chunk else { return try parser.value.finish() }
                return try parser.value.feed(chunk)
            }
        })
    }
}
