import Foundation
import GenUI
import GenUITestSupport
import GenUITesting
import Testing

/// Every line genui prints comes from the message catalog: run with `--locale en-XA`, whose every catalog text is
/// accented and bracketed `⟦…⟧`, no line may keep an ASCII letter except in the user's own data and the names of
/// providers, models, files, settings and commands.
///
/// How to keep it green (docs/diagnostics.md): print through the catalog (`diagnostics.text`), pass data as
/// placeholder values, and when a new command or flag prints, add it to ``runs``.
@Suite("pseudo-locale: every printed line comes from the catalog", .tags(.integration))
struct PseudoLocaleTests {
    /// Words that are names, not text: providers, types, models, chains, variables, capabilities, settings, commands.
    static let names: Set<String> = Set([
        "genui", "doctor", "generate", "render", "config", "check", "init", "trust",
        "on-device", "openai", "scripted", "slow", "llama.cpp", "llama-server", "m", "model.gguf", "default", "fast",
        "GENUI_UNSET_TEST_KEY", "GENUI_SLOW_TEST_KEY", "GENUI_LLAMA_SERVER", "guided-generation", "seeded-sampling",
        "streaming", "type", "model", "binary", "base_url", "api_key_env", "timeout", "seed", "providers", "chains",
        "nosuch", "bogus", "disabled", "rateLimited", "unauthorized", "runtimeMissing", "on-devcie", "timeuot",
        "providers.yml", "screen.json", "missing.json", "existing.yml", "dangling.yml",
        "ollama", "anthropic", "gemini", "enabled", "requires", "capabilities", "context", "threads", "idle_timeout",
        "model_size", "mmproj", "version", "title", "hang", "crash",
        "offschema", "badjson", "prose", "failing", "loopback.yml", "invalid.json", "offschema.json", "HTTP",
        "unsaveable", "rejecting", "runs", "cloud", "local-network",
    ]).union(UnavailableReason.allCodes + GenUIError.allCodes)

    /// The lines of `output` that keep an ASCII letter outside the names, the user's data and paths.
    static func untransformed(_ output: String, data: [String]) -> [String] {
        output.split(separator: "\n").map(String.init).filter { line in
            var rest = line
            // The user's own data (the intent, the screen's texts) and paths, longest first.
            for item in data.sorted(by: { $0.count > $1.count }) {
                rest = rest.replacingOccurrences(of: item, with: " ")
            }
            let words = rest.split(whereSeparator: {
                !($0.isASCII && ($0.isLetter || $0.isNumber || "_-.:/$[]{}@".contains($0)))
            })
            return words.contains { word in
                let word = String(word).trimmingCharacters(in: CharacterSet(charactersIn: ".:[]{}"))
                guard word.contains(where: { $0.isASCII && $0.isLetter }) else { return false }
                if names.contains(word) || word.hasPrefix("/") || word.hasPrefix("http") || word.hasPrefix("$") {
                    return false
                }
                // Key paths and option names: `providers.slow.timeout`, `chains.default[1]`, `--simulate`.
                if word.hasPrefix("providers.") || word.hasPrefix("chains.") || word.hasPrefix("sections")
                    || word.hasPrefix("-")
                {
                    return false
                }
                return true
            }
        }
    }

    struct Run {
        var arguments: [String]
        var extraEnvironment: [String: String] = [:]
        /// Whether stdout holds the user's content (a rendered screen), which is data.
        var stdoutIsContent = false
    }

    static let validConfiguration = """
        version: 1
        chains:
          default: [on-device, openai, scripted]
        providers:
          on-device: { type: llama.cpp, model: /nonexistent/model.gguf, binary: /nonexistent/llama-server }
          openai:    { type: openai, base_url: "http://127.0.0.1:9/v1", api_key_env: GENUI_UNSET_TEST_KEY, model: m, timeout: 5s }
          scripted:  { type: scripted }
        """

    static let invalidConfiguration = """
        chains:
          default: [on-devcie, scripted]
        providers:
          on-device: { type: llama.cpp, model: /nonexistent/model.gguf, timeuot: 5s }
          scripted: { type: scripted, seed: "x" }
          openai: { type: openai, model: m, api_key_env: sk-abcdefghijklmnopqrstuvwxyz }
          bogus: { type: nosuch }
        """

