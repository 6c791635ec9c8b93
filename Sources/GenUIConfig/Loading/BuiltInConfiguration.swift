/// The configuration used when no file is found: the on-device model alone.
///
/// No scripted provider stands behind it: the scripted model answers from the schema alone, with invented text, and
/// is a testing tool. With no `providers.yml`, `genui generate` shows the on-device model's screen or explains, in the
/// user's language, why it could not serve; an app's `SystemLanguageModel.default` (the `GenUIFoundationModels`
/// product) gets the on-device model or an honest `unavailable`.
///
/// The model path is under `${HOME}` of the loader's environment, so a loader given another environment (a test's
/// temporary home) looks there.
public enum BuiltInConfiguration {
    /// The built-in `providers.yml`.
    public static let text = """
        version: 1
        default_chain: default
        chains:
          default: [on-device]
        providers:
          on-device:
            type: llama.cpp
            model: ${HOME:-~}/.cache/genui/models/SmolLM2-135M-Instruct.Q4_1.gguf
            context: 4096
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
            providers: [on-device, ollama, openai, anthropic, gemini]
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

          # A testing tool, in no chain: it answers from the schema alone, with invented text. Put it in a chain of
          # your tests (chains: { test: [scripted] }), never in front of users.
          scripted:
            type: scripted

        """
}
