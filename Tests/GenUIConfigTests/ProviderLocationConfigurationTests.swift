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
}
