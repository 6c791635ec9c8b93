import Foundation
import GenUIConfig
import GenUIDiagnostics
import GenUITestSupport
import Testing

/// The `models:` catalog of `providers.yml`: entries parsed with their values, and every mistake reported at its
/// file:line:column with a suggestion where a likely spelling exists.
@Suite("providers.yml models: catalog", .tags(.unit))
struct ModelCatalogConfigurationTests {
    static let digest = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"

    /// A configuration with one provider and the given `models:` lines (line 6 onwards).
    static func text(_ models: [String]) -> String {
        ([
            "version: 1", // 1
            "providers:", // 2
            "  scripted:", // 3
            "    type: scripted", // 4
            "models:", // 5
        ] + models).joined(separator: "\n") + "\n"
    }

    static func parse(_ text: String, environment: [String: String] = [:]) throws(ConfigurationError) -> Configuration {
        try ConfigurationLoader(
            environment: environment, currentDirectory: "/nonexistent", homeDirectory: "/nonexistent"
        )
        .parse(text, file: "providers.yml")
    }

    /// The single error of `text`, which must not load.
    static func error(_ text: String) -> ConfigurationIssue? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.issues.first { $0.severity == .error }
        }
    }

    @Test(
        "An entry gives name, url, size (with a unit), sha256 (any case, stored lowercase), token_env and file (~ expanded)"
    )
    func parsesAnEntry() throws {
        let configuration = try Self.parse(
            Self.text([
                "  smol:",
                "    url: https://models.example.org/smol.gguf",
                "    size: 98 MB",
                "    sha256: \(Self.digest.uppercased())",
                "    token_env: HF_TOKEN",
                "    file: ~/models/smol.gguf",
                "  local:",
                "    url: http://127.0.0.1:8123/local.gguf",
                "    size: 1234",
                "    sha256: \(Self.digest)",
            ]))
        #expect(configuration.models.map(\.name) == ["smol", "local"])
        let smol = try #require(configuration.models.first)
        #expect(smol.url.absoluteString == "https://models.example.org/smol.gguf")
        #expect(smol.sizeBytes == 98_000_000)
        #expect(smol.sha256 == Self.digest)
        #expect(smol.tokenEnvironmentVariable == "HF_TOKEN")
        #expect(smol.file?.hasPrefix("~") == false && smol.file?.hasSuffix("/models/smol.gguf") == true)
        #expect(smol.location.line == 6 && smol.location.column == 3)
        let local = configuration.models[1]
        #expect(local.sizeBytes == 1234 && local.file == nil && local.tokenEnvironmentVariable == nil)
    }

    @Test(
        "connections: sets how many parallel connections a pull of the entry opens; without it the entry has none of its own"
    )
    func parsesConnections() throws {
        let configuration = try Self.parse(
            Self.text(["  smol:"] + Self.good + ["    connections: 12", "  other:"] + Self.good))
        #expect(configuration.models.map(\.connections) == [12, nil])
    }

    @Test("No models: key is an empty catalog")
    func absentIsEmpty() throws {
        let configuration = try Self.parse("version: 1\nproviders:\n  scripted:\n    type: scripted\n")
        #expect(configuration.models.isEmpty)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let lines: [String]
        let line: Int
        let column: Int
        let keyPath: String
        let contains: String
        var suggestion: String? = nil
        var testDescription: String { name }
    }

    static let good = [
        "    url: https://models.example.org/smol.gguf", // 7
        "    size: 98 MB", // 8
        "    sha256: \(digest)", // 9
    ]

    static func entry(replacing index: Int, with line: String) -> [String] {
        var lines = ["  smol:"] + good
        lines[index] = line
        return lines
    }

    static let cases: [Case] = [
        Case(
            name: "sha256 too short", lines: entry(replacing: 3, with: "    sha256: abc123"),
            line: 9, column: 13, keyPath: "models.smol.sha256",
            contains: "64 hexadecimal digits, found 'abc123' (6 characters)"),
        Case(
            name: "sha256 not hexadecimal",
            lines: entry(replacing: 3, with: "    sha256: \(String(repeating: "g", count: 64))"),
            line: 9, column: 13, keyPath: "models.smol.sha256", contains: "64 hexadecimal digits"),
        Case(
            name: "size zero", lines: entry(replacing: 2, with: "    size: 0"),
            line: 8, column: 11, keyPath: "models.smol.size", contains: "more than 0 bytes"),
        Case(
            name: "size not a size", lines: entry(replacing: 2, with: "    size: big"),
            line: 8, column: 11, keyPath: "models.smol.size", contains: "expected a size"),
        Case(
            name: "plain http to another host",
            lines: entry(replacing: 1, with: "    url: http://models.example.org/smol.gguf"),
            line: 7, column: 10, keyPath: "models.smol.url", contains: "only to a loopback host"),
        Case(
            name: "plain http to a name that only looks local",
            lines: entry(replacing: 1, with: "    url: http://127.0.0.1.example.com/smol.gguf"),
            line: 7, column: 10, keyPath: "models.smol.url", contains: "only to a loopback host"),
        Case(
            name: "not a URL", lines: entry(replacing: 1, with: "    url: ftp://models.example.org/smol.gguf"),
            line: 7, column: 10, keyPath: "models.smol.url", contains: "expected an http:// or https:// URL"),
        Case(
            name: "missing sha256", lines: Array((["  smol:"] + good).prefix(3)),
            line: 7, column: 5, keyPath: "models.smol.sha256", contains: "missing required key 'sha256'"),
        Case(
            name: "misspelled key", lines: entry(replacing: 3, with: "    sha265: \(digest)"),
            line: 9, column: 5, keyPath: "models.smol.sha265", contains: "unknown key 'sha265' in a model entry",
            suggestion: "sha256"),
        Case(
            name: "token_env holding a token, not a name",
            lines: ["  smol:"] + good + ["    token_env: sk-proj-abcdefghijklmnopqrstuv"],
            line: 10, column: 16, keyPath: "models.smol.token_env", contains: "secret"),
        Case(
            name: "token_env as a reference", lines: ["  smol:"] + good + ["    token_env: ${HF_TOKEN}"],
            line: 10, column: 16, keyPath: "models.smol.token_env", contains: "${NAME}"),
        Case(
            name: "connections above 16", lines: ["  smol:"] + good + ["    connections: 17"],
            line: 10, column: 18, keyPath: "models.smol.connections", contains: "17 is out of range: expected 1…16"),
        Case(
            name: "connections not a number", lines: ["  smol:"] + good + ["    connections: many"],
            line: 10, column: 18, keyPath: "models.smol.connections", contains: "expected an integer"),
        Case(
            name: "entry not a mapping", lines: ["  smol: https://models.example.org/smol.gguf"],
            line: 6, column: 9, keyPath: "models.smol", contains: "a mapping with url, size and sha256"),
    ]

    @Test("Each mistake is an error at its file:line:column with its key path", arguments: cases)
    func locatedErrors(_ testCase: Case) throws {
        let issue = try #require(Self.error(Self.text(testCase.lines)), "\(testCase.name) loaded")
        #expect(issue.location.file == "providers.yml")
        #expect(issue.location.line == testCase.line, "\(issue)")
        #expect(issue.location.column == testCase.column, "\(issue)")
        #expect(issue.keyPath == testCase.keyPath, "\(issue)")
        #expect(issue.message.contains(testCase.contains), "\(issue)")
        #expect(issue.suggestion == testCase.suggestion, "\(issue)")
    }

    @Test("The errors are in the user's language: German for a bad sha256, with the did-you-mean of a misspelled key")
    func localized() throws {
        let german = Diagnostics(language: .german)
        let digest = try #require(Self.error(Self.text(Self.entry(replacing: 3, with: "    sha256: abc"))))
        #expect(
            digest.localizedDescription(german)
                == "providers.yml:9:13: \(german.text("config.severity.error")): models.smol.sha256: erwartet: eine sha256 aus 64 Hexadezimalziffern, gefunden: 'abc' (3 Zeichen)"
        )
        let key = try #require(Self.error(Self.text(Self.entry(replacing: 2, with: "    szie: 98 MB"))))
        #expect(key.localizedMessage(german).contains("in einem Modelleintrag"))
        #expect(key.localizedMessage(german).hasSuffix("('size'?)") || key.localizedMessage(german).contains("'size'"))
    }

    @Test("models: is a known top-level key; a misspelling suggests it")
    func topLevelKey() throws {
        let issue = try #require(Self.error("version: 1\nproviders:\n  scripted:\n    type: scripted\nmodles: {}\n"))
        #expect(issue.suggestion == "models", "\(issue)")
        #expect(issue.location.line == 5 && issue.location.column == 1)
    }
}
