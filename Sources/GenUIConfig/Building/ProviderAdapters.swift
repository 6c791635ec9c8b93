import Foundation
import GenUI
import GenUIAnthropic
import GenUIGemini
import GenUIOnDevice
import GenUIOllama
import GenUIOpenAI

// The one place where provider modules meet the configuration: one adapter per provider type, turning validated
// settings into that module's `RoutableModel`.

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

    /// `type: llama.cpp` → ``OnDeviceModel`` (llama-server as a managed subprocess).
    mutating func registerLlamaCpp() {
        register(.llamaCpp) { settings, context in
            guard case .llamaCpp(let llama) = settings.kind else { throw AdapterMismatch(settings: settings) }
            var configuration = OnDeviceConfiguration(
                name: settings.name, modelPath: llama.model, serverPath: llama.binary,
                contextSize: llama.context ?? 4096, threads: llama.threads,
                declaredModelBytes: llama.modelSize)
            if let idle = llama.idleTimeout { configuration.idleShutdownSeconds = idle.seconds }
            if let timeout = settings.timeout { configuration.requestTimeoutSeconds = timeout.seconds }
            let locator = LlamaServerLocator(configuredPath: llama.binary, environment: context.environment)
            return OnDeviceModel(configuration: configuration, locator: locator, logger: context.logger)
        }
    }

    /// `type: ollama` → ``OllamaProvider``.
    mutating func registerOllama() {
        register(.ollama) { settings, context in
            guard case .ollama(let ollama) = settings.kind else { throw AdapterMismatch(settings: settings) }
            return try Self.fleet(settings, url: ollama.host, urlKey: "host") { host, display in
                var configuration = OllamaConfiguration(
                    name: settings.name, host: host, model: ollama.model, keepAlive: ollama.keepAlive,
                    contextLength: ollama.numCtx)
                configuration.displayBaseURL = display
                if let timeout = settings.timeout { configuration.requestTimeout = timeout }
                return OllamaProvider(
                    configuration: configuration, environment: .values(context.environment), logger: context.logger)
            }
        }
    }

    /// `type: openai` → ``OpenAIProvider`` (any OpenAI-compatible server).
    mutating func registerOpenAI() {
        register(.openai) { settings, context in
            guard case .openai(let openai) = settings.kind else { throw AdapterMismatch(settings: settings) }
            let key = openai.apiKeyEnv.flatMap { context.environment[$0] }
            let slots = { (url: String) in URL(string: url).map { LlamaServerSlots.reader(baseURL: $0, apiKey: key, allowInsecure: openai.allowInsecure) } }
            return try Self.fleet(settings, url: openai.baseURL, urlKey: "base_url", slots: slots) { baseURL, display in
                var configuration = OpenAIConfiguration(
                    name: settings.name, baseURL: try Self.url(baseURL, settings), model: openai.model,
                    apiKeyEnvironmentVariable: openai.apiKeyEnv, allowInsecure: openai.allowInsecure)
                configuration.displayBaseURL = display
                configuration.contextSize = openai.context
                if let timeout = settings.timeout { configuration.requestTimeout = timeout }
                return OpenAIProvider(
                    configuration: configuration, environment: .values(context.environment), logger: context.logger)
            }
        }
    }

    /// `type: anthropic` → ``AnthropicProvider``. `structured_output: native` uses `output_config.format` (and
    /// retries once with a forced tool if the server rejects it); `tool` always forces one tool.
    mutating func registerAnthropic() {
        register(.anthropic) { settings, context in
            guard case .anthropic(let anthropic) = settings.kind else { throw AdapterMismatch(settings: settings) }
            var configuration = AnthropicConfiguration(
                name: settings.name, baseURL: try Self.url(anthropic.baseURL, settings), model: anthropic.model,
                apiKeyEnvironmentVariable: anthropic.apiKeyEnv,
                structuredOutput: anthropic.structuredOutput == .tool ? .forcedTool : .automatic)
            configuration.contextSize = anthropic.context
            configuration.displayBaseURL = settings.displayValues["base_url"]
            if let timeout = settings.timeout { configuration.requestTimeout = timeout }
            return AnthropicProvider(
                configuration: configuration, environment: .values(context.environment), logger: context.logger)
        }
    }

    /// `type: gemini` → ``GeminiProvider``.
    mutating func registerGemini() {
        register(.gemini) { settings, context in
            guard case .gemini(let gemini) = settings.kind else { throw AdapterMismatch(settings: settings) }
            var configuration = GeminiConfiguration(
                name: settings.name, baseURL: try Self.url(gemini.baseURL, settings), model: gemini.model,
                apiKeyEnvironmentVariable: gemini.apiKeyEnv)
            configuration.contextSize = gemini.context
            configuration.displayBaseURL = settings.displayValues["base_url"]
            if let timeout = settings.timeout { configuration.requestTimeout = timeout }
            return GeminiProvider(
                configuration: configuration, environment: .values(context.environment), logger: context.logger)
        }
    }

    /// The URL of a `base_url` setting (validated when the file was parsed).
    static func url(_ text: String, _ settings: ProviderSettings) throws -> URL {
        guard let url = URL(string: text), url.scheme != nil else { throw InvalidBaseURL(settings: settings, text: text) }
        return url
    }
}

/// A `base_url` that is not a URL (the parser rejects these; this guards programmatic settings).
struct InvalidBaseURL: Error, CustomStringConvertible {
    let settings: ProviderSettings
    let text: String
    var description: String { "base_url '\(DisplayURL.masked(text))' of provider \(settings.name) is not a URL" }
}

/// A builder was handed settings of another type (a registration mistake).
struct AdapterMismatch: Error, CustomStringConvertible {
    let settings: ProviderSettings
    var description: String { "settings of \(settings.name) are not \(settings.type.rawValue) settings" }
}
