import Foundation
import Testing

/// Where tests find llama-server and the test model: `GENUI_LLAMA_SERVER` and `GENUI_TEST_MODEL` (set by
/// `make test`), else the paths scripts/bootstrap installs to. Under CI a missing runtime fails the tests that need
/// it; elsewhere they are skipped with a message.
public enum OnDeviceRuntime {
    static let environment = ProcessInfo.processInfo.environment

    /// The llama-server program.
    public static let serverPath =
        environment["GENUI_LLAMA_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
        ?? TestEnvironment.packageRoot.appendingPathComponent(".tools/bin/llama-server").path

    /// The GGUF model (SmolLM2-135M-Instruct Q4_1).
    public static let modelPath =
        environment["GENUI_TEST_MODEL"].flatMap { $0.isEmpty ? nil : $0 }
        ?? FileManager.default.homeDirectoryForCurrentUser
        .appendingPathComponent(".cache/genui/models/SmolLM2-135M-Instruct.Q4_1.gguf").path

    /// Whether both are here.
    public static let installed =
        FileManager.default.isExecutableFile(atPath: serverPath)
        && FileManager.default.fileExists(atPath: modelPath)

    /// Whether tests that need the runtime run: when it is installed, and always under CI.
    public static let enabled = installed || TestEnvironment.isCI

    /// Fails the test (the reason a CI run fails) when the runtime is missing.
    public static func require(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(
            installed, "llama-server or the model is missing (\(serverPath), \(modelPath)); run scripts/bootstrap",
            sourceLocation: sourceLocation)
    }
}
