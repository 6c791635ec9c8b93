import Foundation
import GenUI

/// Splits a byte stream into lines, whatever the chunk boundaries: `\n`, `\r\n` and lone `\r` all end a line,
/// and a `\r\n` split across two chunks counts once. Used for NDJSON bodies and by ``SSEParser``.
///
/// A line longer than ``maximumLineBytes`` is an error (``GenUIError/responseTooLarge(limit:_:)``): a server
/// that never ends its line cannot make the splitter buffer without bound.
public struct LineSplitter: Sendable {
    private var pending: [UInt8] = []
    private var lastWasCarriageReturn = false
    /// The longest line accepted, in bytes (terminator excluded).
    public let maximumLineBytes: Int

    /// Creates a splitter accepting lines of up to `maximumLineBytes` bytes.
    public init(maximumLineBytes: Int = ResponseLimits.standard.maximumLineBytes) {
        self.maximumLineBytes = maximumLineBytes
    }

    /// Feeds bytes; returns the lines they complete, without terminators. Throws when the line being read passes
    /// ``maximumLineBytes``.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) throws(GenUIError) -> [String]
    where Bytes.Element == UInt8 {
        // Contiguous bytes (a body's `Data`) are scanned for line ends a run at a time; others byte by byte.
        var failure: GenUIError?
        let scanned = bytes.withContiguousStorageIfAvailable { buffer -> [String] in
            do throws(GenUIError) {
                return try feed(contiguous: buffer)
            } catch {
                failure = error
                return []
            }
        }
        if let failure { throw failure }
        if let scanned { return scanned }
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
                guard pending.count < maximumLineBytes else {
                    pending = []
                    throw ResponseLimits.exceeded("a line of the streamed response", limit: maximumLineBytes)
                }
                pending.append(byte)
            }
        }
        return lines
    }

    private mutating func feed(contiguous buffer: UnsafeBufferPointer<UInt8>) throws(GenUIError) -> [String] {
        var lines: [String] = []
        var index = 0
        if lastWasCarriageReturn, !buffer.isEmpty {
            lastWasCarriageReturn = false
            if buffer[0] == 0x0A { index = 1 }
        }
        while index < buffer.count {
            var end = index
            while end < buffer.count, buffer[end] != 0x0A, buffer[end] != 0x0D { end += 1 }
            let run = UnsafeBufferPointer(rebasing: buffer[index..<end])
            guard pending.count + run.count <= maximumLineBytes else {
                pending = []
                throw ResponseLimits.exceeded("a line of the streamed response", limit: maximumLineBytes)
            }
            guard end < buffer.count else {
                pending.append(contentsOf: run)
                break
            }
            if pending.isEmpty {
                lines.append(String(decoding: run, as: UTF8.self))
            } else {
                pending.append(contentsOf: run)
                lines.append(flush())
            }
            if buffer[end] == 0x0D {
                if end + 1 < buffer.count {
                    if buffer[end + 1] == 0x0A { end += 1 }
                } else {
                    lastWasCarriageReturn = true
                }
            }
            index = end + 1
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
        defer { pending.removeAll(keepingCapacity: pending.capacity <= 64 << 10) }
        return String(decoding: pending, as: UTF8.self)
    }
}

extension AsyncSequence where Element == Data {
    /// The stream's lines (see ``LineSplitter``); blank lines are skipped, an unterminated last line is kept.
    /// A line longer than `maximumLineBytes` ends the stream with ``GenUIError/responseTooLarge(limit:_:)``.
    /// Lines are read on demand: nothing is buffered ahead of the consumer.
    public func lines(
        maximumLineBytes: Int = ResponseLimits.standard.maximumLineBytes
    ) -> AsyncThrowingStream<String, any Error> where Self: Sendable {
        let reader = PullReader<AsyncIterator, String>(makeAsyncIterator())
        let splitter = SplitterBox(LineSplitter(maximumLineBytes: maximumLineBytes))
        return AsyncThrowingStream(unfolding: {
            try await reader.next { chunk in
                guard let chunk else { return splitter.value.finish().map { [$0] } ?? [] }
                return try splitter.value.feed(chunk).filter { !$0.isEmpty }
            }
        })
    }
}

/// Mutable parser state used by one stream's single consumer.
final class SplitterBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
