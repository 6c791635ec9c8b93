import Foundation
import Synchronization

/// A subprocess set up but not started: `executable` with `arguments`, in `directory` (`nil`: the tests' own), with
/// `environment` (`nil`: the tests' own), reading nothing on stdin and writing nowhere until the caller says
/// otherwise. With `fileSizeLimit`, a Python wrapper sets RLIMIT_FSIZE to that many bytes and then becomes the
/// program: a write past the limit fails with EFBIG, as a write to a full disk fails with ENOSPC.
///
/// For a test that watches, signals or waits for the process itself;
/// ``runProcess(_:_:stdin:timeout:environment:directory:fileSizeLimit:)`` runs one to its end.
public func makeProcess(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
    fileSizeLimit: Int? = nil
) -> Process {
    let process = Process()
    if let fileSizeLimit {
        let wrapper = """
            import os, resource, sys
            resource.setrlimit(resource.RLIMIT_FSIZE, (\(fileSizeLimit), \(fileSizeLimit)))
            os.execv(sys.argv[1], sys.argv[1:])
            """
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", wrapper, executable] + arguments
    } else {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
    }
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    return process
}

/// Runs a real subprocess to its end (see ``makeProcess(_:_:environment:directory:fileSizeLimit:)``) with `stdin`
/// as its input (none: an empty input) and returns what it wrote. With a `timeout` (seconds), a process still
/// running then is terminated and its result says so.
public func runProcess(
    _ executable: String, _ arguments: [String], stdin: ProcessInput? = nil, timeout: TimeInterval? = 120,
    environment: [String: String]? = nil, directory: String? = nil, fileSizeLimit: Int? = nil
) throws -> ProcessResult {
    let process = makeProcess(
        executable, arguments, environment: environment, directory: directory, fileSizeLimit: fileSizeLimit)
    let outPipe = Pipe()
    let errPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    var inPipe: Pipe?
    switch stdin {
    case .text:
        let pipe = Pipe()
        process.standardInput = pipe
        inPipe = pipe
    case .file(let path):
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        process.standardInput = file
    case nil:
        break
    }
    try process.run()
    let timedOut = Shared(false)
    let timer = timeout.map { seconds in
        let timer = DispatchSource.makeTimerSource()
        timer.schedule(deadline: .now() + seconds)
        timer.setEventHandler {
            guard process.isRunning else { return }
            timedOut.set(true)
            process.terminate()
        }
        timer.resume()
        return timer
    }
    // Feed stdin and read stderr beside the stdout read, so that no pipe fills up and blocks the child or the test.
    let group = DispatchGroup()
    if case .text(let text) = stdin, let writer = inPipe?.fileHandleForWriting {
        group.enter()
        DispatchQueue.global().async {
            try? writer.write(contentsOf: Data(text.utf8))
            try? writer.close()
            group.leave()
        }
    }
    let errData = Shared(Data())
    group.enter()
    DispatchQueue.global().async {
        let data = errPipe.fileHandleForReading.readDataToEndOfFile()
        errData.set(data)
        group.leave()
    }
    let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    timer?.cancel()
    return ProcessResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData.get(), as: UTF8.self), exited: process.terminationReason == .exit,
        timedOut: timedOut.get())
}

/// Runs a real subprocess with `stdin` as text (see
/// ``runProcess(_:_:stdin:timeout:environment:directory:fileSizeLimit:)``).
public func runProcess(
    _ executable: String, _ arguments: [String], stdin: String?, timeout: TimeInterval? = 120,
    environment: [String: String]? = nil, directory: String? = nil
) throws -> ProcessResult {
    try runProcess(
        executable, arguments, stdin: stdin.map(ProcessInput.text), timeout: timeout, environment: environment,
        directory: directory)
}

/// A value the runner's reading threads and timer hand back to it.
private final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ value: Value) { self.value = Mutex(value) }

    func get() -> Value { value.withLock { $0 } }

    func set(_ newValue: Value) { value.withLock { $0 = newValue } }
}
