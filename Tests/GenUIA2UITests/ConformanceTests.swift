import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

/// genui's verdict on conformance cases — single server-to-client messages, each said valid or invalid — in the
/// format of the A2UI specification's own suites (`{"schema", "tests": [{"description", "valid", "data"}]}`).
///
/// The repository's cases (`Fixtures/conformance`, written from the v0.9 specification) always run; where a case
/// names the kinds of problem it expects, genui must report those. The specification's own cases run when
/// `GENUI_A2UI_SCHEMAS` points at a specification that has them (its `test/cases` folder) and are skipped, saying
/// so, otherwise.
@Suite("A2UI conformance verdicts", .tags(.unit))
struct A2UIConformanceTests {
    /// One case of a suite.
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var description: String
        var valid: Bool
        var line: String
        var kinds: [String]
        var beyondSchema: Bool
        var testDescription: String { "\(file): \(description)" }
    }

    /// The kinds of problem that make a message invalid (the others — an unknown surface, a missing root — are about
    /// the stream around it, not the message).
    static let verdictKinds: Set<A2UIProblem.Kind> = [
        .notJSON, .invalidMessage, .unknownComponent, .invalidFunction, .duplicateComponent, .invalidTheme,
        .unsupportedVersion,
    ]

    static func cases(in folder: URL) -> [Case] {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasSuffix(".json")
        }.sorted()
        return files.flatMap { file -> [Case] in
            guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8),
                let suite = try? GeneratedContent(json: text),
                (try? suite.value(String.self, forProperty: "schema")) ?? "server_to_client.json"
                    == "server_to_client.json",
                let tests = try? suite.value([GeneratedContent].self, forProperty: "tests")
            else { return [] }
            return tests.compactMap { test in
                guard let data = test.orderedProperties?.first(where: { $0.key == "data" })?.value else { return nil }
                return Case(
                    file: file, description: (try? test.value(String.self, forProperty: "description")) ?? "",
                    valid: (try? test.value(Bool.self, forProperty: "valid")) ?? true, line: data.jsonString,
                    kinds: (try? test.value([String].self, forProperty: "kinds")) ?? [],
                    beyondSchema: (try? test.value(Bool.self, forProperty: "beyondSchema")) ?? false)
            }
        }
    }

    static let ownFolder = TestEnvironment.packageRoot.appendingPathComponent(
        "Tests/GenUIA2UITests/Fixtures/conformance")
    static let own = cases(in: ownFolder)

    /// The specification's case folder: `test/cases` beside its `json` schema folder, or inside the schema folder.
    static let officialFolder: URL? = {
        guard let schemas = TestEnvironment.a2uiSchemas else { return nil }
        return [
            schemas.deletingLastPathComponent().appendingPathComponent("test/cases"),
            schemas.appendingPathComponent("test/cases"),
            schemas.appendingPathComponent("cases"),
        ].first { FileManager.default.fileExists(atPath: $0.path) }
    }()

    static let official = officialFolder.map(cases(in:)) ?? []

    /// genui's problems for one message, read as the only line of a stream.
    static func verdict(_ line: String, versions: Set<A2UIVersion> = A2UIVersion.released) -> [A2UIProblem] {
        A2UIMessageReader(versions: versions).read(line, line: 1).problems.filter { verdictKinds.contains($0.kind) }
    }

    @Test("the repository's cases are there and cover valid and invalid messages of every kind")
    func ownCasesExist() {
        #expect(Self.own.count >= 50)
        #expect(Self.own.contains { $0.valid } && Self.own.contains { !$0.valid })
        let kinds = Set(Self.own.flatMap(\.kinds))
        #expect(
            kinds.isSuperset(of: [
                "invalidMessage", "unknownComponent", "invalidFunction", "duplicateComponent", "invalidTheme",
            ]))
    }

    @Test("genui's verdict matches each of the repository's cases, with the kinds of problem it names", arguments: own)
    func ownCase(_ test: Case) {
        let problems = Self.verdict(test.line)
        #expect(problems.isEmpty == test.valid, "\(problems.map(\.description))")
        for kind in test.kinds {
            #expect(problems.contains { $0.kind.rawValue == kind }, "expected \(kind): \(problems.map(\.description))")
        }
        #expect(problems.allSatisfy { !$0.pointer.isEmpty && !$0.detail.isEmpty })
    }

    @Test(
        "the official JSON Schemas give the repository's cases the verdicts they state (those within what a schema can say)"
    )
    func ownCasesAgainstOfficialSchemas() throws {
        guard A2UISchemaCheck.ready() else { return }
        let checked = Self.own.filter { !$0.beyondSchema }
        let errors = try A2UISchemaCheck.errors(in: checked.map(\.line).joined(separator: "\n") + "\n")
        let failing = Set(
            errors.compactMap { error -> Int? in
                guard error.hasPrefix("line "), let number = Int(error.dropFirst(5).prefix { $0.isNumber }) else {
                    return nil
                }
                return number
            })
        for (index, test) in checked.enumerated() {
            #expect(
                failing.contains(index + 1) != test.valid, "the schemas disagree with \(test.file): \(test.description)"
            )
        }
    }

    @Test(
        "genui's verdict matches each of the specification's own cases",
        .enabled(
            if: !official.isEmpty, "GENUI_A2UI_SCHEMAS does not point at a specification with its test/cases folder"),
        arguments: official)
    func officialCase(_ test: Case) {
        let problems = Self.verdict(test.line)
        #expect(problems.isEmpty == test.valid, "\(problems.map(\.description))")
    }
}
