import GenUI
import GenUIConfig
import GenUITestSupport
import Testing

/// A valid configuration, one line per element, so a test can break exactly one line.
let baseLines = [
    "version: 1", // 1
    "default_chain: default", // 2
    "chains:", // 3
    "  default: [local, scripted]", // 4
    "providers:", // 5
    "  local:", // 6
    "    type: ollama", // 7
    "    model: qwen2.5:0.5b", // 8
    "  scripted:", // 9
    "    type: scripted", // 10
]

/// The base configuration with `line` (1-based) replaced by `text` (which may hold several lines).
func replacing(_ line: Int, with text: String) -> String {
    var lines = baseLines
    lines[line - 1] = text
    return lines.joined(separator: "\n") + "\n"
}

/// The base configuration with `text` inserted after `line`.
func inserting(after line: Int, _ text: String) -> String {
    var lines = baseLines
    lines.insert(text, at: line)
    return lines.joined(separator: "\n") + "\n"
}

struct MalformedCase: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let line: Int
    let column: Int
    let contains: String
    var suggestion: String? = nil
    var testDescription: String { name }
}

let malformedCases: [MalformedCase] = [
    MalformedCase(
        name: "tab indentation", text: replacing(7, with: "\ttype: ollama"), line: 7, column: 1,
        contains: "invalid YAML"),
    MalformedCase(
        name: "unclosed flow sequence", text: replacing(4, with: "  default: [local, scripted"), line: 5, column: 10,
        contains: "invalid YAML"),
    MalformedCase(
        name: "unclosed quote", text: replacing(8, with: "    model: \"qwen2.5"), line: 11, column: 1,
        contains: "invalid YAML"),
    MalformedCase(
        name: "bad indentation", text: replacing(8, with: "      model: qwen2.5:0.5b"), line: 8, column: 12,
        contains: "invalid YAML"),
    MalformedCase(
        name: "duplicate provider", text: inserting(after: 10, "  local:\n    type: scripted"), line: 11, column: 3,
        contains: "duplicate key 'local'"),
    MalformedCase(
        name: "duplicate top-level key", text: inserting(after: 1, "version: 1"), line: 2, column: 1,
        contains: "duplicate key 'version'"),
    MalformedCase(
        name: "duplicate provider setting", text: inserting(after: 8, "    model: other"), line: 9, column: 5,
        contains: "duplicate key 'model'"),
    MalformedCase(
        name: "unknown top-level key", text: replacing(2, with: "default_chian: default"), line: 2, column: 1,
        contains: "unknown key 'default_chian'", suggestion: "default_chain"),
    MalformedCase(
        name: "unknown provider key", text: replacing(8, with: "    modle: qwen2.5:0.5b"), line: 8, column: 5,
        contains: "unknown key 'modle'", suggestion: "model"),
    MalformedCase(
        name: "key of another provider type", text: inserting(after: 8, "    base_url: http://127.0.0.1:1"), line: 9,
        column: 5, contains: "unknown key 'base_url'"),
    MalformedCase(
        name: "unknown provider type", text: replacing(7, with: "    type: olama"), line: 7, column: 11,
        contains: "unknown provider type 'olama'", suggestion: "ollama"),
    MalformedCase(
        name: "llama.cpp misspelled", text: replacing(7, with: "    type: llamacpp"), line: 7, column: 11,
        contains: "unknown provider type", suggestion: "llama.cpp"),
    MalformedCase(
        name: "missing type", text: replacing(7, with: "    enabled: true"), line: 7, column: 5,
        contains: "missing required key 'type'"),
    MalformedCase(
        name: "missing model", text: replacing(8, with: "    enabled: true"), line: 7, column: 5,
        contains: "missing required key 'model'"),
    MalformedCase(
        name: "quoted integer",
        text: replacing(10, with: "    type: llama.cpp\n    model: /m.gguf\n    context: \"4096\""), line: 12,
        column: 14, contains: "expected an integer, found a string"),
    MalformedCase(
        name: "integer out of range", text: inserting(after: 8, "    num_ctx: 12"), line: 9, column: 14,
        contains: "out of range"),
    MalformedCase(
        name: "not an integer", text: inserting(after: 8, "    num_ctx: lots"), line: 9, column: 14,
        contains: "expected an integer"),
    MalformedCase(
        name: "not a boolean", text: inserting(after: 8, "    enabled: maybe"), line: 9, column: 14,
        contains: "expected true or false"),
    MalformedCase(
        name: "bad duration", text: inserting(after: 8, "    timeout: 5 parsecs"), line: 9, column: 14,
        contains: "expected a duration"),
    MalformedCase(
        name: "list where a string is expected", text: replacing(8, with: "    model: [a, b]"), line: 8, column: 12,
        contains: "expected a string, found a list"),
    MalformedCase(
        name: "chain names an undefined provider", text: replacing(4, with: "  default: [locl, scripted]"), line: 4,
        column: 13, contains: "not defined under providers", suggestion: "local"),
    MalformedCase(
        name: "provider twice in a chain", text: replacing(4, with: "  default: [local, scripted, local]"), line: 4,
        column: 30, contains: "appears twice"),
    MalformedCase(
        name: "chain is a string", text: replacing(4, with: "  default: scripted"), line: 4, column: 12,
        contains: "expected a list of provider names"),
    MalformedCase(
        name: "empty chain", text: replacing(4, with: "  default: []"), line: 4, column: 12, contains: "no providers"),
    MalformedCase(
        name: "undefined default chain", text: replacing(2, with: "default_chain: defualt"), line: 2, column: 16,
        contains: "no chain named 'defualt'", suggestion: "default"),
    MalformedCase(
        name: "unsupported version", text: replacing(1, with: "version: 2"), line: 1, column: 10,
        contains: "unsupported version 2"),
    MalformedCase(
        name: "version is a word", text: replacing(1, with: "version: one"), line: 1, column: 10,
        contains: "expected an integer"),
    MalformedCase(
        name: "providers is a list", text: replacing(5, with: "providers: [local, scripted]\nunused:"), line: 5,
        column: 12, contains: "expected a mapping of provider names"),
    MalformedCase(
        name: "provider is a string", text: replacing(10, with: "    type: scripted\n  extra: scripted"), line: 11,
        column: 10, contains: "expected a mapping with at least 'type'"),
    MalformedCase(
        name: "unclosed ${", text: replacing(8, with: "    model: ${MODEL"), line: 8, column: 12,
        contains: "never closed"),
    MalformedCase(
        name: "invalid variable name", text: replacing(8, with: "    model: qwen-${1BAD}"), line: 8, column: 17,
        contains: "not a valid environment variable name"),
    MalformedCase(
        name: "empty variable name", text: replacing(8, with: "    model: \"${:-qwen}\""), line: 8, column: 13,
        contains: "an empty name"),
    MalformedCase(
        name: "variable with bad default syntax", text: replacing(8, with: "    model: ${MODEL:qwen}"), line: 8,
        column: 12, contains: "not a valid environment variable name"),
    MalformedCase(
        name: "literal API key",
        text: replacing(10, with: "    type: openai\n    model: gpt-4o-mini\n    api_key: sk-test"), line: 12,
        column: 5, contains: "secrets do not belong"),
    MalformedCase(
        name: "secret in api_key_env",
        text: replacing(
            10, with: "    type: openai\n    model: gpt-4o-mini\n    api_key_env: sk-abcdefghijklmnopqrstuvwxyz"),
        line: 12, column: 18, contains: "looks like a secret"),
    MalformedCase(
        name: "URL with a wrong scheme",
        text: replacing(10, with: "    type: gemini\n    model: gemini-2.0-flash\n    base_url: ftp://example.com"),
        line: 12, column: 15, contains: "expected an http:// or https:// URL"),
    MalformedCase(
        name: "plain HTTP to a remote API",
        text: replacing(10, with: "    type: anthropic\n    model: claude\n    base_url: http://example.com"), line: 12,
        column: 15, contains: "unencrypted"),
    MalformedCase(
        name: "unknown structured output mode",
        text: replacing(10, with: "    type: anthropic\n    model: claude\n    structured_output: tools"), line: 12,
        column: 24, contains: "expected native or tool", suggestion: "tool"),
    MalformedCase(
        name: "misspelled capability", text: inserting(after: 8, "    requires: [guided-generaton]"), line: 9,
        column: 16, contains: "unknown capability", suggestion: "guided-generation"),
    MalformedCase(
        name: "capabilities not a list", text: inserting(after: 8, "    capabilities: streaming"), line: 9, column: 19,
        contains: "expected a list of capabilities"),
    MalformedCase(
        name: "unknown outcome in a policy",
        text: replacing(4, with: "  default:\n    providers: [local, scripted]\n    policy: { serverEror: stop }"),
        line: 6, column: 15, contains: "unknown outcome", suggestion: "serverError"),
    MalformedCase(
        name: "unknown policy action",
        text: replacing(4, with: "  default:\n    providers: [local, scripted]\n    policy: { serverError: halt }"),
        line: 6, column: 28, contains: "unknown action 'halt'"),
    MalformedCase(
        name: "cancellation cannot fall back",
        text: replacing(4, with: "  default:\n    providers: [local, scripted]\n    policy: { cancelled: next }"),
        line: 6, column: 26, contains: "always stops"),
    MalformedCase(
        name: "chain mapping without providers", text: replacing(4, with: "  default:\n    deadline: 30s"), line: 5,
        column: 5, contains: "missing required key 'providers'"),
    MalformedCase(
        name: "unknown chain option",
        text: replacing(4, with: "  default:\n    providers: [local, scripted]\n    fallback_on_refusl: true"), line: 6,
        column: 5, contains: "unknown key", suggestion: "fallback_on_refusal"),
    MalformedCase(
        name: "bad model size",
        text: replacing(10, with: "    type: llama.cpp\n    model: /m.gguf\n    model_size: huge"), line: 12,
        column: 17, contains: "expected a size"),
    MalformedCase(name: "empty file", text: "", line: 1, column: 1, contains: "the file is empty"),
    MalformedCase(name: "root is a list", text: "- version: 1\n", line: 1, column: 1, contains: "expected a mapping"),
    MalformedCase(
        name: "missing providers", text: "version: 1\nchains:\n  default: [a]\n", line: 1, column: 1,
        contains: "missing required key 'providers'"),
    MalformedCase(
        name: "brackets nested too deep", text: "version: 1\nproviders: " + String(repeating: "[", count: 40) + "\n",
        line: 2, column: 44, contains: "nest deeper"),
]

