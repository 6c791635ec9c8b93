import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

/// Streams built to exhaust the stack, the output, the CPU or the memory, through the real client, resolver and
/// renderers: each ends as located problems and bounded output.
@Suite("A2UI hostile streams", .tags(.unit))
struct A2UIHostileStreamTests {
    @Test("a data path of 400,000 segments is refused with a located problem, and the model stays shallow")
    func deepPath() throws {
        var client = A2UIClient()
        let problems = client.process(jsonl: HostileStreams.deepPath())
        let refused = try #require(problems.first { $0.pointer == "/updateDataModel/path" })
        #expect(refused.kind == .limitExceeded)
        #expect(refused.line == 2)
        #expect(refused.surfaceID == "s")
        #expect(refused.detail.contains("400000 segments"))
        let surface = try #require(client.surfaces["s"])
        #expect(A2UISize.depth(surface.dataModel.root, limit: 1_000) == 1)
        // The binding that reads the same path resolves to nothing, and everything is released without recursion.
        let resolution = try #require(client.resolve(surfaceID: "s"))
        #expect(resolution.root?.text("text") == "")
        #expect(resolution.problems.map(\.kind) == [.missingPath])
    }

    @Test("paths at the limit are accepted and one segment more is refused; the public setter obeys the same limit")
    func pathLimitIsExact() throws {
        var client = A2UIClient(limits: A2UILimits(maximumPathDepth: 8))
        client.process(jsonl: HostileStreams.create)
        let atLimit = client.process(line: HostileStreams.data("1", path: String(repeating: "/a", count: 8)))
        #expect(atLimit.isEmpty)
        let overLimit = client.process(line: HostileStreams.data("1", path: String(repeating: "/b", count: 9)))
        #expect(overLimit.map(\.kind) == [.limitExceeded])
        let tooDeep = client.setValue(.init(kind: .number(1)), at: String(repeating: "/c", count: 9), surfaceID: "s")
        #expect(!tooDeep)
        let fits = client.setValue(.init(kind: .number(1)), at: String(repeating: "/c", count: 8), surfaceID: "s")
        #expect(fits)
        var model = A2UIDataModel()
        #expect(throws: A2UIDataModelError.pathTooDeep(tokens: 65, limit: 64)) {
            try model.update(.init(kind: .null), at: String(repeating: "/x", count: 65))
        }
    }

    @Test("a line of 400,000 nested arrays is a located notJSON problem, never a stack overflow")
    func nestedArrays() throws {
        var client = A2UIClient()
        let problems = client.process(
            jsonl: HostileStreams.create + "\n" + HostileStreams.nestedArrays() + "\n"
                + HostileStreams.data(#"{"ok":true}"#))
        #expect(problems.map(\.kind) == [.notJSON])
        #expect(problems.first?.line == 2)
        #expect(client.surfaces["s"]?.dataModel.value(at: "/ok") == GeneratedContent(kind: .bool(true)))
    }

    @Test(
        "a 500,000-line string bound into a 5,000-item List renders within the line and byte bounds, and says where it was cut"
    )
    func terminalOutputIsBounded() throws {
        var client = A2UIClient()
        let problems = client.process(jsonl: HostileStreams.outputBomb())
        #expect(problems.isEmpty)
        let resolution = try #require(client.resolve(surfaceID: "s"))
        let output = A2UITerminalRenderer().renderedOutput([resolution])
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines <= A2UILimits.defaultMaximumOutputLines)
        #expect(output.text.utf8.count <= A2UILimits.defaultMaximumOutputBytes)
        let cut = try #require(output.cut)
        #expect(cut.surfaceID == "s")
        #expect(cut.componentID == "t")
        #expect(cut.problem.kind == .limitExceeded)
        #expect(output.text.hasSuffix(A2UIOutputCut.englishNotice(cut) + "\n"))
    }

    @Test("the same stream as HTML stays within the byte bound, closes every element and shows the notice")
    func htmlOutputIsBounded() throws {
        var client = A2UIClient()
        client.process(jsonl: HostileStreams.outputBomb(lines: 200_000, items: 5_000))
        let resolution = try #require(client.resolve(surfaceID: "s"))
        let output = A2UIHTMLRenderer().renderedOutput([resolution])
        #expect(output.text.utf8.count <= A2UILimits.defaultMaximumOutputBytes)
        #expect(
            output.text.hasSuffix(
                "</ul>\n</section>\n" + #"<p class="cut" role="status">"#
                    + A2UIHTMLRenderer.escape(A2UIOutputCut.englishNotice(try #require(output.cut)))
                    + "</p>\n</main>\n</body>\n</html>\n"))
    }

    @Test("the same stream as JSON stays within the byte bound and is still valid JSON")
    func jsonOutputIsBounded() throws {
        var client = A2UIClient()
        client.process(jsonl: HostileStreams.outputBomb())
        let resolution = try #require(client.resolve(surfaceID: "s"))
        let output = A2UIJSONRenderer().renderedOutput([resolution])
        #expect(output.text.utf8.count <= A2UILimits.defaultMaximumOutputBytes)
        #expect(output.cut?.componentID == "t")
        let surfaces = try JSONParser.parse(output.text, limits: .init(maximumBytes: 4 << 20, maximumDepth: 200))
        let children = surfaces.elements?.first?.orderedProperties?.first { $0.key == "root" }?.value.orderedProperties?
            .first { $0.key == "children" }?.value.elements
        #expect((children?.count ?? 0) >= 1)
    }

    @Test("300 catastrophic regex checks share one evaluation budget: the work stops at it with one located problem")
    func regexBudget() throws {
        var client = A2UIClient()
        client.process(jsonl: HostileStreams.regexBomb())
        let resolution = try #require(client.resolve(surfaceID: "s"))
        #expect(resolution.evaluationWork <= A2UILimits.defaultMaximumEvaluationWork)
        let exhausted = resolution.problems.filter { $0.detail.contains("evaluation budget") }
        #expect(exhausted.count == 1)
        #expect(exhausted.first?.componentID?.hasPrefix("f") == true)
        #expect(exhausted.first?.line == 2)
        // Every field is still in the tree; the checks past the budget count as failed.
        #expect(resolution.root?.children.count == 300)
        #expect(resolution.root?.children.last?.failedChecks == ["no"])
    }

    @Test(
        "the surfaces of one rendering share one evaluation budget: three regex bombs together do no more work than one may"
    )
    func budgetPerRendering() throws {
        var client = A2UIClient()
        for surface in ["s1", "s2", "s3"] {
            client.process(
                jsonl: HostileStreams.regexBomb().replacingOccurrences(
                    of: #""surfaceId":"s""#, with: #""surfaceId":"\#(surface)""#))
        }
        let resolutions = client.resolve(surfaceIDs: ["s1", "s2", "s3", "missing"])
        #expect(resolutions.map(\.surfaceID) == ["s1", "s2", "s3"])
        #expect(resolutions.reduce(0) { $0 + $1.evaluationWork } <= A2UILimits.defaultMaximumEvaluationWork)
        // Each surface the budget ran out in says so once, located at the component where it ran out.
        for resolution in resolutions {
            #expect(resolution.problems.filter { $0.detail.contains("evaluation budget") }.count == 1)
        }
        #expect(resolutions[2].problems.first { $0.detail.contains("evaluation budget") }?.componentID == "f0")
    }

    @Test("and stops at the first false value and or at the first true one: a regex bomb after them is never run")
    func shortCircuit() throws {
        let bomb = #"{"call":"regex","args":{"value":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaab","pattern":"^(a+)+$"}}"#
        for (call, expected) in [("and", false), ("or", true)] {
            var evaluator = A2UIEvaluator(dataModel: A2UIDataModel())
            let value = try GeneratedContent(
                json:
                    #"{"call":"\#(call)","args":{"values":[\#(!expected),\#(expected),\#(Array(repeating: bomb, count: 50).joined(separator: ","))]}}"#
            )
            #expect(A2UIEvaluator.truth(evaluator.resolve(value)) == expected)
            #expect(evaluator.budget.used < 100)
            #expect(evaluator.problems.isEmpty)
        }
    }

    @Test("a formatString of 300,000 unclosed ${ is read once: linear work, the text kept as it is")
    func formatStringIsLinear() throws {
        var client = A2UIClient()
        client.process(jsonl: HostileStreams.formatStringBomb())
        let resolution = try #require(client.resolve(surfaceID: "s"))
        #expect(resolution.root?.text("text") == String(repeating: "${", count: 300_000))
        // Reading 600,000 bytes once costs about 600,000 / 64 units; a rescan from each ${ would cost thousands of
        // times more.
        #expect(resolution.evaluationWork < 20_000)
        #expect(A2UIEvaluator.closingBraces(String(repeating: "${", count: 300_000)).isEmpty)
    }

    @Test("nested formatString calls and paths still interpolate")
    func formatStringStillWorks() throws {
        var evaluator = A2UIEvaluator(
            dataModel: A2UIDataModel(root: try GeneratedContent(json: #"{"a":{"b":"x"},"n":3}"#)))
        let value = try GeneratedContent(
            json:
                #"{"call":"formatString","args":{"value":"[${/a/b}] ${formatNumber(value:${/n}, decimals:1)} {x} \\${/a/b}"}}"#
        )
        #expect(A2UIEvaluator.text(evaluator.resolve(value)) == "[x] 3.0 {x} ${/a/b}")
    }

    @Test(
        "a 200,000-character line sent one character at a time is read whole: only the new text is searched for its end"
    )
    func lineByteByByte() throws {
        var client = A2UIClient()
        client.process(jsonl: HostileStreams.create)
        let line = HostileStreams.data(#""\#(String(repeating: "x", count: 200_000))""#, path: "/long")
        for character in line { client.receive(String(character)) }
        let found = client.receive("\n")
        #expect(found.isEmpty)
        #expect(client.surfaces["s"]?.dataModel.value(at: "/long").map { A2UIEvaluator.text($0).utf8.count } == 200_000)
    }

    @Test("the client keeps the first 1,000 problems and counts the rest")
    func problemsAreBounded() {
        var client = A2UIClient()
        let found = client.process(jsonl: HostileStreams.create + "\n" + String(repeating: "{nope\n", count: 5_000))
        #expect(client.problems.count == A2UILimits.defaultMaximumProblems)
        #expect(client.droppedProblemCount == 5_000 - A2UILimits.defaultMaximumProblems)
        #expect(found.count == A2UILimits.defaultMaximumProblems)
        #expect(client.problems.last?.line == 1_001)
    }

    @Test(
        "data that would grow past the stored-bytes budget is refused with a located problem; replacing and deleting give the room back"
    )
    func storedBytesAreBounded() throws {
        var client = A2UIClient()
        client.process(jsonl: HostileStreams.create)
        let chunk = #""\#(String(repeating: "x", count: 900_000))""#
        var refused: [A2UIProblem] = []
        for index in 0..<30 { refused += client.process(line: HostileStreams.data(chunk, path: "/k\(index)")) }
        #expect(client.storedBytes <= A2UILimits.defaultMaximumStoredBytes)
        let first = try #require(refused.first)
        #expect(first.kind == .limitExceeded)
        #expect(first.pointer == "/updateDataModel/value")
        #expect(first.line == 20)
        #expect(refused.count == 12)
        // Replacing a value with a small one frees its bytes; the budget then takes a new large value.
        let before = client.storedBytes
        let shrunk = client.process(line: HostileStreams.data("1", path: "/k0"))
        #expect(shrunk.isEmpty)
        #expect(client.storedBytes < before - 800_000)
        let regrown = client.process(line: HostileStreams.data(chunk, path: "/again"))
        #expect(regrown.isEmpty)
        // Deleting the surface returns everything it held.
        client.process(line: #"{"version":"v0.9","deleteSurface":{"surfaceId":"s"}}"#)
        #expect(client.storedBytes == 0)
    }

    @Test("the stored bytes follow every kind of update exactly: adding then removing returns to the start")
    func storedBytesAreExact() throws {
        var client = A2UIClient()
        client.process(jsonl: HostileStreams.create)
        let start = client.storedBytes
        let lines = [
            HostileStreams.data(#"{"list":[1,2,{"k":"v"}],"s":"text"}"#, path: "/a/b"),
            HostileStreams.data(#""more""#, path: "/a/b/list/-"),
            HostileStreams.data(#""z""#, path: "/a/b/list/0"),
            HostileStreams.update([#"{"id":"root","component":"Text","text":"hello"}"#]),
            HostileStreams.update([#"{"id":"root","component":"Text","text":"hello again"}"#]),
        ]
        for line in lines {
            let found = client.process(line: line)
            #expect(found.isEmpty)
        }
        #expect(client.storedBytes > start)
        let surface = try #require(client.surfaces["s"])
        let components = surface.components.values.reduce(0) { $0 + A2UISize.estimatedBytes($1.content) }
        #expect(client.storedBytes == A2UISize.estimatedBytes(surface.dataModel.root) + components)
        let removed = client.process(line: #"{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/a"}}"#)
        #expect(removed.isEmpty)
        #expect(client.storedBytes == start + components)
    }
}
