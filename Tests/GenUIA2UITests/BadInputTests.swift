import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

@Suite("A2UI bad input", .tags(.unit))
struct A2UIBadInputTests {
    let create =
        #"{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}"#

    func update(_ components: String) -> String {
        #"{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[\#(components)]}}"#
    }

    @Test("a line that is not JSON is a located problem and the next lines still render")
    func notJSON() throws {
        var client = A2UIClient()
        let problems = client.process(
            jsonl: [create, "{not json", update(#"{"id":"root","component":"Text","text":"Still here"}"#)].joined(
                separator: "\n"))
        #expect(problems.map(\.kind) == [.notJSON])
        #expect(problems.first?.line == 2)
        #expect(client.resolve(surfaceID: "s")?.root?.text("text") == "Still here")
    }

    @Test("a message that breaks the schema names its JSON pointer; a bad component is left out and the others kept")
    func invalidAgainstSchema() throws {
        var client = A2UIClient()
        var problems = client.process(jsonl: create + "\n" + #"{"version":"v0.9","createSurface":{"surfaceId":"t"}}"#)
        #expect(problems.map(\.pointer) == ["/createSurface/catalogId"])
        #expect(problems.first?.line == 2)
        problems = client.process(
            line: update(
                #"{"id":"root","component":"Column","children":["a","b"]},{"id":"a","component":"TextField","label":"Name","placeholder":"x"},{"id":"b","component":"Text","text":"ok"}"#
            ))
        #expect(problems.map(\.kind) == [.invalidMessage])
        #expect(problems.first?.pointer == "/updateComponents/components/1/placeholder")
        #expect(problems.first?.componentID == "a")
        #expect(problems.first?.line == 3)
        let resolution = try #require(client.resolve(surfaceID: "s"))
        #expect(resolution.root?.children.map(\.id) == ["b"])
        #expect(resolution.problems.map(\.kind) == [.danglingChild])
    }

    @Test("an unknown component type is named with its id and pointer")
    func unknownComponent() {
        var client = A2UIClient()
        let problems = client.process(
            jsonl: create + "\n" + update(#"{"id":"root","component":"Carousel","items":[]}"#))
        #expect(problems.map(\.kind) == [.unknownComponent])
        #expect(problems.first?.componentID == "root")
        #expect(problems.first?.pointer == "/updateComponents/components/0/component")
        #expect(problems.first?.description.contains("line 2") == true)
    }

    @Test("a dangling child id is reported against its parent, and the siblings render")
    func danglingChild() throws {
        var client = A2UIClient()
        client.process(
            jsonl: create + "\n"
                + update(
                    #"{"id":"root","component":"Column","children":["ghost","b"]},{"id":"b","component":"Text","text":"B"}"#
                ))
        let resolution = try #require(client.resolve(surfaceID: "s"))
        #expect(resolution.problems.map(\.kind) == [.danglingChild])
        #expect(resolution.problems.first?.componentID == "root")
        #expect(resolution.problems.first?.pointer == "/updateComponents/components/0/children/0")
        #expect(resolution.problems.first?.line == 2)
        #expect(resolution.root?.children.map(\.id) == ["b"])
    }

    @Test("a cycle is cut where it closes and reported; resolution ends")
    func cycle() throws {
        var client = A2UIClient()
        client.process(
            jsonl: create + "\n"
                + update(
                    #"{"id":"root","component":"Card","child":"a"},{"id":"a","component":"Column","children":["root","t"]},{"id":"t","component":"Text","text":"T"}"#
                ))
        let resolution = try #require(client.resolve(surfaceID: "s"))
        #expect(resolution.problems.map(\.kind) == [.cycle])
        #expect(resolution.problems.first?.componentID == "a")
        #expect(resolution.root?.children.first?.children.map(\.id) == ["t"])
    }

    @Test("a binding to a missing path is reported with the property's pointer and renders empty")
    func missingPath() throws {
        var client = A2UIClient()
        client.process(jsonl: create + "\n" + update(#"{"id":"root","component":"Text","text":{"path":"/nowhere"}}"#))
        let resolution = try #require(client.resolve(surfaceID: "s"))
        #expect(resolution.problems.map(\.kind) == [.missingPath])
        #expect(resolution.problems.first?.pointer == "/updateComponents/components/0/text")
        #expect(resolution.problems.first?.detail.contains("/nowhere") == true)
        #expect(resolution.root?.text("text") == "")
    }

    @Test("updates for an unknown surface are each reported; nothing is created")
    func unknownSurface() {
        var client = A2UIClient()
        let problems = client.process(
            jsonl: [
                #"{"version":"v0.9","updateComponents":{"surfaceId":"x","components":[{"id":"root","component":"Text","text":"a"}]}}"#,
                #"{"version":"v0.9","updateDataModel":{"surfaceId":"x","value":{}}}"#,
                #"{"version":"v0.9","deleteSurface":{"surfaceId":"x"}}"#,
            ].joined(separator: "\n"))
        #expect(problems.map(\.kind) == [.unknownSurface, .unknownSurface, .unknownSurface])
        #expect(problems.map(\.line) == [1, 2, 3])
        #expect(client.surfaces.isEmpty)
    }

    @Test("limits: an oversized message, too many components and a too-deep tree are each refused with a problem")
    func limits() throws {
        var client = A2UIClient(limits: A2UILimits(maximumMessageBytes: 400, maximumComponents: 3, maximumTreeDepth: 3))
        var problems = client.process(
            jsonl: create + "\n"
                + update(
                    String(repeating: #"{"id":"x","component":"Text","text":"aaaaaaaaaa"},"#, count: 10)
                        + #"{"id":"root","component":"Text","text":"a"}"#))
        #expect(problems.map(\.kind) == [.limitExceeded])
        problems = client.process(
            jsonl: update(
                #"{"id":"root","component":"Card","child":"a"},{"id":"a","component":"Card","child":"b"},{"id":"b","component":"Card","child":"c"},{"id":"c","component":"Text","text":"deep"}"#
            ))
        #expect(problems.map(\.kind) == [.limitExceeded])
        #expect(problems.first?.componentID == "c")
        client = A2UIClient(limits: A2UILimits(maximumTreeDepth: 3))
        client.process(
            jsonl: create + "\n"
                + update(
                    #"{"id":"root","component":"Card","child":"a"},{"id":"a","component":"Card","child":"b"},{"id":"b","component":"Card","child":"c"},{"id":"c","component":"Text","text":"deep"}"#
                ))
        let resolution = try #require(client.resolve(surfaceID: "s"))
        #expect(resolution.problems.map(\.kind) == [.limitExceeded])
    }

    @Test("a template over a large list is bounded by the node limit")
    func nodeLimit() throws {
        var client = A2UIClient(limits: A2UILimits(maximumNodes: 50))
        let items = (0..<500).map { #"{"n":\#($0)}"# }.joined(separator: ",")
        client.process(
            jsonl: A2UIFixtures.stream(
                [
                    #"{"id":"root","component":"List","children":{"componentId":"t","path":"/items"}}"#,
                    #"{"id":"t","component":"Text","text":{"path":"n"}}"#,
                ], data: #"{"items":[\#(items)]}"#))
        let resolution = try #require(client.resolve(surfaceID: "s"))
        #expect(resolution.root?.children.count == 49)
        #expect(resolution.problems.map(\.kind) == [.limitExceeded])
    }

    @Test("hostile control characters in ids and details never reach the problem's text")
    func problemsAreSanitized() {
        var client = A2UIClient()
        let problems = client.process(
            jsonl: create + "\n" + update(#"{"id":"\u001b[31mroot","component":"Nope\u0007"}"#))
        #expect(problems.count == 1)
        #expect(!problems[0].description.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }
}
