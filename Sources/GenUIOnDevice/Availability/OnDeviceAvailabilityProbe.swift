import GenUI

/// Decides the on-device provider's availability from files and the device alone: it never starts the server.
///
/// The checks run in the order a user fixes problems: turned off, runtime missing, wrong architecture, model missing
/// or still downloading (or no room for it), not a GGUF, a start of this binary with this model that failed in a way
/// that recurs (``RuntimeFailureMemory``), CPU or memory too small. A server that is still loading its
/// model is reported by ``OnDeviceLanguageModel`` on top of these.
public struct OnDeviceAvailabilityProbe: Sendable {
    /// The configuration checked.
    public let configuration: OnDeviceConfiguration
    /// How the server binary is found.
    public let locator: LlamaServerLocator
    /// The device's disk, memory and CPU.
    public let resources: DeviceResources
    /// Failed starts remembered from earlier processes; `nil` remembers none.
    public let failures: RuntimeFailureMemory?

    /// Creates a probe.
    public init(
        configuration: OnDeviceConfiguration, locator: LlamaServerLocator, resources: DeviceResources,
        failures: RuntimeFailureMemory? = nil
    ) {
        self.configuration = configuration
        self.locator = locator
        self.resources = resources
        self.failures = failures
    }

    /// Memory a context of `contextSize` tokens is assumed to need beyond the weights: a conservative 96 KiB of KV
    /// cache per token plus 256 MiB of compute buffers (real needs depend on the model's layers and heads).
    public static func contextMemoryBytes(contextSize: Int) -> Int64 {
        Int64(max(contextSize, 512)) * 96 * 1024 + 256 * 1024 * 1024
    }

    /// The availability the files and the device allow.
    public func check() -> Availability {
        guard configuration.isEnabled else { return .unavailable(.disabled) }
        let binary: String
        switch locator.locate() {
        case .missing(let looked):
            // A configured path (or GENUI_LLAMA_SERVER) is named as given; a failed search names the program.
            return .unavailable(.runtimeMissing(binary: looked.count == 1 ? looked[0] : LlamaServerLocator.programName))
        case .found(let path, _):
            binary = path
        }
        if let host = BinaryArchitecture.host, let built = BinaryArchitecture.of(executable: binary), built != host {
            return .unavailable(
                .deviceNotEligible(
                    detail: "\(binary) is built for \(built.rawValue) but this machine is \(host.rawValue)"))
        }
        let modelPath = configuration.resolvedModelPath
        let modelBytes: Int64
        switch Self.file(modelPath, declaredBytes: configuration.declaredModelBytes, resources: resources) {
        case .unusable(let reason): return .unavailable(reason)
        case .ready(let bytes): modelBytes = bytes
        }
        if let projector = configuration.resolvedMultimodalProjectorPath,
            case .unusable(let reason) = Self.file(projector, declaredBytes: nil, resources: resources)
        {
            return .unavailable(reason)
        }
        // A start of this very binary with this very model (or projector) that failed in a way that recurs (an
        // illegal instruction, a crash, a file it cannot load): the reason stands until either file changes.
        if let remembered = failures?.failure(binary: binary, model: modelPath) {
            return .unavailable(remembered.reason)
        }
        if let projector = configuration.resolvedMultimodalProjectorPath,
            let remembered = failures?.failure(binary: binary, model: projector, companions: [modelPath])
        {
            return .unavailable(remembered.reason)
        }
        if !configuration.requiredCPUFeatures.isEmpty, let features = resources.cpuFeatures() {
            let missing = configuration.requiredCPUFeatures.map { $0.lowercased() }.filter { !features.contains($0) }
            if !missing.isEmpty {
                return .unavailable(
                    .deviceNotEligible(
                        detail: "the CPU lacks \(missing.joined(separator: ", ")), which this llama-server build needs")
                )
            }
        }
        if let memory = resources.totalMemoryBytes() {
            let needed = modelBytes + Self.contextMemoryBytes(contextSize: configuration.contextSize)
            if memory < needed {
                return .unavailable(
                    .deviceNotEligible(
                        detail:
                            "\(Self.megabytes(memory)) MB of RAM is less than the \(Self.megabytes(needed)) MB the model (\(Self.megabytes(modelBytes)) MB) and a \(configuration.contextSize)-token context need"
                    ))
            }
        }
        return .available
    }

    static func megabytes(_ bytes: Int64) -> Int64 { (bytes + 512 * 1024) / (1024 * 1024) }

    /// Whether a model file can be loaded.
    enum FileState {
        /// Complete, with its size in bytes.
        case ready(Int64)
        /// Not usable, for this reason.
        case unusable(UnavailableReason)
    }

    /// The state of a model file (the model or its projector) at `path`: its size when it is complete, otherwise
    /// why it cannot be used — downloading, not installed (or no room to fetch it, when its size is declared), or
    /// not a GGUF.
    static func file(_ path: String, declaredBytes: Int64?, resources: DeviceResources) -> FileState {
        switch ModelFileInspector(path: path, declaredBytes: declaredBytes).inspect() {
        case .partial(let bytes, let progress, let file):
            return .unusable(
                .modelNotReady(progress: progress, detail: "\(file) is still downloading (\(bytes) bytes so far)"))
        case .downloading(let record, let bytes):
            return .unusable(.downloading(record.downloadProgress(bytes: bytes)))
        case .stalePartial(let record, _):
            // Nothing is fetching it: not installed, and the remedy resumes the same pull by its name.
            return .unusable(.modelNotInstalled(name: record.name))
        case .absent:
            if let required = declaredBytes, let free = resources.freeSpace(path), free.bytes < required {
                return .unusable(.lowStorage(requiredBytes: required, availableBytes: free.bytes, volume: free.volume))
            }
            return .unusable(.modelNotInstalled(name: path))
        case .invalid(let detail):
            return .unusable(.invalidModel(path: path, detail: detail))
        case .ready(let bytes):
            return .ready(bytes)
        }
    }
}
