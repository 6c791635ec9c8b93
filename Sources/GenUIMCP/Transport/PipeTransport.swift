import CGenUIProcess
import Foundation
import GenUI
import Logging
import MCP

/// MCP's stdio transport over a child's pipes, with the limits genui keeps: one message may not exceed a size, every
/// line must be a JSON-RPC message, and the end of the server's output is an error that ends the client's loop
/// (rather than an empty stream it would read again).
///
/// Lines are read on a thread of their own with blocking reads (no polling); writes never raise `SIGPIPE`.
actor PipeTransport: MCP.Transport {
    nonisolated let logger: Logger
    private let input: Int32
    private let output: Int32
    private let maximumMessageBytes: Int
    private let stream: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let closure = ClosureRecord()
    private var isConnected = false
    private var inputClosed = false

    /// A transport that writes to `input` (the child's stdin) and reads from `output` (its stdout); it owns both.
    init(input: Int32, output: Int32, maximumMessageBytes: Int, logger: Logger) {
        self.input = input
        self.output = output
        self.maximumMessageBytes = maximumMessageBytes
        self.logger = logger
        (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        // Writes wait for a slow reader within a bound instead of blocking a thread (and this actor) for good.
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
    }

    /// How long one write waits for a server that does not read its stdin.
    static let writeTimeoutMilliseconds: Int32 = 10_000

    deinit {
        if !inputClosed { close(input) }
    }

    /// Why the transport closed, or `nil` while it is open.
    nonisolated var closedBecause: TransportClosure? { closure.reason }

    func connect() async throws {
        guard !isConnected else { return }
        isConnected = true
        let reader = LineReader(
            descriptor: output, maximumLineBytes: maximumMessageBytes, continuation: continuation, closure: closure)
        Thread.start(named: "mcp.read.\(output)") { reader.run() }
    }

    func disconnect() async {
        shutDown(reason: .disconnected)
    }

    func send(_ data: Data) async throws {
        guard closedBecause == nil, !inputClosed else { throw MCPError.connectionClosed }
        var message = data
        message.append(UInt8(ascii: "\n"))
        let written = message.withUnsafeBytes {
            genui_write_all_no_sigpipe(input, $0.baseAddress, $0.count, Self.writeTimeoutMilliseconds)
        }
        if written < 0 { throw MCPError.connectionClosed }
    }

    func receive() -> AsyncThrowingStream<Data, any Error> { stream }

    private func shutDown(reason: TransportClosure) {
        closure.record(reason)
        if !inputClosed {
            inputClosed = true
            close(input)
        }
        continuation.finish(throwing: reason)
    }
}

/// Reads newline-delimited messages from a descriptor until its end, checking each.
private struct LineReader: Sendable {
    let descriptor: Int32
    let maximumLineBytes: Int
    let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    let closure: ClosureRecord

    func run() {
        var pending = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var reason = TransportClosure.endOfOutput
        reading: while closure.reason == nil {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var start = 0
            for index in 0..<count where buffer[index] == UInt8(ascii: "\n") {
                pending.append(contentsOf: buffer[start..<index])
                start = index + 1
                if let problem = deliver(pending) {
                    reason = problem
                    break reading
                }
                pending.removeAll(keepingCapacity: pending.count <= 1 << 20)
            }
            pending.append(contentsOf: buffer[start..<count])
            if pending.count > maximumLineBytes {
                reason = .messageTooLarge(limit: maximumLineBytes)
                break
            }
        }
        close(descriptor)
        continuation.finish(throwing: closure.record(reason))
    }

    /// Yields one line when it is a JSON-RPC message; the reason to close otherwise.
    private func deliver(_ line: Data) -> TransportClosure? {
        if line.count > maximumLineBytes { return .messageTooLarge(limit: maximumLineBytes) }
        let trimmed = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
        guard !trimmed.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
        if let problem = MessageCheck.problem(in: trimmed) { return problem }
        continuation.yield(Data(trimmed))
        return nil
    }
}