@Suite("providers.yml errors", .tags(.unit))
struct ConfigurationErrorTests {
    let loader = ConfigurationLoader(environment: [:], currentDirectory: "/nonexistent", homeDirectory: "/nonexistent")

    @Test("the base fixture is valid")
    func baseIsValid() throws {
        let configuration = try loader.parse(baseLines.joined(separator: "\n"))
        #expect(configuration.chain(named: "default")?.providers == ["local", "scripted"])
    }

    @Test("each malformed file gives an error at the right line and column", arguments: malformedCases)
    func malformed(_ fixture: MalformedCase) throws {
        do {
            _ = try loader.parse(fixture.text, file: "providers.yml")
            Issue.record("\(fixture.name) loaded without error")
        } catch {
            let issue = try #require(error.first)
            #expect(issue.severity == .error)
            #expect(issue.location.file == "providers.yml")
            #expect(
                issue.location.line == fixture.line && issue.location.column == fixture.column,
                "\(fixture.name): expected \(fixture.line):\(fixture.column), got \(issue)")
            #expect(issue.message.contains(fixture.contains), "\(fixture.name): \(issue)")
            if let suggestion = fixture.suggestion {
                #expect(issue.suggestion == suggestion, "\(fixture.name): \(issue)")
                #expect(issue.description.contains("did you mean '\(suggestion)'"))
            }
        }
    }

    @Test("errors name the key path")
    func keyPaths() throws {
        do {
            _ = try loader.parse(inserting(after: 8, "    num_ctx: lots"))
            Issue.record("loaded")
        } catch {
            #expect(error.first?.keyPath == "providers.local.num_ctx")
            #expect(error.first?.description.hasPrefix("providers.yml:9:14: error: providers.local.num_ctx: ") == true)
        }
    }

    @Test("every problem in a file is reported, in file order")
    func collectsAll() throws {
        let text = replacing(7, with: "    type: olama\n    modle: x") + "extra: 1\n"
        do {
            _ = try loader.parse(text)
            Issue.record("loaded")
        } catch {
            #expect(error.issues.count >= 2)
            let lines = error.issues.filter { $0.severity == .error }.map(\.location.line)
            #expect(lines == lines.sorted())
        }
    }
}
