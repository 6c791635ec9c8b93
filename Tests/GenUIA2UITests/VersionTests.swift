import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

/// The A2UI versions genui reads (v0.9 and v0.9.1) and how a message of any other version is refused.
@Suite("A2UI versions", .tags(.unit))
struct A2UIVersionTests {
    /// The stream current agents send: v0.9.1 messages on the short basic catalog id.
    static let hello = """
        {"version":"v0.9.1","createSurface":{"surfaceId":"s1","catalogId":"https://a2ui.org/specification/v0_9/basic_catalog.json"}}
        {"version":"v0.9.1","updateComponents":{"surfaceId":"s1","components":[{"id":"root","component":"Text","text":"Hello"}]}}

        """

    /// ``hello`` with every `"v0.9.1"` replaced by `version` (a JSON value).
    static func hello(version: String) -> String {
        hello.replacingOccurrences(of: #""v0.9.1""#, with: version)
    }

    @Test("a v0.9.1 stream on the short catalog id creates its surface and shows Hello with no problem")
    func v091() throws {
        var client = A2UIClient()
        #expect(client.process(jsonl: Self.hello) == [])
        let resolution = try #require(client.resolve(surfaceID: "s1"))
        #expect(resolution.problems == [])
        #expect(resolution.root?.text("text") == "Hello")
        #expect(client.surfaces["s1"]?.version == .v0_9_1)
        #expect(client.surfaces["s1"]?.usesBasicCatalog == true)
    }

    @Test(
        "every basic catalog id that v0.9, v0.9.1 and the v1.0 candidate name is the basic catalog, and renders with no problem"
    )
    func catalogIDs() throws {
        let ids = A2UIVersion.allCases.flatMap(\.basicCatalogIDs)
        #expect(
            ids == [
                "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json",
                "https://a2ui.org/specification/v0_9/basic_catalog.json",
                "https://a2ui.org/specification/v0_9_1/catalogs/basic/catalog.json",
                "https://a2ui.org/specification/v0_9_1/basic_catalog.json",
                "https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json",
                "https://a2ui.org/specification/v1_0/basic_catalog.json",
            ])
        #expect(ids.contains(A2UICatalog.basicCatalogID))
        for version in A2UIVersion.allCases {
            for id in ids {
                var client = A2UIClient(versions: Set(A2UIVersion.allCases))
                let stream = Self.hello.replacingOccurrences(
                    of: "https://a2ui.org/specification/v0_9/basic_catalog.json", with: id
                )
                .replacingOccurrences(of: "v0.9.1", with: version.rawValue)
                #expect(client.process(jsonl: stream) == [], "\(version) \(id)")
                #expect(client.resolve(surfaceID: "s1")?.root?.text("text") == "Hello", "\(version) \(id)")
                #expect(client.surfaces["s1"]?.usesBasicCatalog == true)
            }
        }
        #expect(!A2UIVersion.isBasicCatalog("https://example.com/catalogs/mine.json"))
    }

    @Test("one stream may mix v0.9 and v0.9.1 messages, as the v0.9.1 schemas allow")
    func mixed() throws {
        var client = A2UIClient()
        let stream =
            Self.hello + #"{"version":"v0.9","updateDataModel":{"surfaceId":"s1","path":"/name","value":"Ada"}}"# + "\n"
            + #"{"version":"v0.9.1","updateComponents":{"surfaceId":"s1","components":[{"id":"root","component":"Text","text":{"path":"/name"}}]}}"#
        #expect(client.process(jsonl: stream) == [])
        #expect(client.resolve(surfaceID: "s1")?.root?.text("text") == "Ada")
    }

