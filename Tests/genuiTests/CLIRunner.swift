import Foundation
import Testing

/// Runs the built `genui` binary as a subprocess with a controlled environment.
enum CLI {
    /// The package root, found from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `.build/debug/genui`, built by `swift build` before the tests run.
    static var binary: URL { packageRoot.appendingPathComponent(".build/debug/genui") }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// An environment as on a fresh machine: no llama-server on PATH, no API keys, an empty home.
    static func freshEnvironment(home: String, extra: [String: String] = [:]) -> [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8"].merging(extra) { _, new in new }
    }

    /// A copy of the binary outside the checkout, so that it finds no project-local tools (`.tools/bin`) next to
    /// itself, as on a machine where nothing was installed.
    static let isolatedBinary: URL = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("genui-cli-bin-\(UUID().uuidString)")
        let copy = directory.appendingPathComponent("genui")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: binary, to: copy)
            return copy
        } catch {
            return binary
        }
    }()

    /// Runs the isolated binary in `directory` (default: the environment's HOME, never the checkout). With
    /// `fileSizeLimit`, a Python wrapper sets RLIMIT_FSIZE to that many bytes and then becomes the binary: a write
    /// past the limit fails with EFBIG, as a write to a full disk fails with ENOSPC.
    static func run(
        _ arguments: [String], environment: [String: String], directory: String? = nil, fileSizeLimit: Int? = nil
    ) throws -> Result {
        let process = Process()
        if let fileSizeLimit {
            let wrapper = """
                import os, resource, sys
                resource.setrlimit(resource.RLIMIT_FSIZE, (\(fileSizeLimit), \(fileSizeLimit)))
                os.execv(sys.argv[1], sys.argv[1:])
                """
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", wrapper, isolatedBinary.path] + arguments
        } else {
            process.executableURL = isolatedBinary
            process.arguments = arguments
        }
        process.environment = environment
        let workingDirectory = directory ?? environment["HOME"] ?? FileManager.default.temporaryDirectory.path
        process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        archive(arguments: arguments, stdout: outData, stderr: errData)
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Keeps every output in `GENUI_TEST_ARTIFACTS` (set by `scripts/run-tests`), which is scanned for secrets after
    /// the run.
    static func archive(arguments: [String], stdout: Data, stderr: Data) {
        guard let directory = ProcessInfo.processInfo.environment["GENUI_TEST_ARTIFACTS"] else { return }
        let stem = "genui-" + arguments.prefix(2).joined(separator: "-") + "-" + UUID().uuidString
        let base = URL(fileURLWithPath: directory)
        try? stdout.write(to: base.appendingPathComponent(stem + ".stdout"))
        try? stderr.write(to: base.appendingPathComponent(stem + ".stderr"))
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("genui-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Fails the test with a clear message when the binary has not been built.
    static func requireBinary() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path),
            "build the CLI first: swift build (expected \(binary.path))")
    }
}
