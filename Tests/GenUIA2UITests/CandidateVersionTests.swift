import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

/// The v1.0 release candidate: read only when asked for, each message by the rules of the version it names.
@Suite("A2UI v1.0 release candidate", .tags(.unit))
struct A2UICandidateVersionTests {
    static let candidate = A2UIVersion.released.union([.v1_0])

    /// A client that reads the candidate, after `lines` (one message each).
    static func client(_ lines: [String]) -> (A2UIClient, [A2UIProblem]) {
        var client = A2UIClient(versions: candidate)
        let problems = client.process(jsonl: lines.joined(separator: "\n") + "\n")
        return (client, problems)
    }

    static let create =
        #"{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"}}"#

    static func update(_ components: String) -> String {
        #"{"version":"v1.0","updateComponents":{"surfaceId":"s","components":["# + components + "]}}"
    }

    @Test("without the candidate admitted, a v1.0 stream gives one problem that says how to ask for it")
    func refusedUnlessAsked() {
        var client = A2UIClient()
        let problems = client.process(jsonl: A2UIVersionTests.hello(version: #""v1.0""#))
        #expect(problems.count == 1)
        #expect(problems.first?.kind == .unsupportedVersion)
        #expect(problems.first?.text?.key == "a2ui.detail.candidateVersion")
        #expect(problems.first?.detail.contains("--a2ui-version 1.0") == true)
        #expect(client.surfaceOrder.isEmpty)
    }

    @Test("with the candidate admitted, the two-line stream in v1.0 shows Hello and its surface answers in v1.0")
    func readWhenAsked() throws {
        var client = A2UIClient(versions: Self.candidate)
        #expect(client.process(jsonl: A2UIVersionTests.hello(version: #""v1.0""#)) == [])
        #expect(client.resolve(surfaceID: "s1")?.root?.text("text") == "Hello")
        #expect(client.surfaces["s1"]?.version == .v1_0)
    }

    @Test("a v1.0 createSurface carrying its components and data renders them from that one message")
    func createWithContent() throws {
        let (client, problems) = Self.client([
            #"{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"c","surfaceProperties":{"agentDisplayName":"Agent"},"components":[{"id":"root","component":"Text","text":{"path":"/greeting"}}],"dataModel":{"greeting":"Hi"}}}"#
        ])
        #expect(problems == [])
        let resolution = try #require(client.resolve(surfaceID: "s"))
        #expect(resolution.root?.text("text") == "Hi")
        #expect(resolution.theme.agentDisplayName == "Agent")
    }

    @Test(
        "v1.0 removes a key with value null and refuses an updateDataModel without value; v0.9 removes it when value is absent"
    )
    func valueNullRemoves() throws {
        let (client, problems) = Self.client([
            Self.create, Self.update(#"{"id":"root","component":"Text","text":{"path":"/a"}}"#),
            #"{"version":"v1.0","updateDataModel":{"surfaceId":"s","path":"/a","value":"x"}}"#,
            #"{"version":"v1.0","updateDataModel":{"surfaceId":"s","path":"/a","value":null}}"#,
            #"{"version":"v1.0","updateDataModel":{"surfaceId":"s","path":"/b"}}"#,
        ])
        #expect(problems.map(\.kind) == [.invalidMessage])
        #expect(problems.first?.text?.key == "a2ui.detail.valueRequired")
        #expect(problems.first?.line == 5)
        #expect(client.surfaces["s"]?.dataModel.value(at: "/a") == nil)
    }

    @Test(
        "v1.0's surfaceProperties check agentDisplayName and iconUrl and leave other keys, primaryColor among them, alone"
    )
    func surfaceProperties() {
        let reader = A2UIMessageReader(versions: Self.candidate)
        func problems(_ properties: String) -> [String] {
            reader.read(
                #"{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"c","surfaceProperties":"# + properties
                    + "}}", line: 1
            )
            .problems.map(\.pointer)
        }
        #expect(problems(#"{"agentDisplayName":"A","primaryColor":"red","custom":1}"#) == [])
        #expect(problems(#"{"iconUrl":"not a uri"}"#) == ["/createSurface/surfaceProperties/iconUrl"])
        #expect(problems(#"{"agentDisplayName":7}"#) == ["/createSurface/surfaceProperties/agentDisplayName"])
        let worded = reader.read(
            #"{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"c","surfaceProperties":{"iconUrl":"x y"}}}"#,
            line: 1)
        #expect(worded.problems.first?.text?.key == "a2ui.detail.surfacePropertyURL")
        #expect(worded.problems.first?.detail.hasPrefix("surfaceProperties.iconUrl must be a URI") == true)
    }

    @Test("v1.0's catalog: theme, returnType and Text h1 are refused in v1.0 and still read in v0.9.1")
    func catalogDifferences() {
        let cases = [
            #"{"version":"V","createSurface":{"surfaceId":"s","catalogId":"c","theme":{"agentDisplayName":"A"}}}"#,
            #"{"version":"V","updateComponents":{"surfaceId":"s","components":[{"id":"t","component":"Text","text":"T","variant":"h1"}]}}"#,
            #"{"version":"V","updateComponents":{"surfaceId":"s","components":[{"id":"t","component":"Text","text":{"call":"formatString","args":{"value":"x"},"returnType":"string"}}]}}"#,
        ]
        let candidate = A2UIMessageReader(versions: Self.candidate)
        for line in cases {
            #expect(
                !candidate.read(line.replacingOccurrences(of: #""V""#, with: #""v1.0""#), line: 1).problems.isEmpty,
                "\(line)")
            #expect(
                candidate.read(line.replacingOccurrences(of: #""V""#, with: #""v0.9.1""#), line: 1).problems.isEmpty,
                "\(line)")
        }
    }

    @Test(
        "v1.0's new properties are read: Video posterUrl, TextField placeholder, Slider steps, an event's wantResponse")
    func newProperties() {
        let reader = A2UIMessageReader(versions: Self.candidate)
        let line = Self.update(
            #"""
            {"id":"v","component":"Video","url":"https://x.y/v.mp4","posterUrl":"https://x.y/p.png"},\#
            {"id":"f","component":"TextField","label":"Name","placeholder":"Ada"},\#
            {"id":"l","component":"Slider","value":1,"max":9,"steps":3},\#
            {"id":"b","component":"Button","child":"v","action":{"event":{"name":"go","wantResponse":true,"responsePath":"/answer"}}}
            """#)
        #expect(reader.read(line, line: 1).problems == [])
        #expect(!reader.read(line.replacingOccurrences(of: #""v1.0""#, with: #""v0.9.1""#), line: 1).problems.isEmpty)
        let zeroSteps = Self.update(#"{"id":"l","component":"Slider","value":1,"max":9,"steps":0}"#)
        #expect(reader.read(zeroSteps, line: 1).problems.map(\.pointer) == ["/updateComponents/components/0/steps"])
    }

    @Test("@index gives a template item's index plus offset; outside a template it is a located problem")
    func index() throws {
        let (client, problems) = Self.client([
            Self.create,
            Self.update(
                #"""
                {"id":"root","component":"Column","children":["list","alone"]},\#
                {"id":"list","component":"List","children":{"componentId":"row","path":"/rows"}},\#
                {"id":"row","component":"Text","text":{"call":"formatNumber","args":{"value":{"call":"@index","args":{"offset":1}}}}},\#
                {"id":"alone","component":"Text","text":{"call":"formatNumber","args":{"value":{"call":"@index"}}}}
                """#),
            #"{"version":"v1.0","updateDataModel":{"surfaceId":"s","value":{"rows":["a","b","c"]}}}"#,
        ])
        #expect(problems == [])
        let resolution = try #require(client.resolve(surfaceID: "s"))
        let rows = resolution.root?.first { $0.id == "list" }?.children.map { $0.text("text") }
        #expect(rows == ["1", "2", "3"])
        #expect(resolution.problems.map(\.text?.key) == ["a2ui.detail.indexOutsideTemplate"])
        #expect(resolution.problems.first?.componentID == "alone")
    }

    @Test("@index written in a formatString template numbers each template item, checked and evaluated as in JSON")
    func indexInTemplate() throws {
        let (client, problems) = Self.client([
            ##"{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"c","components":[{"id":"root","component":"List","children":{"componentId":"row","path":"/rows"}},{"id":"row","component":"Text","text":{"call":"formatString","args":{"value":"#${@index(offset:1)} ${name}"}}}],"dataModel":{"rows":[{"name":"a"},{"name":"b"}]}}}"##
        ])
        #expect(problems == [])
        #expect(client.resolve(surfaceID: "s")?.root?.children.map { $0.text("text") } == ["#1 a", "#2 b"])
        // In v0.9.1 the same template names a function its catalog does not have.
        let old = A2UIMessageReader().read(
            #"{"version":"v0.9.1","updateComponents":{"surfaceId":"s","components":[{"id":"t","component":"Text","text":{"call":"formatString","args":{"value":"${@index()}"}}}]}}"#,
            line: 1)
        #expect(old.problems.map(\.kind) == [.invalidFunction])
    }

    @Test("a valid callFunction or actionResponse is skipped without a problem and counted; a broken one is located")
    func requests() {
        let (client, problems) = Self.client([
            #"{"version":"v1.0","callFunction":{"call":"openUrl","args":{"url":"https://example.com"}},"functionCallId":"f1","wantResponse":true}"#,
            #"{"version":"v1.0","actionResponse":{"value":42},"actionId":"a1"}"#,
            #"{"version":"v1.0","callFunction":{"call":"openUrl","args":{"url":"https://example.com"}}}"#,
            #"{"version":"v1.0","actionResponse":{"error":{"code":"E"}},"actionId":"a2"}"#,
        ])
        #expect(client.skippedRequestCount == 2)
        #expect(problems.map(\.line) == [3, 4])
        #expect(problems.map(\.pointer) == ["/functionCallId", "/actionResponse/error/message"])
    }

    /// A v1.0 surface whose root holds the Button `ask`, whose event wants a response kept at `/answer`, and `other`
    /// (a component with the id of its own).
    static func asking(_ other: String) -> [String] {
        let otherID = (try? GeneratedContent(json: other).value(String.self, forProperty: "id")) ?? ""
        return [
            create,
            update(
                #"{"id":"root","component":"Column","children":["ask",""# + otherID
                    + #""]},{"id":"label","component":"Text","text":"Ask"},"#
                    + #"{"id":"ask","component":"Button","child":"label","action":{"event":{"name":"ask","wantResponse":true,"responsePath":"/answer"}}},"#
                    + other),
        ]
    }

    @Test("a v1.0 Button whose event wants a response sends wantResponse and an actionId; one that does not, neither")
    func actionWantsResponse() throws {
        let (client, problems) = Self.client(
            Self.asking(#"{"id":"tell","component":"Button","child":"label","action":{"event":{"name":"tell"}}}"#))
        #expect(problems == [])
        let ask = try #require(client.action(surfaceID: "s", componentID: "ask"))
        #expect(try ask.value(String.self, forProperty: "version") == "v1.0")
        let body = try #require(ask.orderedProperties?.first { $0.key == "action" }?.value)
        #expect(try body.value(Bool.self, forProperty: "wantResponse"))
        #expect(try !body.value(String.self, forProperty: "actionId").isEmpty)
        let tell = try #require(
            client.action(surfaceID: "s", componentID: "tell")?.orderedProperties?.first { $0.key == "action" }?.value)
        #expect(tell.orderedProperties?.contains { $0.key == "actionId" || $0.key == "wantResponse" } == false)
    }

    @Test(
        "the agent's actionResponse to a sent action is kept at the event's responsePath and shown; an error or an unknown id changes nothing"
    )
    func actionResponseKept() throws {
        var (client, problems) = Self.client(
            Self.asking(#"{"id":"answer","component":"Text","text":{"path":"/answer"}}"#) + [
                #"{"version":"v1.0","updateDataModel":{"surfaceId":"s","path":"/answer","value":"none yet"}}"#
            ])
        #expect(problems == [])
        let sending = client.sendAction(surfaceID: "s", componentID: "ask")
        let sent = try #require(sending)
        let id = try #require(sent.orderedProperties?.first { $0.key == "action" }?.value).value(
            String.self, forProperty: "actionId")
        let unknown = A2UIMessage.actionResponse(actionID: "other", value: GeneratedContent(kind: .string("no")))
        #expect(client.process(jsonl: unknown.line) == [])
        #expect(client.skippedRequestCount == 1)
        #expect(client.resolve(surfaceID: "s")?.root?.first { $0.id == "answer" }?.text("text") == "none yet")
        let answer = A2UIMessage.actionResponse(actionID: id, value: GeneratedContent(kind: .string("42")))
        #expect(client.process(jsonl: answer.line) == [])
        #expect(client.resolve(surfaceID: "s")?.root?.first { $0.id == "answer" }?.text("text") == "42")
        // Answered once: a second answer to the same action is not waited for.
        #expect(
            client.process(
                jsonl: A2UIMessage.actionResponse(actionID: id, value: GeneratedContent(kind: .string("43"))).line)
                == [])
        #expect(client.resolve(surfaceID: "s")?.root?.first { $0.id == "answer" }?.text("text") == "42")
        let sendingAgain = client.sendAction(surfaceID: "s", componentID: "ask")
        let second = try #require(sendingAgain?.orderedProperties?.first { $0.key == "action" }?.value)
        let failed = A2UIMessage.actionResponse(
            actionID: try second.value(String.self, forProperty: "actionId"), value: nil)
        #expect(client.process(jsonl: failed.line) == [])
        #expect(client.resolve(surfaceID: "s")?.root?.first { $0.id == "answer" }?.text("text") == "42")
    }

    @Test("a v1.0 message in a v0.9.1 stream is read by its own version's rules: a stream may mix them")
    func mixed() {
        let (client, problems) = Self.client([
            #"{"version":"v0.9.1","createSurface":{"surfaceId":"s","catalogId":"c","theme":{"agentDisplayName":"Old"}}}"#,
            Self.update(#"{"id":"root","component":"Text","text":"v1"}"#),
            #"{"version":"v0.9.1","updateDataModel":{"surfaceId":"s","path":"/x"}}"#,
        ])
        #expect(problems == [])
        #expect(client.resolve(surfaceID: "s")?.root?.text("text") == "v1")
        #expect(client.surfaces["s"]?.version == .v0_9_1)
    }
}

/// `genui render --a2ui-version 1.0`.
@Suite("A2UI v1.0 on the command line", .tags(.integration))
struct A2UICandidateVersionCLITests {
    @Test("--a2ui-version 1.0 renders the v1.0 stream with exit 0; without it the stream exits 4 naming the option")
    func option() throws {
        let stream = A2UIVersionTests.hello(version: #""v1.0""#)
        let asked = try renderA2UI(["-", "--a2ui-version", "1.0"], stdin: stream)
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(asked.stdout.contains("Hello"))
        #expect(asked.stderr == "")
        let plain = try renderA2UI(["-"], stdin: stream)
        #expect(plain.status == 4)
        #expect(plain.stderr.split(separator: "\n").filter { $0.hasPrefix("line ") }.count == 1)
        #expect(plain.stderr.contains("--a2ui-version 1.0"), "\(plain.stderr)")
    }

    @Test("--a2ui-version 1.0 still reads v0.9.1 streams; --a2ui-version without --from a2ui is a usage error")
    func releasedStillRead() throws {
        let result = try renderA2UI(["-", "--a2ui-version", "1.0"], stdin: A2UIVersionTests.hello)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Hello"))
        let misuse = try CLI.run(
            ["render", "screen.json", "--a2ui-version", "1.0"],
            environment: CLI.inheritedEnvironment(["LANG": "en_US.UTF-8", "LC_ALL": nil, "LC_MESSAGES": nil]),
            timeout: 60)
        #expect(misuse.status == 64)
        #expect(misuse.stderr.contains("--a2ui-version applies to --from a2ui only"), "\(misuse.stderr)")
    }
}
