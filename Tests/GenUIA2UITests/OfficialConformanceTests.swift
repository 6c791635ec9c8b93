import Foundation
import GenUI
import GenUITestSupport
import Testing
@testable import GenUIA2UI

/// The A2UI specification's own conformance cases for v0.9 and v0.9.1, kept in `Fixtures/official` (copied unchanged
/// from the official repository with its licence; `SOURCE.md` says from where): every server-to-client case must get
/// genui's verdict — valid with no problem, invalid with at least one located problem — except the few
/// ``exceptions``, each explained, which must still disagree (so one that starts to agree is noticed).
@Suite("A2UI official conformance cases", .tags(.unit))
struct A2UIOfficialConformanceTests {
    static let folder = TestEnvironment.packageRoot.appendingPathComponent("Tests/GenUIA2UITests/Fixtures/official")

    /// The specification versions whose cases are kept, as the repository's folders name them.
    static let versions = ["v0_9", "v0_9_1"]

    /// Every server-to-client case of every version (client-to-server cases are messages genui writes, not reads).
    static let cases: [A2UIConformanceTests.Case] = versions.flatMap { version in
        A2UIConformanceTests.cases(in: folder.appendingPathComponent(version)).map { test in
            var test = test
            test.file = version + "/" + test.file
            return test
        }
    }

    /// The cases genui gives another verdict than the specification, by `file: description` without the version
    /// folder, and why.
    static let exceptions: [String: String] = [:]

    static func isException(_ test: A2UIConformanceTests.Case) -> Bool {
        exceptions[String(test.file.drop { $0 != "/" }.dropFirst()) + ": " + test.description] != nil
    }

    @Test("the official cases are there: 73 server-to-client cases for each of v0.9 and v0.9.1")
    func casesExist() {
        for version in Self.versions {
            #expect(Self.cases.filter { $0.file.hasPrefix(version + "/") }.count == 73, "\(version)")
        }
        #expect(FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent("LICENSE").path))
    }

    @Test("the specification's contact form example stream, of each version, is read with no problem and shows its data")
    func contactFormExample() throws {
        for version in Self.versions {
            let stream = try String(contentsOf: Self.folder.appendingPathComponent(version + "/contact_form_example.jsonl"), encoding: .utf8)
            var client = A2UIClient()
            // The example ends with deleteSurface; everything before it is read and applied.
            let lines = stream.split(separator: "\n")
            #expect(client.process(jsonl: lines.dropLast().joined(separator: "\n")) == [], "\(version)")
            let resolution = try #require(client.resolve(surfaceID: "contact_form_1"), "\(version)")
            #expect(resolution.problems == [], "\(version)")
            #expect(resolution.root?.first { $0.id == "email_field" }?.text("value") == "john.doe@example.com", "\(version)")
            #expect(client.process(jsonl: String(lines.last ?? "")) == [])
            #expect(client.surfaceOrder.isEmpty)
        }
    }

    @Test("genui's verdict matches each official case: a valid message has no problem, an invalid one is located",
        arguments: cases)
    func officialCase(_ test: A2UIConformanceTests.Case) {
        let problems = A2UIConformanceTests.verdict(test.line)
        if Self.isException(test) {
            #expect(problems.isEmpty != test.valid, "this exception now agrees with the specification; remove it")
        } else {
            #expect(problems.isEmpty == test.valid, "\(problems.map(\.description))")
            #expect(problems.allSatisfy { !$0.detail.isEmpty && ($0.line == 1) })
        }
    }
}
