import Foundation
import GenUI
import GenUIDiagnostics
import GenUIOnDevice

/// Settings of an on-device llama.cpp provider (`type: llama.cpp`).
public struct LlamaCppSettings: ProviderOptions {
    /// The GGUF model file (with `~` expanded, relative paths resolved against the configuration file's folder).
    public var model: String
    /// The `llama-server` program: a path or a name looked up on `PATH`; `nil` means `GENUI_LLAMA_SERVER`, then
    /// `llama-server` on `PATH`.
    public var binary: String?
    /// The context window in tokens.
    public var context: Int?
    /// CPU threads for generation.
    public var threads: Int?
    /// Stop the server after this long without requests.
    public var idleTimeout: Duration?
    /// The model's expected size in bytes (to tell a partial download from a complete file).
    public var modelSize: Int64?
    /// The multimodal projector GGUF (`mmproj`) that lets the model see images; resolved as `model` is.
    public var mmproj: String?

    public var modelName: String? { model }
    public var contextWindow: Int? { context }
    public var displayPairs: [(String, String)] {
        [("model", model)]
            + [
                binary.map { ("binary", $0) }, context.map { ("context", "\($0)") },
                threads.map { ("threads", "\($0)") },
                idleTimeout.map { ("idle_timeout", "\($0.seconds) s") }, modelSize.map { ("model_size", "\($0)") },
                mmproj.map { ("mmproj", $0) },
            ].compactMap { $0 }
    }
}

extension ProviderDefinition {
    /// `type: llama.cpp`: an on-device model served by a `llama-server` subprocess that genui starts on demand
    /// (`OnDeviceLanguageModel`).
    public static let llamaCpp = ProviderDefinition(
        type: ProviderType.llamaCpp.rawValue,
        keys: ["model", "binary", "context", "threads", "idle_timeout", "model_size", "mmproj"],
        remedies: "llama.cpp", aliases: ["llamacpp", "llama-cpp", "llama"]
    ) { fields -> LlamaCppSettings? in
        var settings = LlamaCppSettings(model: fields.filePath("model", required: true, bareNameIsFile: true) ?? "")
        settings.binary = fields.filePath("binary")
        settings.context = fields.integer("context", in: 128...10_000_000)
        settings.threads = fields.integer("threads", in: 1...1024)
        settings.idleTimeout = fields.duration("idle_timeout")
        settings.modelSize = fields.byteCount("model_size")
        settings.mmproj = fields.filePath("mmproj", bareNameIsFile: true)
        return settings
    } build: { llama, settings, context in
        var configuration = OnDeviceConfiguration(
            name: settings.name, modelPath: llama.model, serverPath: llama.binary,
            contextSize: llama.context ?? 4096, threads: llama.threads, declaredModelBytes: llama.modelSize)
        if let idle = llama.idleTimeout { configuration.idleShutdownSeconds = idle.seconds }
        configuration.multimodalProjectorPath = llama.mmproj
        if let timeout = settings.timeout { configuration.requestTimeoutSeconds = timeout.seconds }
        let locator = LlamaServerLocator(configuredPath: llama.binary, environment: context.environment)
        let failures = RuntimeFailureMemory(
            directory: RuntimeFailureMemory.defaultDirectory(environment: context.environment))
        return OnDeviceLanguageModel(
            configuration: configuration, locator: locator, failures: failures, logger: context.logger)
    } preflight: { llama, context in
        // The same search the on-device provider makes, reported the same way.
        let located = LlamaServerLocator(configuredPath: llama.binary, environment: context.environment).locate()
        var facts = [ProviderFact.llamaServer(located)]
        if case .missing(let looked) = located {
            let binary = looked.count == 1 ? looked[0] : LlamaServerLocator.programName
            return Preflight(facts: facts, reason: .runtimeMissing(binary: binary))
        }
        let exists = FileManager.default.fileExists(atPath: llama.model)
        facts.append(
            ProviderFact(
                kind: "path",
                LocalizedText(
                    exists ? "doctor.fact.modelPresent" : "doctor.fact.modelMissing", ["path": .verbatim(llama.model)]))
        )
        guard exists else { return Preflight(facts: facts, reason: .modelNotInstalled(name: llama.model)) }
        if let projector = llama.mmproj {
            let present = FileManager.default.fileExists(atPath: projector)
            facts.append(
                ProviderFact(
                    kind: "path",
                    LocalizedText(
                        present ? "doctor.fact.modelPresent" : "doctor.fact.modelMissing",
                        ["path": .verbatim(projector)])))
            if !present { return Preflight(facts: facts, reason: .modelNotInstalled(name: projector)) }
        }
        return Preflight(facts: facts, reason: nil)
    }
}
