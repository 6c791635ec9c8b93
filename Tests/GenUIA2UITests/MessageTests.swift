import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

@Suite("A2UI messages", .tags(.unit))
struct A2UIMessageTests {
    @Test("createSurface opens a surface on the given catalog")
    func createSurface() {
        var client = A2UIClient()
        let problems = client.process(jsonl: A2UIFixtures.stream([#"{"id":"root","component":"Text","text":"Hi"}"#]))
        #expect(problems == [])
        #expect(client.surfaceOrder == ["s"])
        #expect(client.surfaces["s"]?.catalogID == A2UICatalog.basicCatalogID)
    }

    @Test("updateComponents adds components and a later update replaces one by id")
    func updateComponents() {
        var client = A2UIClient()
        client.process(jsonl: A2UIFixtures.stream([#"{"id":"root","component":"Text","text":"First"}"#]))
        #expect(client.resolve(surfaceID: "s")?.root?.text("text") == "First")
        client.process(
            jsonl:
                #"{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"Second"}]}}"#
        )
        #expect(client.resolve(surfaceID: "s")?.root?.text("text") == "Second")
    }

    @Test("updateDataModel sets, replaces and removes values at a path")
    func updateDataModel() {
        var client = A2UIClient()
        client.process(jsonl: A2UIFixtures.stream([#"{"id":"root","component":"Text","text":{"path":"/user/name"}}"#]))
        client.process(
            jsonl: #"{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/user/name","value":"Ada"}}"#)
        #expect(client.resolve(surfaceID: "s")?.root?.text("text") == "Ada")
        client.process(jsonl: #"{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/user/name"}}"#)
        #expect(client.surfaces["s"]?.dataModel.value(at: "/user/name") == nil)
        #expect(client.surfaces["s"]?.dataModel.value(at: "/user") != nil)
    }

    @Test("deleteSurface removes the surface; other surfaces stay")
    func deleteSurface() {
        var client = A2UIClient()
        client.process(jsonl: A2UIFixtures.stream([#"{"id":"root","component":"Text","text":"A"}"#], surface: "a"))
        client.process(jsonl: A2UIFixtures.stream([#"{"id":"root","component":"Text","text":"B"}"#], surface: "b"))
        client.process(jsonl: #"{"version":"v0.9","deleteSurface":{"surfaceId":"a"}}"#)
        #expect(client.surfaceOrder == ["b"])
        #expect(client.resolve(surfaceID: "a") == nil)
        #expect(client.resolve(surfaceID: "b")?.root?.text("text") == "B")
    }

    @Test("a long stream is read in one pass: 50,000 messages in one chunk take seconds, not hours")
    func longStreamIsLinear() {
        var client = A2UIClient()
        let update = #"{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/n","value":1}}"#
        let stream =
            A2UIFixtures.stream([#"{"id":"root","component":"Text","text":{"path":"/n"}}"#])
            + Array(repeating: update, count: 50_000).joined(separator: "\n") + "\n"
        let started = Date()
        #expect(client.process(jsonl: stream) == [])
        #expect(client.lineCount == 50_002)
        #expect(Date().timeIntervalSince(started) < 120)
    }

    @Test("chunks that split a line are joined: the message applies once its newline arrives")
    func chunkedLines() {
        var client = A2UIClient()
        let stream = A2UIFixtures.stream([#"{"id":"root","component":"Text","text":"Joined"}"#])
        let middle = stream.index(stream.startIndex, offsetBy: 150)
        #expect(client.receive(String(stream[..<middle])) == [])
        #expect(client.surfaces["s"]?.components.isEmpty == true)
        #expect(client.receive(String(stream[middle...])) == [])
        #expect(client.resolve(surfaceID: "s")?.root?.text("text") == "Joined")
    }

    @Test(
        "the official contact form example resolves with its data model values, and is gone after deleteSurface",
        .enabled(if: A2UIFixtures.hasOfficialExample))
    func contactForm() throws {
        let lines = try A2UIFixtures.contactForm().split(separator: "\n").map(String.init)
        var client = A2UIClient()
        for line in lines.dropLast() { #expect(client.process(line: line) == []) }
        let resolution = try #require(client.resolve(surfaceID: "contact_form_1"))
        #expect(resolution.problems == [])
        let root = try #require(resolution.root)
        #expect(root.first { $0.id == "first_name_field" }?.text("value") == "John")
        #expect(root.first { $0.id == "email_field" }?.failedChecks == [])
        #expect(
            root.first { $0.id == "newsletter_checkbox" }?.properties["value"] == GeneratedContent(kind: .bool(true)))
        #expect(client.process(line: lines[lines.count - 1]) == [])
        #expect(client.surfaces.isEmpty)
    }
}
