import Synchronization

/// The last lines a subprocess wrote, for error messages when it fails.
package final class LogRingBuffer: Sendable {
    private struct State {
        var lines: [String] = []
        var partial: [UInt8] = []
        var isClosed = false
    }

    /// How many lines are kept.
    package let capacity: Int
    private let state = Mutex(State())

    package init(capacity: Int = 50) { self.capacity = capacity }

    /// Appends raw output; complete lines are kept, a trailing partial line waits for its end.
    package func append(_ bytes: some Sequence<UInt8>) {
        state.withLock { state in
            for byte in bytes {
                if byte == UInt8(ascii: "\n") {
                    Self.push(String(decoding: state.partial, as: UTF8.self), into: &state.lines, capacity: capacity)
                    state.partial.removeAll(keepingCapacity: true)
                } else if state.partial.count < 4096 {
                    state.partial.append(byte)
                }
            }
        }
    }

    /// Marks the end of the output (the pipe reached end of file).
    package func close() { state.withLock { $0.isClosed = true } }

    /// Whether all output has been read.
    package var isClosed: Bool { state.withLock { $0.isClosed } }

    /// Keeps a line written by genui itself (a start failure, an exit status).
    package func note(_ line: String) {
        state.withLock { Self.push(line, into: &$0.lines, capacity: capacity) }
    }

    /// The kept lines, oldest first, including a trailing partial line.
    package var lines: [String] {
        state.withLock { state in
            state.partial.isEmpty ? state.lines : state.lines + [String(decoding: state.partial, as: UTF8.self)]
        }
    }

    /// The last `count` lines joined for an error message.
    package func tail(_ count: Int = 12) -> String {
        lines.suffix(count).joined(separator: "\n")
    }

    private static func push(_ line: String, into lines: inout [String], capacity: Int) {
        let trimmed = line.hasSuffix("\r") ? String(line.dropLast()) : line
        guard !trimmed.isEmpty else { return }
        lines.append(trimmed)
        if lines.count > capacity { lines.removeFirst(lines.count - capacity) }
    }
}
