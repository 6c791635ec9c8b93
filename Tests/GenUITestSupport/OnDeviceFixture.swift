import GenUIOnDevice
import Testing

/// Where the integration tests find llama-server and the model: GenUITestSupport's one lookup (``OnDeviceRuntime``).
public enum OnDeviceFixture {
    /// The llama-server the on-device tests run.
    public static var serverPath: String { OnDeviceRuntime.serverPath }
    /// The model the on-device tests load.
    public static var modelPath: String { OnDeviceRuntime.modelPath }
    /// Whether the tests run under CI.
    public static var isCI: Bool { TestEnvironment.isCI }
    /// Whether llama-server and the model are both installed.
    public static var runtimeInstalled: Bool { OnDeviceRuntime.installed }

    /// Integration tests run when the runtime is installed, and always under CI (where a missing runtime must fail).
    public static var shouldRun: Bool { OnDeviceRuntime.enabled }

    /// The runtime's paths; records a failure (under CI the reason the run fails) when they are missing.
    public static func requireRuntime(sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        server: String, model: String
    ) {
        try OnDeviceRuntime.require(sourceLocation: sourceLocation)
        return (serverPath, modelPath)
    }

    /// An on-device configuration for the installed runtime: a 2,048-token context, one thread, two-minute start and
    /// request limits.
    public static func configuration(
        name: String = "on-device-test", grammarMode: OnDeviceConfiguration.GrammarMode = .compiled,
        idleShutdownSeconds: Double? = nil
    ) throws -> OnDeviceConfiguration {
        let runtime = try requireRuntime()
        return OnDeviceConfiguration(
            name: name, modelPath: runtime.model, serverPath: runtime.server, contextSize: 2048, threads: 1,
            idleShutdownSeconds: idleShutdownSeconds, startTimeoutSeconds: 120, requestTimeoutSeconds: 120,
            grammarMode: grammarMode)
    }
}
