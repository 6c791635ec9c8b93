/// The configuration used when no file is found: the on-device model, then the scripted provider.
///
/// The `scripted` member is the CLI's last resort (`genui generate` and `genui doctor` name it as the provider that
/// served). An app's `SystemLanguageModel.default` (the `GenUIFoundationModels` product) builds this chain without
/// it: with no `providers.yml` an app gets the on-device model or an honest `unavailable`, never invented text.
///
/// The model path is under `${HOME}` of the loader's environment, so a loader given another environment (a test's
/// temporary home) looks there.
public enum BuiltInConfiguration {
    /// The built-in `providers.yml`.
    public static let text = """
        version: 1
        default_chain: default
        chains:
          default: [on-device, scripted]
        providers:
          on-device:
            type: llama.cpp
            model: ${HOME:-~}/.cache/genui/models/SmolLM2-135M-Instruct.Q4_1.gguf
            context: 4096
          scripted:
            type: scripted
        """

    /// The file `genui config init` writes: the built-in chain plus a local Ollama and the three cloud providers,
    /// the cloud ones disabled until their keys are set. Secrets are never written, only the variables' names.
    public static let starterText = """
        # genui's providers: which models it may use, and the chains that try them in order.
        # Secrets are never written here: only the names of the environment variables that hold them.
        # Reference: docs/configuration.md. Check this file with: genui config check --config <this file>
        version: 1
        default_chain: default

        chains:
          default:
            providers: [on-device, ollama, openai, anthropic, gemini, scripted]
            attempt_timeout: 60s      # the longest one provider may take before the next is tried
            deadline: 120s            # the longest the whole chain may take
            allow_unguided: false     # let providers without guided generation answer schema requests, repaired
            breaker: { failures: 3, of_last: 6, window: 30s, cooldown: 30s, max_cooldown: 300s }

        providers:
          # llama.cpp's llama-server, started by genui on demand (install: make runtime, or scripts/bootstrap).
          on-device:
            type: llama.cpp
            model: ~/.cache/genui/models/SmolLM2-135M-Instruct.Q4_1.gguf
            context: 4096
            idle_timeout: 5m

          # A local Ollama daemon; pull the model first (ollama pull qwen2.5:0.5b).
          ollama:
            type: ollama
            host: "${OLLAMA_HOST:-http://127.0.0.1:11434}"
            model: qwen2.5:0.5b

          # Cloud providers: set the key's variable, then change enabled to true.
          openai:
            type: openai
            base_url: https://api.openai.com/v1
            api_key_env: OPENAI_API_KEY
            model: gpt-4o-mini
            enabled: false
          anthropic:
            type: anthropic
            api_key_env: ANTHROPIC_API_KEY
            model: claude-3-5-haiku-latest
            enabled: false
          gemini:
            type: gemini
            api_key_env: GEMINI_API_KEY
            model: gemini-2.0-flash
            enabled: false

          # Always answers, from the schema alone: the last resort that keeps an app working offline.
          scripted:
            type: scripted

        """
}
