import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

/// `genui render --from a2ui --format json`: always one JSON document with the surfaces and the problems, each
/// problem with its code and, beside it, its text in the user's language.
@Suite("genui render --from a2ui --format json", .tags(.integration))
struct A2UIJSONOutputTests {
    func document(_ result: ProcessResult) throws -> GeneratedContent {
        try GeneratedContent(json: result.stdout)
    }

    @Test("a stream that leaves no surface still writes one document: no surfaces, the located problem, exit 4")
    func noSurface() throws {
        let result = try renderA2UI(["-", "--format", "json"], stdin: A2UIVersionTests.hello(version: #""v0.7""#))
        #expect(result.status == 4)
        #expect(result.stdout.hasSuffix("}\n"))
        let document = try document(result)
        #expect(try document.value([GeneratedContent].self, forProperty: "surfaces").isEmpty)
        let problems = try document.value([GeneratedContent].self, forProperty: "problems")
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(try problem.value(String.self, forProperty: "kind") == "unsupportedVersion")
        #expect(try problem.value(Int.self, forProperty: "line") == 1)
        #expect(try problem.value(String.self, forProperty: "pointer") == "/version")
        #expect(try problem.value(String.self, forProperty: "key") == "a2ui.detail.unsupportedVersion")
        #expect(try problem.value(String.self, forProperty: "message").contains("v0.9, v0.9.1"))
        #expect(try document.value(Int.self, forProperty: "droppedProblems") == 0)
        #expect(result.stderr.contains("no surface to show"))
    }

    @Test("an unknown --surface still writes the document, with no surfaces")
    func unknownSurface() throws {
        let result = try renderA2UI(["-", "--format", "json", "--surface", "other"], stdin: A2UIVersionTests.hello)
        #expect(result.status == 4)
        let document = try document(result)
        #expect(try document.value([GeneratedContent].self, forProperty: "surfaces").isEmpty)
        #expect(try document.value([GeneratedContent].self, forProperty: "problems").isEmpty)
        #expect(result.stderr.contains("'other'"))
    }

    @Test("in German each problem carries its code, the English detail, and beside them its kind and message in German")
    func localized() throws {
        let stream = A2UICatalogProblemTests.stream(
            #"{"id":"bad","component":"Text","text":{"call":"formatCurrency","args":{"value":9.99}}}"#)
        let result = try renderA2UI(["-", "--format", "json", "--locale", "de"], stdin: stream)
        #expect(result.status == 4)
        let document = try document(result)
        #expect(try document.value(String.self, forProperty: "language") == "de")
        #expect(try document.value([GeneratedContent].self, forProperty: "surfaces").count == 1)
        let problem = try #require(try document.value([GeneratedContent].self, forProperty: "problems").first)
        #expect(try problem.value(String.self, forProperty: "kind") == "invalidFunction")
        #expect(
            try problem.value(String.self, forProperty: "kindText")
                == "Funktionsaufruf, der nicht ausgeführt werden kann")
        #expect(
            try problem.value(String.self, forProperty: "detail")
                == #"formatCurrency requires the argument "currency" (at Text.text)"#)
        #expect(
            try problem.value(String.self, forProperty: "message")
                == #"formatCurrency verlangt das Argument „currency“ (bei Text.text)"#)
        #expect(try problem.value(String.self, forProperty: "componentId") == "bad")
    }

    @Test("with --out the document of a stream without surfaces is written to the file")
    func toFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "genui-a2ui-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.json").path
        let result = try renderA2UI(
            ["-", "--format", "json", "--out", path], stdin: A2UIVersionTests.hello(version: #""v0.7""#))
        #expect(result.status == 4)
        #expect(result.stdout == "")
        let document = try GeneratedContent(json: String(contentsOfFile: path, encoding: .utf8))
        #expect(try document.value([GeneratedContent].self, forProperty: "problems").count == 1)
    }
}
