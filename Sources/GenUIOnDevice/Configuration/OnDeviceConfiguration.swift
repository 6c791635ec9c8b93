import Foundation

/// How an ``OnDeviceLanguageModel`` finds, starts and drives its `llama-server`.
///
/// Every field has a default that suits the embedded SmolLM2 model; `providers.yml` sets them per provider.
public struct OnDeviceConfiguration: Sendable, Hashable {
    /// How guided generation constrains decoding.
    public enum GrammarMode: String, Sendable, Hashable, Codable {
        /// genui's own whitespace-free, bounded GBNF grammar compiled from the schema (the default).
        case compiled
        /// llama.cpp's stock conversion of the schema's JSON Schema (`json_schema`); kept for comparisons.
        case stockJSONSchema
    }

    /// The provider's name (as in `providers.yml`).
    public var name: String
    /// The GGUF model file. A leading `~` is expanded.
    public var modelPath: String
    /// An explicit `llama-server` binary; `nil` searches `GENUI_LLAMA_SERVER`, the project tools folder and `PATH`.
    public var serverPath: String?
    /// The context size in tokens (`-c`); 0 uses the model's own.
    public var contextSize: Int
    /// CPU threads (`-t`); `nil` runs ``defaultThreads``.
    public var threads: Int?

    /// The threads llama-server runs with when ``threads`` is not set: half this machine's active cores, at least one.
    /// llama-server's own choice is one per core, whose threads all wait at every step for any that is not
    /// scheduled: on a 2-core machine kept busy by other processes SmolLM2-135M generated 13–23 tokens/s with one
    /// thread against 0.5–1.7 with two, and on the same machine idle one thread ran at 0.98× the speed of two
    /// (docs/on-device.md, "Threads"). Half the cores is llama.cpp's own choice on machines with two hardware threads
    /// per core, and leaves the others to the app elsewhere.
    public static var defaultThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount / 2) }

    /// The threads llama-server is started with: ``threads``, or ``defaultThreads``.
    public var effectiveThreads: Int { threads ?? Self.defaultThreads }
    /// Seconds without requests after which the server is stopped; `nil` keeps it running until the process ends.
    public var idleShutdownSeconds: Double?
    /// How long the server may take to start and load the model, in seconds.
    public var startTimeoutSeconds: Double
    /// How long one request may take, in seconds.
    public var requestTimeoutSeconds: Double
    /// `false` turns the provider off (availability reports `disabled`).
    public var isEnabled: Bool
    /// The model file's full size in bytes, when known: a smaller file is a partial download, and it is the space
    /// needed when the model is absent.
    public var declaredModelBytes: Int64?
    /// CPU instruction sets the installed build needs (names as in `/proc/cpuinfo` flags, e.g. `avx2`). A native
    /// build cannot be inspected cheaply, so these are declared; the binary's architecture is always checked.
    public var requiredCPUFeatures: [String]
    /// How guided generation constrains decoding.
    public var grammarMode: GrammarMode
    /// The longest string the compiled grammar allows when the schema gives no maximum length.
    public var defaultMaximumStringLength: Int
    /// The most array elements the compiled grammar allows when the schema gives no maximum count.
    public var defaultMaximumArrayCount: Int
    /// The fixed seed sent with greedy sampling, so greedy output is reproducible. Random sampling without a seed
    /// of its own is left unseeded.
    public var greedySeed: UInt64
    /// Extra command-line arguments passed to llama-server after genui's own.
    public var extraArguments: [String]
    /// llama.cpp's repetition samplers (repeat penalty, DRY), sent with every request; all off by default.
    public var repetition = RepetitionControls()
    /// The multimodal projector (`mmproj`) GGUF that lets the model see images, passed to llama-server as
    /// `--mmproj`; `nil` (the default) serves text only. A leading `~` is expanded. The provider declares vision only
    /// with a projector, and once the server runs, only when its `/props` says it can see.
    public var multimodalProjectorPath: String?
    /// Whether each request first puts its instructions into llama-server's slot and then reuses them (the prompt
    /// cache, greedy requests included), so only the conversation after them is evaluated. `false` evaluates every
    /// greedy prompt whole, as genui did before; both are deterministic.
    public var reusesInstructions = true

    /// Creates a configuration.
    public init(
        name: String = "on-device",
        modelPath: String = OnDeviceConfiguration.defaultModelPath,
        serverPath: String? = nil,
        contextSize: Int = 4096,
        threads: Int? = nil,
        idleShutdownSeconds: Double? = 300,
        startTimeoutSeconds: Double = 60,
        requestTimeoutSeconds: Double = 120,
        isEnabled: Bool = true,
        declaredModelBytes: Int64? = nil,
        requiredCPUFeatures: [String] = [],
        grammarMode: GrammarMode = .compiled,
        defaultMaximumStringLength: Int = 64,
        defaultMaximumArrayCount: Int = 6,
        greedySeed: UInt64 = 42,
        extraArguments: [String] = []
    ) {
        self.name = name
        self.modelPath = modelPath
        self.serverPath = serverPath
        self.contextSize = contextSize
        self.threads = threads
        self.idleShutdownSeconds = idleShutdownSeconds
        self.startTimeoutSeconds = startTimeoutSeconds
        self.requestTimeoutSeconds = requestTimeoutSeconds
        self.isEnabled = isEnabled
        self.declaredModelBytes = declaredModelBytes
        self.requiredCPUFeatures = requiredCPUFeatures
        self.grammarMode = grammarMode
        self.defaultMaximumStringLength = defaultMaximumStringLength
        self.defaultMaximumArrayCount = defaultMaximumArrayCount
        self.greedySeed = greedySeed
        self.extraArguments = extraArguments
    }

    /// The embedded default model: SmolLM2-135M-Instruct in genui's model cache.
    public static let defaultModelPath = "~/.cache/genui/models/SmolLM2-135M-Instruct.Q4_1.gguf"

    /// The model path with `~` expanded.
    public var resolvedModelPath: String { Self.expandTilde(modelPath) }

    /// The multimodal projector's path with `~` expanded; `nil` without one.
    public var resolvedMultimodalProjectorPath: String? { multimodalProjectorPath.map(Self.expandTilde) }

    /// The model's file name without directories and without the `.gguf` extension, as shown to users.
    public var modelName: String {
        let file = (resolvedModelPath as NSString).lastPathComponent
        return file.hasSuffix(".gguf") ? String(file.dropLast(5)) : file
    }

    static func expandTilde(_ path: String) -> String {
        guard path.hasPrefix("~") else { return path }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst() }
        return path
    }
}
