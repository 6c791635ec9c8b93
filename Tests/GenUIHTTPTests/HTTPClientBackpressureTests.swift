import Foundation
import GenUI
import GenUIHTTP
import GenUITesting
import Synchronization
import Testing

/// What a test server has sent, counted from its connection's thread.
final class SentBytes: Sendable {
    private let count = Mutex(0)

    func add(_ bytes: Int) { count.withLock { $0 += bytes } }

    var value: Int { count.withLock { $0 } }
}

@Suite("HTTP client backpressure", .tags(.unit))
struct HTTPClientBackpressureTests {
    /// 256 MiB offered in 64 KiB events: far more than the kernel's socket buffers and the client's own hold.
    static let eventBytes = 64 << 10
    static let offered = 4096

    /// A server that streams ``offered`` events as fast as the connection takes them, counting what it sent.
    static func floodingServer(sent: SentBytes) throws -> LoopbackHTTPServer {
        let payload = String(repeating: "x", count: eventBytes - 8)
        return try LoopbackHTTPServer { _, connection in
            connection.startStream(contentType: "text/event-stream")
            for _ in 0..<offered {
                guard connection.send("data: \(payload)\n\n") else { return }
                sent.add(eventBytes)
            }
            connection.endStream()
        }
    }

    /// Reads one chunk, then waits until the server stops getting anywhere (three readings 200 ms apart agree, or
    /// 30 s): what the server had sent by then.
    static func sentToAStalledReader(
        _ iterator: inout AsyncThrowingStream<Data, any Error>.Iterator, sent: SentBytes
    ) async throws -> Int {
        _ = try await iterator.next()
        var readings: [Int] = []
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(200))
            readings.append(sent.value)
            if readings.count >= 3, Set(readings.suffix(3)).count == 1 { break }
        }
        return sent.value
    }

    @Test(
        "a reader that stops reading holds the server back: what it sends stays bounded, and it goes on once the reader reads again"
    )
    func stalledReaderHoldsTheServerBack() async throws {
        let sent = SentBytes()
        let server = try Self.floodingServer(sent: sent)
        defer { server.stop() }
        let client = HTTPClient()
        #expect(client.transport == .asyncHTTPClient)
        let response = try await client.stream(HTTPRequest(url: server.baseURL))
        var iterator = response.body.makeAsyncIterator()
        let held = try await Self.sentToAStalledReader(&iterator, sent: sent)
        #expect(held < 64 << 20, "the server sent \(held >> 20) MiB to a reader that read one chunk")

        // Reading again lets the server go on.
        var read = 0
        for _ in 0..<64 {
            guard let chunk = try await iterator.next() else { break }
            read += chunk.count
        }
        #expect(read > Self.eventBytes)
        // The server's thread writes again once the socket has room: give it up to 30 s on a loaded machine.
        let resumed = ContinuousClock.now + .seconds(30)
        while sent.value <= held, ContinuousClock.now < resumed { try await Task.sleep(for: .milliseconds(20)) }
        #expect(sent.value > held)
    }

    @Test(
        "on the URLSession transport, which cannot pause a transfer, a stalled reader's stream is cut at the unread bound"
    )
    func urlSessionCutsAStalledReaderAtTheUnreadBound() async throws {
        let sent = SentBytes()
        let server = try Self.floodingServer(sent: sent)
        defer { server.stop() }
        let client = HTTPClient(transport: .urlSession)
        let response = try await client.stream(HTTPRequest(url: server.baseURL))
        var iterator = response.body.makeAsyncIterator()
        let held = try await Self.sentToAStalledReader(&iterator, sent: sent)
        #expect(held >= ResponseLimits.standard.maximumUnreadBytes)
        let failure = await #expect(throws: GenUIError.self) {
            while try await iterator.next() != nil {}
        }
        #expect(failure?.code == "responseTooLarge")
    }
}
