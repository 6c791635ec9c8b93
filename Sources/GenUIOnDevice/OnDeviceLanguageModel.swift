import Foundation
import GenUI
import GenUIHTTP
import Logging

/// genui's embedded default: a GGUF model run by llama.cpp's `llama-server`, managed as a subprocess.
///
/// The server starts on the first request (or on ``prewarm(promptPrefix:)``), listens on a free loopback port, is
/// shared by all requests and stops after ``OnDeviceConfiguration/idleShutdownSeconds`` without requests, on
/// ``shutdown()``, and whenever this process ends — exit, SIGINT, SIGTERM, or (on Linux) even SIGKILL. Guided
/// generation sends genui's own bounded grammar (``GrammarCompiler``) and validates every output against the schema.
///
/// Copies of a model share one server. Its executor, ``OnDeviceExecutor``, runs the turns.
public struct OnDeviceLanguageModel: RoutableModel {
    /// The executor that runs turns on the managed server.
    public typealias Executor = OnDeviceExecutor

    /// The configuration the model was created with.
    public let configuration: OnDeviceConfiguration
    /// The availability checks, which never start the server.
    public let probe: OnDeviceAvailabilityProbe
    let server: LlamaServer

    /// Creates a model. `resources` and `locator` default to the real device and the standard search; `failures`
    /// to the memory of failed starts in `~/.cache/genui/runtime` (``RuntimeFailureMemory``); `logger` receives the
    /// managed server's start and stop (info), its failures (warning, error) and a debug line per HTTP request to it
    /// (discarded by default; see docs/observability.md).
    public init(
        configuration: OnDeviceConfiguration = OnDeviceConfiguration(),
        resources: DeviceResources = .current,
        locator: LlamaServerLocator? = nil,
        failures: RuntimeFailureMemory? = RuntimeFailureMemory(directory: RuntimeFailureMemory.defaultDirectory()),
        logger: Logger = ProviderInstrumentation.disabledLogger
    ) {
        let locator = locator ?? LlamaServerLocator(configuredPath: configuration.serverPath)
        self.configuration = configuration
        self.probe = OnDeviceAvailabilityProbe(
            configuration: configuration, locator: locator, resources: resources, failures: failures)
        // Every model shares the process-wide client (one URLSession for the process); each request carries its own
        // timeouts.
        self.server = LlamaServer(
            configuration: configuration, locator: locator, failures: failures, client: .shared, logger: logger)
    }

    public var name: String { configuration.name }

    /// The model file's name without `.gguf` (``OnDeviceConfiguration/modelName``), as responses report it.
    public var requestedModelName: String? { configuration.modelName }

    /// Files, device and server phase: `modelNotReady` while the managed server is loading the model. Never starts
    /// the server; takes well under 50 ms.
    public var availability: Availability {
        get async {
            let files = probe.check()
            guard files.isAvailable else { return files }
            if server.status.phase == .loading {
                return .unavailable(.modelNotReady(progress: nil, detail: "llama-server is loading the model"))
            }
            return .available
        }
    }

    /// Guided generation, tool calling (through genui's grammar, whatever the model's chat template knows), streaming,
    /// seeded sampling and token counting (`/tokenize`); and vision when a multimodal projector is configured
    /// (``OnDeviceConfiguration/multimodalProjectorPath``) and the running server's `/props` does not say it cannot
    /// see. Without a projector a request with an image goes to a member of the chain that can send it. Never starts
    /// the server to find out.
    public var supportedCapabilities: Set<LanguageModelCapability> {
        get async {
            var capabilities: Set<LanguageModelCapability> = [
                .guidedGeneration, .toolCalling, .streaming, .seededSampling, .tokenCounting,
            ]
            if canSee { capabilities.insert(.vision) }
            return capabilities
        }
    }

    /// What the model declares it can do without asking its server: guided generation and tool calling, and vision
    /// when a multimodal projector is configured.
    public var capabilities: LanguageModelCapabilities {
        var declared: [LanguageModelCapability] = [.guidedGeneration, .toolCalling]
        if configuration.multimodalProjectorPath != nil { declared.append(.vision) }
        return LanguageModelCapabilities(declared)
    }

    /// Whether images can be sent: a projector is configured and the server, once it has answered `/props`, said it
    /// can see.
    var canSee: Bool {
        configuration.multimodalProjectorPath != nil && server.status.properties?.supportsVision != false
    }

    /// Starts the server (and loads the model) so the first request is fast. A `promptPrefix` (the instructions
    /// later requests start with) is evaluated as the start of a system prompt, so llama-server's prompt cache holds
    /// it. Failures are left for the first request to report.
    public func prewarm(promptPrefix: String?) async {
        guard probe.check().isAvailable else { return }
        guard (try? await server.start()) != nil, let promptPrefix, !promptPrefix.isEmpty else { return }
        try? await cachePrefix(promptPrefix)
    }

    /// Starts the runtime for real when its availability rests on a failure remembered from an earlier start, and
    /// returns the availability that start leaves: `available` when it served (the record is removed), the failure
    /// again (recorded anew) when it did not. Any other availability is returned as it is, without a start.
    public func proveRuntime() async -> Availability {
        let before = probe.check()
        guard case .unavailable = before, let failures = probe.failures,
            case .found(let binary, _) = probe.locator.locate(),
            failures.failure(binary: binary, model: configuration.resolvedModelPath) != nil
        else { return before }
        failures.forget(binary: binary, model: configuration.resolvedModelPath)
        if let projector = configuration.resolvedMultimodalProjectorPath {
            failures.forget(binary: binary, model: projector, companions: [configuration.resolvedModelPath])
        }
        do {
            try await server.start()
        } catch let error as GenUIError {
            if case .unavailable(let reason, _) = error { return .unavailable(reason) }
            return probe.check()
        } catch {
            return probe.check()
        }
        return await availability
    }

    /// Stops the server now and waits until its process group is gone. A later request starts it again.
    public func shutdown() async {
        await server.shutdown()
    }

    /// The running server's process id (also its process group id), or `nil` when it is not running.
    public var serverProcessID: Int32? {
        get async { await server.pid }
    }

    /// The server's last log lines (up to 50 are kept).
    public var serverLog: String {
        get async { await server.logTail }
    }
}