    static let brokenChain = """
        version: 1
        chains:
          default: [on-device, openai]
        providers:
          on-device: { type: llama.cpp, model: /nonexistent/model.gguf, binary: /nonexistent/llama-server }
          openai:    { type: openai, base_url: "http://127.0.0.1:9/v1", api_key_env: GENUI_UNSET_TEST_KEY, model: m }
        """

    @Test("doctor, config, generate and render print no line that bypasses the catalog")
    func everyLineIsFromTheCatalog() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        func write(_ name: String, _ text: String) throws -> String {
            let path = URL(fileURLWithPath: home).appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let valid = try write("providers.yml", Self.validConfiguration)
        let invalid = try write("invalid.yml", Self.invalidConfiguration)
        let broken = try write("broken.yml", Self.brokenChain)
        let scripted = try write(
            "scripted.yml", "version: 1\nchains:\n  default: [scripted]\nproviders:\n  scripted: { type: scripted }\n")
        let existing = try write("existing.yml", "x")
        let dangling = URL(fileURLWithPath: home).appendingPathComponent("dangling.yml").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: home + "/nowhere/none.yml")

        let server = try GenerateAdviceTests.silentServer()
        defer { server.stop() }
        try FileManager.default.createDirectory(atPath: home + "/slow", withIntermediateDirectories: true)
        let slow = try GenerateAdviceTests.slowConfiguration(port: server.port, home: home + "/slow")