    @Test("a stream of an unsupported version is refused once: one problem at line 1, /version, naming v0.9 and v0.9.1")
    func unsupportedOnce() throws {
        var client = A2UIClient()
        let problems = client.process(jsonl: Self.hello(version: #""v0.7""#))
        let problem = try #require(problems.first)
        #expect(problems.count == 1)
        #expect(problem.kind == .unsupportedVersion)
        #expect(problem.line == 1)
        #expect(problem.pointer == "/version")
        #expect(problem.detail.contains(#""v0.7""#) && problem.detail.contains("v0.9, v0.9.1"), "\(problem.detail)")
        #expect(problem.text?.key == "a2ui.detail.unsupportedVersion")
        #expect(client.surfaceOrder.isEmpty)
        #expect(client.unsupportedVersionMessageCount == 2)
    }

    @Test("each other unsupported version (v1.0, a number) is reported once; valid messages around them still apply")
    func unsupportedEachOnce() throws {
        var client = A2UIClient()
        let stream =
            Self.hello(version: #""v0.8""#) + Self.hello(version: "0.9") + Self.hello(version: #""v0.8""#)
            + Self.hello(version: #""v1.0""#) + Self.hello
        let problems = client.process(jsonl: stream)
        #expect(problems.map(\.kind) == [.unsupportedVersion, .unsupportedVersion, .unsupportedVersion])
        #expect(problems.map(\.line) == [1, 3, 7])
        #expect(problems.map { $0.text?.arguments["found"] } == [#""v0.8""#, "0.9", #""v1.0""#])
        #expect(client.unsupportedVersionMessageCount == 8)
        #expect(client.resolve(surfaceID: "s1")?.root?.text("text") == "Hello")
    }

    @Test("a message without a version is invalid and says which versions genui reads")
    func missingVersion() throws {
        var client = A2UIClient()
        let problems = client.process(jsonl: #"{"deleteSurface":{"surfaceId":"s1"}}"#)
        let problem = try #require(problems.first)
        #expect(problems.count == 1)
        #expect(problem.kind == .invalidMessage)
        #expect(problem.text?.key == "a2ui.detail.missingVersion")
        #expect(problem.detail.contains("v0.9, v0.9.1"))
    }

    @Test("a deleted surface's id may be created again (v0.9.1: unique among the surfaces alive)")
    func recreateAfterDelete() throws {
        var client = A2UIClient()
        let stream =
            Self.hello + #"{"version":"v0.9.1","deleteSurface":{"surfaceId":"s1"}}"# + "\n"
            + Self.hello.replacingOccurrences(of: "Hello", with: "Again")
        #expect(client.process(jsonl: stream) == [])
        #expect(client.resolve(surfaceID: "s1")?.root?.text("text") == "Again")
        #expect(client.process(jsonl: Self.hello).map(\.kind) == [.duplicateSurface])
    }

    @Test("a surface's action message carries the version of its createSurface")
    func actionVersion() throws {
        let button =
            #"[{"id":"root","component":"Button","child":"label","action":{"event":{"name":"go"}}},{"id":"label","component":"Text","text":"Go"}]"#
        for version in A2UIVersion.allCases {
            var client = A2UIClient(versions: Set(A2UIVersion.allCases))
            let stream = Self.hello.replacingOccurrences(
                of: #"[{"id":"root","component":"Text","text":"Hello"}]"#, with: button
            )
            .replacingOccurrences(of: "v0.9.1", with: version.rawValue)
            #expect(client.process(jsonl: stream) == [])
            let action = try #require(client.action(surfaceID: "s1", componentID: "root"))
            #expect(try action.value(String.self, forProperty: "version") == version.rawValue)
        }
    }
}

/// `genui render --from a2ui` on streams of each version, run as a real subprocess.
@Suite("genui render --from a2ui and A2UI versions", .tags(.integration))
struct A2UIVersionCLITests {
    @Test("the two-line v0.9.1 stream renders Hello with exit 0 and nothing on stderr")
    func v091() throws {
        let result = try renderA2UI(["-"], stdin: A2UIVersionTests.hello)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Hello"))
        #expect(result.stderr == "")
    }

    @Test("the same stream as v0.7 exits 4 with one located problem naming the versions genui reads")
    func v07() throws {
        let result = try renderA2UI(["-"], stdin: A2UIVersionTests.hello(version: #""v0.7""#))
        #expect(result.status == 4)
        #expect(result.stdout == "")
        let problems = result.stderr.split(separator: "\n").filter { $0.hasPrefix("line ") }
        #expect(
            problems == [
                #"line 1, at /version: message of an A2UI version genui does not read: genui does not read the version "v0.7" (it reads v0.9, v0.9.1); this message and every later one of that version are skipped, reported once; send messages of a version genui reads"#
            ], "\(result.stderr)")
        #expect(result.stderr.contains("no surface to show"))
    }

    @Test("in German the refusal is translated and still names v0.9, v0.9.1")
    func german() throws {
        let result = try renderA2UI(["-", "--locale", "de"], stdin: A2UIVersionTests.hello(version: #""v0.7""#))
        #expect(result.status == 4)
        #expect(
            result.stderr.contains(
                #"Zeile 1, bei /version: Nachricht einer A2UI-Version, die genui nicht liest: genui liest die Version "v0.7" nicht (es liest v0.9, v0.9.1)"#
            ),
            "\(result.stderr)")
    }
}
