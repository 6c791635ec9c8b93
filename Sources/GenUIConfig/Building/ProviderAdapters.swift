import GenUI

// The one place where provider modules meet the configuration: one adapter per provider type, turning validated
// settings into that module's `LanguageModel`. Until a module is merged, its adapter builds a
// `PendingProviderModel`, which reports the most specific reason local checks find (runtime missing, model file
// absent, API key unset) and otherwise that the module is missing.

extension ProviderRegistry {
    /// Registers every built-in provider type.
    mutating func registerBuiltInAdapters() {
        registerScripted()
        registerLlamaCpp()
        registerOllama()
        registerOpenAI()
        registerAnthropic()
        registerGemini()
    }

    /// `type: scripted` → ``ScriptedLanguageModel``.
    mutating func registerScripted() {
        register(.scripted) { settings, _ in
            guard case .scripted(let scripted) = settings.kind else { throw AdapterMismatch(settings: settings) }
            return ScriptedLanguageModel(name: settings.name, seed: scripted.seed)
        }
    }

    /// `type: llama.cpp` → the GenUIOnDevice provider.
    mutating func registerLlamaCpp() {
        // TODO(merge GenUIOnDevice): build the llama-server provider from `LlamaCppSettings` (model, binary or
        // RuntimeLocator.find, context, threads, idle_timeout, model_size; settings.timeout) and return it.
        register(.llamaCpp) { settings, context in
            PendingProviderModel(settings: settings, context: context, missing: "GenUIOnDevice")
        }
    }

    /// `type: ollama` → the GenUIOllama provider.
    mutating func registerOllama() {
        // TODO(merge GenUIOllama): build the Ollama provider from `OllamaSettings` (host, model, keep_alive,
        // num_ctx; settings.timeout) and return it.
        register(.ollama) { settings, context in
            PendingProviderModel(settings: settings, context: context, missing: "GenUIOllama")
        }
    }

    /// `type: openai` → the GenUIOpenAI provider.
    mutating func registerOpenAI() {
        // TODO(merge GenUIOpenAI): build the OpenAI-compatible provider from `OpenAISettings` (base_url, model,
        // the key read from context.environment[apiKeyEnv], allow_insecure; settings.timeout) and return it.
        register(.openai) { settings, context in
            PendingProviderModel(settings: settings, context: context, missing: "GenUIOpenAI")
        }
    }

    /// `type: anthropic` → the GenUIAnthropic provider.
    mutating func registerAnthropic() {
        // TODO(merge GenUIAnthropic): build the Anthropic provider from `AnthropicSettings` (base_url, model, the key
        // read from context.environment[apiKeyEnv], structured_output native|tool; settings.timeout) and return it.
        register(.anthropic) { settings, context in
            PendingProviderModel(settings: settings, context: context, missing: "GenUIAnthropic")
        }
    }

    /// `type: gemini` → the GenUIGemini provider.
    mutating func registerGemini() {
        // TODO(merge GenUIGemini): build the Gemini provider from `GeminiSettings` (base_url, model, the key read
        // from context.environment[apiKeyEnv]; settings.timeout) and return it.
        register(.gemini) { settings, context in
            PendingProviderModel(settings: settings, context: context, missing: "GenUIGemini")
        }
    }
}

/// A builder was handed settings of another type (a registration mistake).
struct AdapterMismatch: Error, CustomStringConvertible {
    let settings: ProviderSettings
    var description: String { "settings of \(settings.name) are not \(settings.type.rawValue) settings" }
}
