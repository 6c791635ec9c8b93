import Foundation
import GenUIHTTP
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Testing

@testable import GenUIConfig

/// The least-busy fleet's `/slots` reader follows the rule every request follows (``EndpointPolicy``), and the
/// configuration's insecure-URL check is that same rule.
@Suite("the /slots reader and the configuration use the request rule for loopback", .tags(.unit))
struct SlotsReaderPolicyTests {
    @Test("a /slots URL the request rule refuses is never read, so the key is not sent; an allowed one is")
    func slotsReaderAppliesEndpointPolicy() async throws {
        let server = try LoopbackHTTPServer { _, connection in
            connection.respond(json: #"[{"id":0,"is_processing":false},{"id":1,"is_processing":true}]"#)
        }
        defer { server.stop() }
        // 127.1 reaches 127.0.0.1 through the resolver, but is not a loopback name the rule accepts.
        let lookalike = try #require(URL(string: "http://127.0.0.1@127.1:\(server.port)/v1"))
        let refused = LlamaServerSlots.reader(baseURL: lookalike, apiKey: "slot-key-91b2", allowInsecure: false)
        #expect(await refused() == nil)
        #expect(server.requests.isEmpty, "the refused URL was read: \(server.requests.map(\.target))")

        let loopback = try #require(URL(string: "http://127.0.0.1:\(server.port)/v1"))
        let allowed = LlamaServerSlots.reader(baseURL: loopback, apiKey: "slot-key-91b2", allowInsecure: false)
        #expect(await allowed() == SlotReading(idle: 1, total: 2))
        #expect(server.requests.first?.path == "/slots")
        #expect(server.requests.first?.header("authorization") == "Bearer slot-key-91b2")
    }

    @Test("the configuration calls plain http insecure exactly when the request rule refuses its host")
    func insecureCheckMatchesRequestRule() throws {
        let urls = [
            "http://127.0.0.1:8080/v1", "http://localhost:11434", "http://[::1]:8080/v1", "http://LOCALHOST./v1",
            "http://localhost.evil.example/v1", "http://127.0.0.1.evil.example/v1", "http://127.0.0.1@127.1:80/v1",
            "http://evil.localhost/v1", "http://2130706433/v1", "http://127.1/v1",
            "https://example.com/v1", "http://127.0.0.1:8080@evil.example/v1",
        ]
        for text in urls {
            let insecure = ConfigurationParser.isInsecure(text)
            let url = try #require(URL(string: text), "\(text)")
            let refused = (try? EndpointPolicy.check(url, allowInsecure: false, provider: "p")) == nil
            #expect(
                insecure == refused, "\(text): configuration says insecure=\(insecure), requests refused=\(refused)")
        }
        #expect(ConfigurationParser.isInsecure("http://localhost.evil.example/v1"))
        #expect(!ConfigurationParser.isInsecure("http://127.0.0.1:8080/v1"))
    }
}
