import Foundation
import GenUI
import GenUITestSupport
import GenUITesting
import Testing

@testable import GenUIA2UI

/// The same attacks through the real `genui render --from a2ui` (the binary `swift build` made): stdin, and a
/// loopback server followed with `--watch`.
@Suite("genui render --from a2ui with hostile streams", .tags(.integration))
struct A2UIHostileCLITests {
    func genui(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
        try renderA2UI(arguments, stdin: stdin, timeout: 300)
    }

    @Test("a 400,000-segment data path and 400,000 nested arrays end as located problems and exit 4, not a crash")
    func deepPath() throws {
        let stream = HostileStreams.deepPath() + HostileStreams.nestedArrays() + "\n"
        let result = try genui(["-"], stdin: stream)
        #expect(result.status == 4, "\(result.stderr.prefix(2_000))")
        #expect(
            result.stderr.contains(
                "line 2, surface s, at /updateDataModel/path: limit exceeded: the path has 400000 segments"))
        #expect(result.stderr.contains("line 4: not JSON"))
        #expect(result.stdout.hasPrefix("═ s "))
    }

    @Test(
        "a 500,000-line string in a 5,000-item List prints at most 10,000 lines and 2 MiB, ending with where it was cut"
    )
    func outputBomb() throws {
        let result = try genui(["-"], stdin: HostileStreams.outputBomb())
        #expect(result.status == 4)
        #expect(result.stdout.utf8.count <= A2UILimits.defaultMaximumOutputBytes)
        #expect(
            result.stdout.split(separator: "\n", omittingEmptySubsequences: false).count - 1
                <= A2UILimits.defaultMaximumOutputLines)
        #expect(
            result.stdout.hasSuffix(
                "[output cut at its limit of 10000 lines or 2097152 bytes: the rest of surface s, component t is not shown]\n"
            ))
        #expect(result.stderr.contains("surface s, component t: limit exceeded: the rendered output reached its limit"))
    }

    @Test("the same stream as HTML and as JSON stays within 2 MiB; the JSON still parses and lists the cut")
    func outputBombOtherFormats() throws {
        let html = try genui(["-", "--format", "html"], stdin: HostileStreams.outputBomb())
        #expect(html.status == 4)
        #expect(html.stdout.utf8.count <= A2UILimits.defaultMaximumOutputBytes)
        #expect(html.stdout.hasSuffix("</main>\n</body>\n</html>\n"))
        #expect(html.stdout.contains(#"<p class="cut" role="status">[output cut at its limit of 2097152 bytes"#))
        let json = try genui(["-", "--format", "json"], stdin: HostileStreams.outputBomb())
        #expect(json.status == 4)
        #expect(json.stdout.utf8.count <= A2UILimits.defaultMaximumOutputBytes + 64 * 1_024)
        let content = try JSONParser.parse(json.stdout, limits: .init(maximumBytes: 4 << 20, maximumDepth: 200))
        let problems = try #require(content.orderedProperties?.first { $0.key == "problems" }?.value.elements)
        #expect(
            problems.contains { $0.orderedProperties?.first { $0.key == "componentId" }?.value.kind == .string("t") })
    }

    @Test("the localized notice: the cut is announced in the chosen language")
    func localizedNotice() throws {
        let result = try genui(["-", "--locale", "de"], stdin: HostileStreams.outputBomb())
        #expect(result.status == 4)
        #expect(result.stdout.contains("Ausgabe an ihrer Grenze von 10000 Zeilen oder 2097152 Bytes abgeschnitten"))
    }

    @Test(
        "--watch on an endless stream keeps the first 1,000 problems and refuses data past the stored-bytes budget, each located"
    )
    func watchIsBounded() throws {
        let chunk = #""\#(String(repeating: "x", count: 900_000))""#
        let server = try LoopbackHTTPServer { _, connection in
            connection.startStream(contentType: "application/jsonl")
            _ = connection.send(
                HostileStreams.create + "\n"
                    + HostileStreams.update([#"{"id":"root","component":"Text","text":"live"}"#]) + "\n")
            for index in 0..<20 { _ = connection.send(HostileStreams.data(chunk, path: "/k\(index)") + "\n") }
            _ = connection.send(String(repeating: "{nope\n", count: 5_000))
            connection.endStream()
        }
        defer { server.stop() }
        let result = try genui([server.baseURL.appendingPathComponent("stream").absoluteString, "--watch"])
        #expect(result.status == 4)
        let lines = result.stderr.split(separator: "\n")
        let refused = lines.filter {
            $0.contains(
                "surface s, at /updateDataModel/value: limit exceeded: the surfaces would hold more than 16777216 bytes"
            )
        }
        let notJSON = lines.filter { $0.contains(": not JSON:") }
        #expect(refused.count == 2)
        #expect(notJSON.count + refused.count == 1_000)
        #expect(result.stderr.contains("more problem(s) were found but not kept; the first 1000 are shown"))
        #expect(result.stderr.contains("problem(s) in the stream"))
        #expect(result.stdout.contains("live"))
    }

    @Test(
        "without --watch the stored-bytes budget refuses growth with a located problem too: 300,000 numbers are 19 MB of values"
    )
    func storedBytesFromStdin() throws {
        func zeros(_ count: Int) -> String { "[" + Array(repeating: "0", count: count).joined(separator: ",") + "]" }
        let stream =
            [
                HostileStreams.create, HostileStreams.update([#"{"id":"root","component":"Text","text":"live"}"#]),
                HostileStreams.data(zeros(200_000), path: "/a"), HostileStreams.data(zeros(100_000), path: "/b"),
            ].joined(separator: "\n") + "\n"
        let result = try genui(["-"], stdin: stream)
        #expect(result.status == 4)
        #expect(
            result.stderr.contains(
                "line 4, surface s, at /updateDataModel/value: limit exceeded: the surfaces would hold more than 16777216 bytes"
            ))
        #expect(!result.stderr.contains("line 3,"))
        #expect(result.stdout.contains("live"))
    }
}