        // A saved screen with a blank title and two sections of the same title: render's validation issues.
        let generated = try CLI.run(
            ["generate", "A login form", "--config", scripted, "--format", "json"],
            environment: CLI.freshEnvironment(home: home))
        var document = try #require(
            try JSONSerialization.jsonObject(with: Data(generated.stdout.utf8)) as? [String: Any])
        document["title"] = "   "
        if var sections = document["sections"] as? [[String: Any]], sections.count >= 2 {
            sections[1]["title"] = sections[0]["title"]
            document["sections"] = sections
        }
        let screen = try write(
            "screen.json", String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self))
        let screenTexts = Self.texts(in: document)

        // The core's details: a file that is not JSON, and one that is JSON but not a screen.
        let notJSON = try write("invalid.json", "{\"title\": \"Login\",\n  \"sections\": [}")
        let offSchema = try write("offschema.json", #"{"title": 5, "sections": []}"#)
        // Loopback providers whose answers break the schema, are not JSON, need repairs, or fail doctor's test
        // generation.
        let models = try Self.detailServer()
        defer { models.stop() }
        let loopback = try write("loopback.yml", Self.loopbackConfiguration(port: models.port))
        let key = ["GENUI_SLOW_TEST_KEY": "k"]

        let runs: [Run] = [
            Run(arguments: ["doctor", "--config", valid]),
            Run(arguments: ["doctor", "--config", valid, "-v"]),
            Run(arguments: [
                "doctor", "--config", valid, "--simulate", "scripted=disabled", "openai=rateLimited",
                "on-device=unauthorized",
            ]),
            Run(arguments: [
                "doctor", "--config", valid, "--simulate", "scripted=deviceNotEligible", "openai=modelNotReady",
                "on-device=invalidModel",
            ]),
            Run(arguments: ["doctor", "--config", valid, "--chain", "fast"]),
            Run(arguments: ["doctor", "--config", valid, "--simulate", "nosuch"]),
            Run(arguments: ["doctor", "--config", valid, "--simulate", "nosuch=disabled"]),
            Run(arguments: ["doctor", "--config", valid, "--simulate", "scripted=bogus"]),
            Run(arguments: ["doctor", "--config", invalid]),
            Run(arguments: ["doctor", "--config", home + "/missing.yml"]),
            Run(arguments: ["config", "check", "--config", valid]),
            Run(arguments: ["config", "check", "--config", invalid]),
            Run(arguments: ["config", "init", "--out", existing]),
            Run(arguments: ["config", "init", "--out", dangling, "--force"]),
            Run(arguments: ["generate", "A login form", "--config", scripted], stdoutIsContent: true),
            Run(arguments: ["generate", "A login form", "--config", scripted, "-v"], stdoutIsContent: true),
            Run(arguments: ["generate", "A login form", "--config", broken]),
            Run(arguments: ["generate", "A login form", "--config", broken, "-v"]),
            Run(
                arguments: ["generate", "A login form", "--config", slow],
                extraEnvironment: ["GENUI_SLOW_TEST_KEY": "k"]),
            Run(arguments: ["generate", "A login form", "--config", valid, "--chain", "fast"]),
            Run(arguments: ["generate", "A login form", "--config", invalid]),
            Run(arguments: ["generate", "A login form", "--config", scripted, "--temperature", "3"]),
            Run(arguments: ["generate", "   ", "--config", scripted]),
            Run(arguments: ["generate", String(repeating: "A login form ", count: 160), "--config", scripted]),
            Run(arguments: ["render", home + "/missing.json"]),
            Run(arguments: ["render", screen]),
            Run(arguments: ["render", notJSON]),
            Run(arguments: ["render", offSchema]),
            Run(
                arguments: ["generate", "A login form", "--config", loopback, "--chain", "offschema"],
                extraEnvironment: key),
            Run(
                arguments: ["generate", "A login form", "--config", loopback, "--chain", "offschema", "-v"],
                extraEnvironment: key),
            Run(
                arguments: ["generate", "A login form", "--config", loopback, "--chain", "badjson"],
                extraEnvironment: key),
            Run(
                arguments: [
                    "generate", "A login form", "--config", loopback, "--chain", "prose", "--allow-unguided", "-v",
                ], extraEnvironment: key,
                stdoutIsContent: true),
            Run(arguments: ["doctor", "--config", loopback, "--deep"], extraEnvironment: key),
            // A screen that stays invalid after repair: the decoding failure lists its issues.
            Run(
                arguments: ["generate", "A login form", "--config", loopback, "--chain", "unsaveable"],
                extraEnvironment: key),
            Run(
                arguments: ["generate", "A login form", "--config", loopback, "--chain", "unsaveable", "-v"],
                extraEnvironment: key),
            // A server that rejects the request with HTTP 400 and no reason: the error and, with -v, its failed step.
            Run(
                arguments: ["generate", "A login form", "--config", loopback, "--chain", "rejecting"],
                extraEnvironment: key),
            Run(
                arguments: ["generate", "A login form", "--config", loopback, "--chain", "rejecting", "-v"],
                extraEnvironment: key),
            // Simulated errors whose detail is the word "simulated": in the dry run's route and in --deep's test
            // generation.
            Run(arguments: ["doctor", "--config", valid, "--simulate", "scripted=invalidRequest", "--deep"]),
            Run(arguments: ["doctor", "--config", valid, "--simulate", "scripted=decodingFailure", "-v"]),
        ]
        let data =
            ["A login form", home, "127.0.0.1:\(server.port)", "127.0.0.1:\(models.port)"] + screenTexts
            + Self.texts(in: try JSONSerialization.jsonObject(with: Data(Self.proseScreen.utf8)))
        for run in runs {
            let result = try CLI.run(
                run.arguments + ["--locale", "en-XA"],
                environment: CLI.freshEnvironment(
                    home: home, extra: ["NO_COLOR": "1"].merging(run.extraEnvironment) { $1 }))
            let printed = (run.stdoutIsContent ? "" : result.stdout) + result.stderr
            if !run.stdoutIsContent {
                #expect(!printed.isEmpty, "genui \(run.arguments.joined(separator: " ")) printed nothing")
            }
            let offending = Self.untransformed(printed, data: data)
            #expect(
                offending.isEmpty,
                "genui \(run.arguments.joined(separator: " ")):\n\(offending.joined(separator: "\n"))")
        }
    }

    /// A screen as a chatty model writes it unguided: in a code fence, with prose around it and a property the
    /// schema does not declare, so the decoder repairs it.
    static let proseScreen =
        #"{"title":"Login","mood":"calm","sections":[{"title":"Account","components":[{"type":"heading","text":"Welcome"},{"type":"button","label":"Log in","style":"primary"}]}]}"#

    /// A screen whose only section holds nothing but a divider: the repair drops it, and no section is left.
    static let unsaveableScreen =
        #"{"title":"Login","sections":[{"title":"Account","components":[{"type":"divider"}]}]}"#

    /// An OpenAI-compatible server whose answers depend on the first path segment of its base URL: `offschema`
    /// answers JSON that is not a screen, `badjson` answers text that is not JSON, `prose` answers a fenced screen
    /// with prose around it, `unsaveable` a screen that follows the schema but stays invalid after repair,
    /// `rejecting` answers HTTP 400 without a reason, and `failing` answers every completion with HTTP 500.
    static func detailServer() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request, connection in
            if request.path.hasSuffix("/models") {
                connection.respond(json: #"{"object":"list","data":[{"id":"m"}]}"#)
                return
            }
            let content: String
            switch request.path.split(separator: "/").first.map(String.init) {
            case "offschema": content = #"{"title": 5, "sections": []}"#
            case "badjson": content = "{\"title\": \"Login\", \"sections\": [}"
            case "prose": content = "Here is the screen:\n```json\n\(proseScreen)\n```\nI hope it helps."
            case "unsaveable": content = unsaveableScreen
            case "rejecting":
                connection.respond(status: 400, json: #"{"error":{}}"#)
                return
            default:
                connection.respond(status: 500, json: #"{"error":{"message":"the model crashed"}}"#)
                return
            }
            let escaped = String(
                decoding: try JSONSerialization.data(withJSONObject: [content], options: [.fragmentsAllowed]),
                as: UTF8.self
            )
            .dropFirst().dropLast()
            connection.respond(
                json: #"""
                    {"id":"c1","object":"chat.completion","model":"m","choices":[{"index":0,"message":{"role":"assistant","content":\#(escaped)},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":4,"total_tokens":7}}
                    """#)
        }
    }

    /// One chain per behaviour of ``detailServer()``; `prose` declares no guided generation and allows unguided
    /// answers, so its output goes through the defensive decoder.
    static func loopbackConfiguration(port: Int) -> String {
        func provider(_ name: String, _ extra: String = "") -> String {
            "  \(name): { type: openai, base_url: \"http://127.0.0.1:\(port)/\(name)/v1\", api_key_env: GENUI_SLOW_TEST_KEY, model: m, timeout: 20s\(extra) }"
        }
        return """
            version: 1
            chains:
              offschema: [offschema]
              badjson: [badjson]
              failing: [failing]
              prose:
                providers: [prose]
                allow_unguided: true
              unsaveable: [unsaveable]
              rejecting: [rejecting]
            providers:
            \(provider("offschema"))
            \(provider("badjson"))
            \(provider("failing"))
            \(provider("prose", ", capabilities: [streaming]"))
            \(provider("unsaveable"))
            \(provider("rejecting"))
            """
    }

    @Test("the pseudo-locale marks an untranslated line, and leaves placeholders and names as they are")
    func detectorWorks() {
        #expect(
            Self.untransformed("genui: could not compose the screen", data: []) == [
                "genui: could not compose the screen"
            ])
        #expect(Self.untransformed("genui: ⟦çóúĺđ ñóţ çóḿþóšé⟧ on-device /tmp/x", data: []).isEmpty)
        #expect(Self.untransformed("⟦ḿóđéĺ A login form⟧", data: ["A login form"]).isEmpty)
    }

    @Test("every decoding detail of the core reads back from its English as the same code and arguments")
    func decodingDetailsReadBack() throws {
        // Data that contains the templates' own words, so a reading that splits at the wrong place would show.
        let data = "a, b to 3 elements, found number: x"
        for code in DecodingDetail.Code.allCases {
            let detail = DecodingDetail(
                code,
                [
                    "line": .integer(2), "column": .integer(16), "count": .integer(7), "minimum": .integer(1),
                    "maximum": .integer(5), "limit": .integer(64), "size": .integer(2048),
                    "found": .kind(.number),
                    "value": [.expectedInteger, .belowMinimum, .aboveMaximum, .repairClamped].contains(code)
                        ? .number(2.5) : .data(data),
                    "name": .data(data), "type": .data(data), "choices": .data(data), "pattern": .data(data),
                    "cases": .data(data),
                    "tag": .data("type"), "character": .data("}"), "code": .data("1B"), "text": .data("1e999"),
                    "word": .data("true"), "path": .data("/sections/0 to 3"), "choice": .data(#""primary""#),
                ])
            let english = detail.description
            #expect(!english.contains("{"), "\(code): \(english)")
            let read = try #require(DecodingDetail(parsing: english), "\(code): \(english)")
            #expect(read.code == code, "\(english)")
            #expect(read.description == english)
        }
        #expect(DecodingDetail(parsing: "HTTP 500: the model crashed") == nil)
    }

    /// Every string in a screen document (the content, which is the user's data).
    static func texts(in value: Any) -> [String] {
        switch value {
        case let text as String: text.count > 1 ? [text] : []
        case let array as [Any]: array.flatMap(texts)
        case let object as [String: Any]: object.values.flatMap(texts)
        default: []
        }
    }
}
