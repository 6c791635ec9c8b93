import Foundation
import GenUIConfig
import GenUITestSupport
import Testing

@Suite("providers.yml fuzzing", .tags(.unit))
struct ConfigurationFuzzTests {
    /// A small deterministic generator so a failure can be replayed from its seed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let seedText = """
        version: 1
        default_chain: default
        chains:
          default: [on-device, ollama, openai, scripted]
          cloud:
            providers: [openai, scripted]
            policy: { serverError: stop, refusal: next }
            breaker: { failures: 2, cooldown: 5s }
        providers:
          on-device: { type: llama.cpp, model: ~/m.gguf, context: 4096, model_size: 98 MB }
          ollama:    { type: ollama, host: "${OLLAMA_HOST:-http://127.0.0.1:11434}", model: qwen2.5:0.5b }
          openai:    { type: openai, base_url: https://api.openai.com/v1, api_key_env: OPENAI_API_KEY, model: gpt-4o-mini }
          claude:
            type: anthropic
            model: claude
            structured_output: tool
            requires: [guided-generation]
          scripted:  { type: scripted, seed: 7 }
        """

    static let tokens: [String] = [
        "{", "}", "[", "]", ":", ",", "-", " ", "\n", "\t", "\"", "'", "#", "&a", "*a", "!!str", "${", "}", "${X:-",
        "~", "null", "true", "0x1F", "1e999", "type", "providers", "chains", "llama.cpp", "- ", "? ", "|", ">", "%",
        "\u{0}", "é", "💥", String(repeating: "[", count: 10), "<<: *a",
    ]

    @Test("10,000 mutated configurations never crash the loader; every rejection is located")
    func fuzz() throws {
        let count = Int(ProcessInfo.processInfo.environment["GENUI_FUZZ_COUNT"] ?? "") ?? 10_000
        var generator = SplitMix(state: 0x6765_6E75_69)
        let loader = ConfigurationLoader(
            environment: ["OLLAMA_HOST": "http://127.0.0.1:1"], currentDirectory: "/", homeDirectory: "/")
        let seed = Array(Self.seedText.unicodeScalars)
        var accepted = 0
        var rejected = 0
        for _ in 0..<count {
            var scalars = seed
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let index = Int.random(in: 0...scalars.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where index < scalars.count:
                    scalars.remove(at: index)
                case 1:
                    let token = Self.tokens.randomElement(using: &generator) ?? " "
                    scalars.insert(contentsOf: token.unicodeScalars, at: index)
                case 2 where index < scalars.count:
                    let end = min(scalars.count, index + Int.random(in: 1...40, using: &generator))
                    let slice = Array(scalars[index..<end])
                    let target = Int.random(in: 0...scalars.count, using: &generator)
                    scalars.insert(contentsOf: slice, at: target)
                default:
                    if index < scalars.count,
                        let random = Unicode.Scalar(UInt32.random(in: 0x20...0x7E, using: &generator))
                    {
                        scalars[index] = random
                    }
                }
            }
            let text = String(String.UnicodeScalarView(scalars))
            do {
                _ = try loader.parse(text, file: "fuzz.yml")
                accepted += 1
            } catch {
                rejected += 1
                let issue = try #require(error.first)
                #expect(issue.location.line >= 1 && issue.location.column >= 1)
                #expect(issue.location.file == "fuzz.yml")
            }
        }
        #expect(accepted + rejected == count)
        #expect(rejected > 0)
    }
}
