import GenUI
import GenUIConfig
import GenUIRouter
import Testing

/// `runs:` on a provider and `boundary:` on a chain: where each provider runs (declared, or its type's default) and
/// how far a chain's requests may travel, with located errors for values that are neither.
@Suite("Provider locations and chain boundaries in providers.yml", .tags(.unit))
struct ProviderLocationConfigurationTests {
    @Test("each type's default location, and runs: overriding it")
    func defaults() throws {
        let text = """
            version: 1
            chains:
              private: { providers: [claude, compat, here, lan, box, turbo, remote, own], boundary: on-device }
            providers:
              claude: { type: anthropic, model: claude-haiku }
              compat: { type: openai, model: smol, base_url: "http://127.0.0.1:8080/v1", api_key_env: ~ }
              here: { type: ollama, model: "qwen2.5:0.5b" }
              lan: { type: ollama, model: "qwen2.5:0.5b", host: "http://192.168.1.20:11434" }
              box: { type: ollama, model: "qwen2.5:0.5b", host: "http://gpu-box.local:11434" }
              turbo: { type: ollama, model: "gpt-oss:120b-cloud" }
              remote: { type: ollama, model: "qwen2.5:0.5b", host: "https://ollama.example.com" }
              own: { type: openai, model: smol, base_url: "http://127.0.0.1:8081/v1", api_key_env: ~, runs: on-device }
            """
        let configuration = try ConfigurationLoader(environment: [:]).parse(text)
        let locations = configuration.providers.map(\.providerLocation)
        #expect(
            locations == [.cloud, .cloud, .onDevice, .localNetwork, .localNetwork, .cloud, .cloud, .onDevice])
        #expect(configuration.provider(named: "own")?.declaredLocation == .onDevice)
        #expect(configuration.provider(named: "compat")?.declaredLocation == nil)
        #expect(configuration.chain(named: "private")?.options.boundary == .onDevice)
        let chain = try #require(configuration.makeChain(named: "private"))
        #expect(chain.members.map(\.location) == locations)
        #expect(chain.options.boundary == .onDevice)
        let shown = configuration.provider(named: "lan")?.displayPairs(environment: [:]) ?? []
        #expect(shown.contains { $0.0 == "runs" && $0.1 == "local-network" })
    }

    @Test("a value that is no location is a located error with a suggestion, on a provider or a chain")
    func badValues() throws {
        let text = """
            version: 1
            chains:
              main: { providers: [local], boundary: on-devise }
            providers:
              local: { type: ollama, model: "qwen2.5:0.5b", runs: lan }
            """
        #expect {
            _ = try ConfigurationLoader(environment: [:]).parse(text)
        } throws: { error in
            guard let issues = (error as? ConfigurationError)?.issues else { return false }
            let boundary = issues.first { $0.keyPath == "chains.main.boundary" }
            let runs = issues.first { $0.keyPath == "providers.local.runs" }
            return boundary?.location.line == 3 && boundary?.suggestion == "on-device"
                && boundary?.message.contains("unknown location 'on-devise'") == true
                && runs?.location.line == 5 && runs?.message.contains("locations are") == true
        }
    }

    @Test("a chain member listed with options: temperature, max_tokens, reasoning and extra_body reach its ChainMember")
    func memberOptions() throws {
        let text = """
            version: 1
            chains:
              default:
                providers:
                  - big
                  - provider: mini
                    temperature: 0.2
                    max_tokens: 256
                    reasoning: light
                    extra_body: { top_k: 20, stop: ["\\n\\n"], safe_prompt: true, tag: "20", nothing: ~ }
            providers:
              big: { type: openai, model: big, base_url: "http://127.0.0.1:8080/v1", api_key_env: ~ }
              mini: { type: openai, model: mini, base_url: "http://127.0.0.1:8081/v1", api_key_env: ~ }
            """
        let configuration = try ConfigurationLoader(environment: [:]).parse(text)
        #expect(configuration.chain(named: "default")?.providers == ["big", "mini"])
        let chain = try #require(configuration.makeChain())
        #expect(chain.members[0].options.isEmpty)
        let options = chain.members[1].options
        #expect(options.temperature == 0.2)
        #expect(options.maximumResponseTokens == 256)
        #expect(options.reasoningLevel == .light)
        #expect(options.extraBody["top_k"] == GeneratedContent(kind: .number(20)))
        #expect(options.extraBody["stop"] == GeneratedContent(kind: .array([GeneratedContent(kind: .string("\n\n"))])))
        #expect(options.extraBody["safe_prompt"] == GeneratedContent(kind: .bool(true)))
        #expect(options.extraBody["tag"] == GeneratedContent(kind: .string("20")))
        #expect(options.extraBody["nothing"] == GeneratedContent(kind: .null))
    }

    @Test("a member's options that are wrong are located errors: a word for a number, an unknown level or key")
    func badMemberOptions() throws {
        let text = """
            version: 1
            chains:
              default:
                providers:
                  - provider: mini
                    temperature: hot
                    reasoning: deeep
                    top_p: 0.5
                    extra_body: [1, 2]
            providers:
              mini: { type: openai, model: mini, base_url: "http://127.0.0.1:8081/v1", api_key_env: ~ }
            """
        #expect {
            _ = try ConfigurationLoader(environment: [:]).parse(text)
        } throws: { error in
            guard let issues = (error as? ConfigurationError)?.issues else { return false }
            func issue(_ path: String) -> ConfigurationIssue? { issues.first { $0.keyPath == path } }
            return issue("chains.default[0].temperature")?.location.line == 6
                && issue("chains.default[0].temperature")?.message == "expected a number, found 'hot'"
                && issue("chains.default[0].reasoning")?.suggestion == "deep"
                && issue("chains.default[0].reasoning")?.location.line == 7
                && issues.contains { $0.location.line == 8 && $0.message.contains("top_p") }
                && issue("chains.default[0].extra_body")?.location.line == 9
        }
    }
}
