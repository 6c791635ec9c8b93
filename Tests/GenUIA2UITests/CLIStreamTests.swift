import Foundation
import GenUI
import GenUITestSupport
import GenUITesting
import Testing

/// `genui render --from a2ui URL [--watch]` against a real loopback server that streams messages with pauses.
@Suite("genui render --from a2ui URL", .tags(.integration))
struct A2UICLIStreamTests {
    static let first = A2UIFixtures.stream(
        [
            #"{"id":"root","component":"Card","child":"t"}"#, #"{"id":"t","component":"Text","text":{"path":"/step"}}"#,
        ], data: #"{"step":"Step one"}"#)
    static let second =
        #"{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/step","value":"Step two"}}"# + "\n"

    func genui(_ arguments: [String]) throws -> ProcessResult {
        try renderA2UI(arguments)
    }

    /// A server that sends `first`, pauses, then `second`, as JSONL or as SSE `data:` lines.
    func server(sse: Bool) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { _, connection in
            func frame(_ text: String) -> String {
                sse ? text.split(separator: "\n").map { "data: \($0)\n\n" }.joined() : text
            }
            connection.startStream(contentType: sse ? "text/event-stream" : "application/jsonl")
            _ = connection.send(frame(Self.first))
            Thread.sleep(forTimeInterval: 1)
            _ = connection.send(frame(Self.second))
            connection.endStream()
        }
    }

    @Test(
        "--watch redraws as messages arrive: the frame before the pause shows the first value, the one after it the second"
    )
    func watch() throws {
        let server = try server(sse: false)
        defer { server.stop() }
        let result = try genui([server.baseURL.appendingPathComponent("stream").absoluteString, "--watch"])
        #expect(result.status == 0, "\(result.stderr)")
        let one = try #require(result.stdout.range(of: "Step one"))
        let two = try #require(result.stdout.range(of: "Step two"))
        #expect(one.upperBound <= two.lowerBound)
        #expect(result.stdout.components(separatedBy: "═ s ").count - 1 == 2)
    }

    @Test("an SSE stream from a URL renders its final state without --watch")
    func sse() throws {
        let server = try server(sse: true)
        defer { server.stop() }
        let result = try genui([server.baseURL.appendingPathComponent("events").absoluteString])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Step two"))
        #expect(!result.stdout.contains("Step one"))
        #expect(server.requests.first?.header("accept")?.contains("text/event-stream") == true)
    }

    @Test("an HTTP error status is reported and exits 3")
    func httpError() throws {
        let server = try LoopbackHTTPServer { _, connection in connection.respond(status: 404, json: #"{"error":"no"}"#)
        }
        defer { server.stop() }
        let result = try genui([server.baseURL.appendingPathComponent("missing").absoluteString])
        #expect(result.status == 3)
        #expect(result.stderr.contains("HTTP status 404"))
    }

    @Test("--watch with a format other than text is refused (exit 64)")
    func watchNeedsText() throws {
        let result = try genui(["-", "--watch", "--format", "html"])
        #expect(result.status == 64)
    }
}
