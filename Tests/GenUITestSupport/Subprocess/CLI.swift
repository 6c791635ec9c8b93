import Foundation
import Testing

/// The built `genui` program, run as a subprocess the way the tests need it: from a copy outside the checkout, with a
/// chosen environment and working folder, its outputs kept for the secret scan.
public enum CLI {
    /// The built program: beside the test binary (the build folder `swift build` used), else `.build/debug/genui`.
    public static let binary: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("genui")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return TestEnvironment.packageRoot.appendingPathComponent(".build/debug/genui")
    }()

    /// Whether the program has been built.
    public static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: binary.path) }

    /// Fails the test with a clear message when the program has not been built.
    public static func requireBinary(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(
            isBuilt, "build the CLI first: swift build (expected \(binary.path))", sourceLocation: sourceLocation)
    }

    /// A copy of the program outside the checkout, so that it finds no project-local tools (`.tools/bin`) next to
    /// itself, as on a machine where nothing was installed.
    public static let isolatedBinary: URL = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "genui-cli-bin-\(UUID().uuidString)")
        let copy = directory.appendingPathComponent("genui")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: binary, to: copy)
            return copy
        } catch {
            return binary
        }
    }()

    /// An environment as on a fresh machine: no llama-server on PATH, no API keys, an empty home.
    public static func freshEnvironment(home: String, extra: [String: String] = [:]) -> [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8"].merging(extra) { _, new in new }
    }

    /// A temporary HOME whose `~/.config/genui/providers.yml` is the built-in chain with the scripted provider behind
    /// it: on-device is skipped (no runtime) and scripted serves. The built-in configuration alone has no member that
    /// can serve on a machine where nothing is installed.
    public static func homeWithScriptedChain() throws -> String {
        let home = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: home + "/.config/genui", withIntermediateDirectories: true)
        try """
        version: 1
        default_chain: default
        chains:
          default: [on-device, scripted]
        providers:
          on-device: { type: llama.cpp, model: ~/.cache/genui/models/SmolLM2-135M-Instruct.Q4_1.gguf, context: 4096 }
          scripted:  { type: scripted }

        """.write(toFile: home + "/.config/genui/providers.yml", atomically: true, encoding: .utf8)
        return home
    }

    /// The tests' own environment with `changes` made: a value sets a variable, `nil` removes it.
    public static func inheritedEnvironment(_ changes: [String: String?]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in changes { environment[name] = value }
        return environment
    }

    /// The isolated program with `arguments`, set up but not started (see
    /// ``makeProcess(_:_:environment:directory:fileSizeLimit:)``), in `directory` (default: the environment's HOME,
    /// never the checkout): for a test that watches, signals or waits for it.
    public static func process(
        _ arguments: [String], environment: [String: String], directory: String? = nil, fileSizeLimit: Int? = nil
    ) -> Process {
        makeProcess(
            isolatedBinary.path, arguments, environment: environment,
            directory: workingDirectory(directory, environment),
            fileSizeLimit: fileSizeLimit)
    }

    /// Runs the isolated program to its end in `directory` (default: the environment's HOME, never the checkout),
    /// with `stdin` as its input and, with `fileSizeLimit`, RLIMIT_FSIZE set (see
    /// ``makeProcess(_:_:environment:directory:fileSizeLimit:)``). With a `timeout` (seconds), a run still going then
    /// is stopped and its result says so. Every output is kept for the secret scan
    /// (``archive(arguments:stdout:stderr:)``).
    public static func run(
        _ arguments: [String], environment: [String: String], directory: String? = nil, stdin: ProcessInput? = nil,
        timeout: TimeInterval? = nil, fileSizeLimit: Int? = nil
    ) throws -> ProcessResult {
        let result = try runProcess(
            isolatedBinary.path, arguments, stdin: stdin, timeout: timeout, environment: environment,
            directory: workingDirectory(directory, environment), fileSizeLimit: fileSizeLimit)
        archive(arguments: arguments, stdout: Data(result.stdout.utf8), stderr: Data(result.stderr.utf8))
        return result
    }

    /// Keeps an output in `GENUI_TEST_ARTIFACTS` (set by `scripts/run-tests`), which is scanned for secrets after
    /// the run.
    public static func archive(arguments: [String], stdout: Data, stderr: Data) {
        guard let directory = ProcessInfo.processInfo.environment["GENUI_TEST_ARTIFACTS"] else { return }
        let named = arguments.prefix(2).joined(separator: "-").replacingOccurrences(of: "/", with: "_").prefix(80)
        let stem = "genui-" + named + "-" + UUID().uuidString
        let base = URL(fileURLWithPath: directory)
        try? stdout.write(to: base.appendingPathComponent(stem + ".stdout"))
        try? stderr.write(to: base.appendingPathComponent(stem + ".stderr"))
    }

    /// A fresh temporary directory.
    public static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("genui-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private static func workingDirectory(_ directory: String?, _ environment: [String: String]) -> String {
        directory ?? environment["HOME"] ?? FileManager.default.temporaryDirectory.path
    }
}
