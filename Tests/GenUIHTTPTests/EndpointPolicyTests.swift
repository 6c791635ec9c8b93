import Foundation
import GenUI
import GenUIHTTP
import GenUITestSupport
import Testing

/// Plain http is allowed only to the loopback interface: literal loopback addresses and exactly `localhost`. Names
/// that only look local are refused, so a configuration cannot send a key in clear text to a host it names.
@Suite("Endpoint policy: what counts as loopback", .tags(.unit))
struct EndpointPolicyTests {
    @Test(
        "literal loopback addresses and localhost count as loopback",
        arguments: [
            "localhost", "LOCALHOST", "LocalHost", "localhost.", "127.0.0.1", "127.1.2.3", "127.255.255.255",
            "127.0.0.0",
            "::1", "[::1]", "0:0:0:0:0:0:0:1", "0::1", "::0:1", "0000:0000:0000:0000:0000:0000:0000:0001",
            "::ffff:127.0.0.1", "[::FFFF:127.0.0.2]",
        ])
    func loopback(host: String) {
        #expect(EndpointPolicy.isLoopback(host))
    }

    @Test(
        "names that only look local and unusual numeric forms do not count",
        arguments: [
            "evil.localhost", "a.b.localhost", "localhost.evil.com", "localhost..", "127.0.0.1.evil.com", "127.0.0.1.",
            "2130706433", "0x7f.1", "0x7f000001", "0177.0.0.1", "127.1", "127.0.1", "127.0.0.01", "127.0.0.256",
            "+127.0.0.1", "127.0.0.1 ", " localhost", "128.0.0.1", "10.0.0.1", "0.0.0.0", "::", "::2", "1::1",
            "::1%lo", "[::1", "::ffff:10.0.0.1", "::ffff:0x7f.0.0.1", "localhost%00", "example.com", "",
            "1:2:3:4:5:6:7:8:9", ":::1", "::1::",
        ])
    func notLoopback(host: String) {
        #expect(!EndpointPolicy.isLoopback(host))
    }

    @Test("plain http to a *.localhost or look-alike URL is refused; to literal loopback URLs it is allowed")
    func urls() throws {
        for refused in [
            "http://evil.localhost:8080/v1", "http://127.0.0.1.evil.com/v1", "http://localhost.evil.com/v1",
            "http://2130706433/v1", "http://0x7f.1/v1",
        ] {
            let url = try #require(URL(string: refused))
            #expect(throws: GenUIError.self, "\(refused)") {
                try EndpointPolicy.check(url, allowInsecure: false, provider: "p")
            }
            // https stays allowed anywhere.
            let secure = try #require(URL(string: refused.replacingOccurrences(of: "http://", with: "https://")))
            try EndpointPolicy.check(secure, allowInsecure: false, provider: "p")
        }
        for allowed in [
            "http://localhost:11434", "http://LOCALHOST.:11434/v1", "http://127.0.0.1:8080", "http://[::1]:8080/v1",
        ] {
            let url = try #require(URL(string: allowed))
            try EndpointPolicy.check(url, allowInsecure: false, provider: "p")
        }
    }
}
