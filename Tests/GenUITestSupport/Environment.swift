import Foundation

/// Facts about the machine the tests run on.
public enum TestEnvironment {
    /// `true` under CI, where a missing tool is a failure instead of a skip.
    public static let isCI = ["true", "1", "yes"].contains((ProcessInfo.processInfo.environment["CI"] ?? "").lowercased())

    /// The package's root directory.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder holding the official A2UI v0.9 schemas and example stream, when `GENUI_A2UI_SCHEMAS` names one.
    ///
    /// They are not part of the repository: tests that need them run when the variable points at them (`.ci/run` sets
    /// it when the specification sits beside the clone) and are skipped, saying so, otherwise.
    public static let a2uiSchemas: URL? = {
        guard let path = ProcessInfo.processInfo.environment["GENUI_A2UI_SCHEMAS"], !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path)
    }()

    /// The official A2UI v0.9 example stream (`contact_form_example.jsonl`), when ``a2uiSchemas`` holds it.
    public static let a2uiOfficialExample: URL? = {
        guard let file = a2uiSchemas?.appendingPathComponent("contact_form_example.jsonl"),
            FileManager.default.fileExists(atPath: file.path)
        else { return nil }
        return file
    }()

    /// The full path of `tool` on PATH, if it is there.
    public static func executable(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// The result of a finished subprocess.
public struct ProcessResult: Sendable {
    /// The exit status.
    public var status: Int32
    /// Everything written to stdout.
    public var stdout: String
    /// Everything written to stderr.
    public var stderr: String
}

/// Runs a real subprocess with optional stdin, killing it after `timeout` seconds.
public func runProcess(
    _ executable: String, _ arguments: [String], stdin: String? = nil, timeout: TimeInterval = 120,
    environment: [String: String]? = nil
) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let outPipe = Pipe(), errPipe = Pipe(), inPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    process.standardInput = inPipe
    try process.run()
    let timer = DispatchSource.makeTimerSource()
    timer.schedule(deadline: .now() + timeout)
    timer.setEventHandler { if process.isRunning { process.terminate() } }
    timer.resume()
    // Read both pipes concurrently so neither fills up and blocks the child.
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errData = errPipe.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    if let stdin { inPipe.fileHandleForWriting.write(Data(stdin.utf8)) }
    try? inPipe.fileHandleForWriting.close()
    let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    timer.cancel()
    return ProcessResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}
