import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

/// The A2UI specification's own conformance cases for v0.9, v0.9.1 and the v1.0 release candidate, kept in
/// `Fixtures/official` (copied unchanged from the official repository with its licence; `SOURCE.md` says from where):
/// every server-to-client case must get genui's verdict — valid with no problem, invalid with at least one located
/// problem — except the few ``exceptions``, each explained, which must still disagree (so one that starts to agree is
/// noticed). v1.0's cases are read with the candidate admitted, as `genui render --a2ui-version 1.0` reads them.
@Suite("A2UI official conformance cases", .tags(.unit))
struct A2UIOfficialConformanceTests {
    static let folder = TestEnvironment.packageRoot.appendingPathComponent("Tests/GenUIA2UITests/Fixtures/official")

    /// The specification versions whose cases are kept, as the repository's folders name them.
    static let versions = ["v0_9", "v0_9_1", "v1_0"]

    /// The server-to-client cases each version's folder holds.
    static let expectedCounts = ["v0_9": 73, "v0_9_1": 73, "v1_0": 103]

    /// The versions a case of `file`'s folder is read with.
    static func readVersions(_ file: String) -> Set<A2UIVersion> {
        file.hasPrefix("v1_0/") ? A2UIVersion.released.union([.v1_0]) : A2UIVersion.released
    }

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
    static let exceptions: [String: String] = [
        // call_function_message.json names "catalog": "testing_catalog.json", a catalog the official repository does
        // not hold at the commit the cases come from. Against the basic catalog, the one genui knows, these are valid:
        // its `required` takes any value, and it declares no callableFrom.
        "call_function_message.json: CallFunctionMessage: Invalid args (nested object in a single value)":
            "the basic catalog's required takes any value; the missing testing catalog is stricter",
        "call_function_message.json: CallFunctionMessage: Invalid args (array of nested objects)":
            "the basic catalog's required takes any value; the missing testing catalog is stricter",
        "call_function_message.json: CallFunctionMessage: Invalid call to local-only function (required)":
            "the basic catalog declares no callableFrom; only the missing testing catalog makes required local-only",
    ]

    static func isException(_ test: A2UIConformanceTests.Case) -> Bool {
        exceptions[String(test.file.drop { $0 != "/" }.dropFirst()) + ": " + test.description] != nil
    }

    @Test("the official cases are there: 73 server-to-client cases for each of v0.9 and v0.9.1, 103 for v1.0")
    func casesExist() {
        for version in Self.versions {
            #expect(
                Self.cases.filter { $0.file.hasPrefix(version + "/") }.count == Self.expectedCounts[version],
                "\(version)")
        }
        #expect(FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent("LICENSE").path))
    }

    @Test(
        "the specification's contact form example stream, of each version, is read with no problem and shows its data")
    func contactFormExample() throws {
        for version in Self.versions {
            let stream = try String(
                contentsOf: Self.folder.appendingPathComponent(version + "/contact_form_example.jsonl"), encoding: .utf8
            )
            var client = A2UIClient(versions: Self.readVersions(version + "/"))
            // The example ends with deleteSurface; everything before it is read and applied.
            let lines = stream.split(separator: "\n")
            #expect(client.process(jsonl: lines.dropLast().joined(separator: "\n")) == [], "\(version)")
            let resolution = try #require(client.resolve(surfaceID: "contact_form_1"), "\(version)")
            #expect(resolution.problems == [], "\(version)")
            #expect(
                resolution.root?.first { $0.id == "email_field" }?.text("value") == "john.doe@example.com", "\(version)"
            )
            #expect(client.process(jsonl: String(lines.last ?? "")) == [])
            #expect(client.surfaceOrder.isEmpty)
        }
    }

    @Test(
        "genui's verdict matches each official case: a valid message has no problem, an invalid one is located",
        arguments: cases)
    func officialCase(_ test: A2UIConformanceTests.Case) {
        let problems = A2UIConformanceTests.verdict(test.line, versions: Self.readVersions(test.file))
        if Self.isException(test) {
            #expect(problems.isEmpty != test.valid, "this exception now agrees with the specification; remove it")
        } else {
            #expect(problems.isEmpty == test.valid, "\(problems.map(\.description))")
            #expect(problems.allSatisfy { !$0.detail.isEmpty && ($0.line == 1) })
        }
    }
}
