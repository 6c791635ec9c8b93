import Foundation
import GenUI
import GenUIHTTP
import GenUITesting
import Synchronization
import Testing

@Suite("HTTP client backpressure", .tags(.unit))
struct HTTPClientBackpressureTests {
    @Test(
        "a reader that stops reading holds the server back: what it sends stays bounded, and it goes on once the reader reads again"
    )
    func stalledReaderHoldsTheServerBack() async throws {
        // 256 MiB offered in 64 KiB events, far more than the kernel's socket buffers and the client's own hold.
        let eventBytes = 64 << 10
        let offered = 4096
        let sent = Mutex(0)
        let payload = String(repeating: "x", count: eventBytes - 8)
        let server = try LoopbackHTTPServer { _, connection in
            connection.startStream(contentType: "text/event-stream")
            for _ in 0..<offered {
                guard connection.send("data: \(payload)\n\n") else { return }
                sent.withLock { $0 += eventBytes }
            }
            connection.endStream()
        }
        defer { server.stop() }
        let client = HTTPClient()
        #expect(client.transport == .asyncHTTPClient)
        let response = try await client.stream(HTTPRequest(url: server.baseURL))
        var iterator = response.body.makeAsyncIterator()
        var read = try await iterator.next()?.count ?? 0

        // Wait until the server stops getting anywhere (three readings 200 ms apart agree), at most 30 s.
        var readings: [Int] = []
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(200))
            readings.append(sent.withLock { $0 })
            if readings.count >= 3, Set(readings.suffix(3)).count == 1 { break }
        }
        let held = sent.withLock { $0 }
        #expect(held < 64 << 20, "the server sent \(held >> 20) MiB to a reader that read one chunk")

        // Reading again lets the server go on.
        for _ in 0..<64 {
            guard let chunk = try await iterator.next() else { break }
            read += chunk.count
        }
        #expect(read > eventBytes)
        #expect(sent.withLock { $0 } > held)
    }
}
