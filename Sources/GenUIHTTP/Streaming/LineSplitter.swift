import Foundation

/// Splits a byte stream into lines, whatever the chunk boundaries: `\n`, `\r\n` and lone `\r` all end a line,
/// and a `\r\n` split across two chunks counts once. Used for NDJSON bodies and by ``SSEParser``.
public struct LineSplitter: Sendable {
    private var pending: [UInt8] = []
    private var lastWasCarriageReturn = false

    /// Creates a splitter.
    public init() {}

    /// Feeds bytes; returns the lines they complete, without terminators.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [String] where Bytes.Element == UInt8 {
        var lines: [String] = []
        for byte in bytes {
            if lastWasCarriageReturn {
                lastWasCarriageReturn = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0A:
                lines.append(flush())
            case 0x0D:
                lines.append(flush())
                lastWasCarriageReturn = true
            default:
                pending.append(byte)
            }
        }
        return lines
    }

    /// Ends the stream: the unterminated last line, if any.
    public mutating func finish() -> String? {
        lastWasCarriageReturn = false
        return pending.isEmpty ? nil : flush()
    }

    /// Bytes received but not yet part of a complete line.
    public var bufferedByteCount: Int { pending.count }

    private mutating func flush() -> String {
        defer { pending.removeAll(keepingCapacity: true) }
        return String(decoding: pending, as: UTF8.self)
    }
}

extension AsyncSequence where Element == Data {
    /// The stream's lines (see ``LineSplitter``); blank lines are skipped, an unterminated last line is kept.
    public func lines() -> AsyncThrowingStream<String, any Error> where Self: Sendable {
        AsyncThrowingStream { continuation in
            let task = Task {
                var splitter = LineSplitter()
                do {
                    for try await chunk in self {
                        for line in splitter.feed(chunk) where !line.isEmpty { continuation.yield(line) }
                    }
                    if let last = splitter.finish(), !last.isEmpty { continuation.yield(last) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
