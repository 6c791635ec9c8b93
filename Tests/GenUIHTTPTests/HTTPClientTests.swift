import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP
import GenUITestSupport
import GenUITesting
import Testing

@Suite("HTTP client over loopback", .tags(.unit))
struct HTTPClientTests {
    @Test("a JSON POST reaches the server with its headers and body, and the answer comes back")
    func roundTrip() async throws {
        let server = try LoopbackHTTPServer { request, connection in
            connection.respond(
                status: 201, json: #"{"echo":\#(request.text),"auth":"\#(request.header("x-test") ?? "")"}"#)
        }
        defer { server.stop() }
        let client = HTTPClient()
        let body = try GeneratedContent(json: #"{"model":"m","n":1}"#)
        let response = try await client.send(
            .postJSON(server.baseURL.appendingPathComponent("api/chat"), json: body, headers: ["X-Test": "yes"]))
        #expect(response.status == 201)
        #expect(response.json?["echo"]?["model"]?.stringValue == "m")
        #expect(response.json?["auth"]?.stringValue == "yes")
        let recorded = try #require(server.requests.first)
        #expect(recorded.method == "POST")
        #expect(recorded.path == "/api/chat")
        #expect(recorded.header("content-type") == "application/json")
    }

    @Test("a refused port is a connectionRefused transport error naming the endpoint")
    func refused() async {
        let port = unusedLoopbackPort()
        let client = HTTPClient()
        do {
            _ = try await client.send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/api/version")!))
            Issue.record("expected a transport error")
        } catch let error as GenUIError {
            guard case .transport(.connectionRefused(let endpoint), _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(endpoint == "http://127.0.0.1:\(port)")
        } catch { Issue.record("unexpected \(error)") }
    }

    @Test("a server that accepts and never answers hits the connect timeout and sees the connection closed")
    func headTimeout() async throws {
        let server = try LoopbackHTTPServer { _, connection in connection.stall(for: .seconds(60)) }
        defer { server.stop() }
        let client = HTTPClient(timeouts: .init(connect: .milliseconds(300), total: .seconds(30)))
        do {
            _ = try await client.send(HTTPRequest(url: server.baseURL.appendingPathComponent("slow")))
            Issue.record("expected a timeout")
        } catch let error as GenUIError {
            guard case .transport(.connectTimeout, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
        #expect(await server.waitForClientClosure())
    }

    @Test("a body that trickles past the total timeout is timedOut")
    func totalTimeout() async throws {
        let server = try LoopbackHTTPServer { _, connection in
            connection.startStream(contentType: "application/x-ndjson")
            for index in 0..<100 {
                guard connection.send("{\"i\":\(index)}\n") else { return }
                if connection.pause(.milliseconds(100)) { return }
            }
            connection.endStream()
        }
        defer { server.stop() }
        // The body trickles for 10 s; the total timeout of 3 s leaves a loaded machine time to deliver the first lines.
        let client = HTTPClient(timeouts: .init(connect: .seconds(5), total: .seconds(3)))
        var lines = 0
        do {
            let response = try await client.stream(HTTPRequest(url: server.baseURL))
            for try await _ in response.body.lines() { lines += 1 }
            Issue.record("expected a timeout")
        } catch let error as GenUIError {
            #expect(error.code == "timedOut")
        }
        #expect(lines > 0)
    }

    @Test("cancelling the calling task during a 60 s stall returns within 20 s and the server sees the close")
    func cancellation() async throws {
        let server = try LoopbackHTTPServer { _, connection in connection.stall(for: .seconds(60)) }
        defer { server.stop() }
        let client = HTTPClient(timeouts: .init(connect: .seconds(120), total: .seconds(120)))
        let task = Task { try await client.send(HTTPRequest(url: server.baseURL)) }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        let clock = ContinuousClock()
        let start = clock.now
        task.cancel()
        let result = await task.result
        let elapsed = clock.now - start
        #expect(throws: CancellationError.self) { try result.get() }
        // Cancellation takes milliseconds; the bound is far below the 60 s stall, and far above what a loaded
        // machine adds.
        #expect(elapsed < .seconds(20))
        #expect(await server.waitForClientClosure())
    }

    @Test("abandoning a stream midway closes the connection")
    func abandonStream() async throws {
        let server = try LoopbackHTTPServer { _, connection in
            connection.startStream(contentType: "text/event-stream")
            for index in 0..<600 {
                guard connection.send("data: \(index)\n\n") else { return }
                if connection.pause(.milliseconds(100)) { return }
            }
        }
        defer { server.stop() }
        let client = HTTPClient()
        let task = Task {
            let response = try await client.stream(HTTPRequest(url: server.baseURL))
            for try await event in response.body.serverSentEvents() where event.data == "2" { break }
        }
        try await task.value
        #expect(await server.waitForClientClosure())
    }

    @Test("a chunked stream cut mid-document fails with a lost connection after the data that arrived")
    func cutStream() async throws {
        let server = try LoopbackHTTPServer { _, connection in
            connection.startStream(contentType: "application/x-ndjson")
            connection.send("{\"a\":1}\n{\"b\":")
            connection.pause(.milliseconds(100))
            connection.abort()
        }
        defer { server.stop() }
        let client = HTTPClient()
        var lines: [String] = []
        do {
            let response = try await client.stream(HTTPRequest(url: server.baseURL))
            for try await line in response.body.lines() { lines.append(line) }
            Issue.record("expected the cut to surface")
        } catch let error as GenUIError {
            guard case .transport(let failure, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            if case .connectionLost = failure {} else { Issue.record("unexpected failure \(failure)") }
        }
        #expect(lines == ["{\"a\":1}"])
    }

    @Test("200 concurrent requests on one client all complete correctly")
    func concurrentStress() async throws {
        let server = try LoopbackHTTPServer { request, connection in
            connection.respond(status: 200, json: #"{"path":"\#(request.path)"}"#)
        }
        defer { server.stop() }
        let client = HTTPClient()
        let paths = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<200 {
                group.addTask {
                    let response = try await client.send(
                        HTTPRequest(url: server.baseURL.appendingPathComponent("r\(index)")))
                    return (index, response.json?["path"]?.stringValue)
                }
            }
            var results: [Int: String?] = [:]
            for try await (index, path) in group { results[index] = path }
            return results
        }
        #expect(paths.count == 200)
        #expect(paths.allSatisfy { $0.value == "/r\($0.key)" })
        #expect(server.requests.count == 200)
    }
}
