import CGenUIProcess
import Foundation
import GenUI
import Synchronization

/// A subprocess that leads its own process group, dies with this process, and keeps its last output lines.
///
/// Started through the C shim (fork on a dedicated thread, new process group, parent-death signal on Linux, a
/// watcher on Darwin, registry killed by SIGINT/SIGTERM/atexit handlers). Stopping it signals the whole group, never
/// a process found by name.
package final class ChildProcess: Sendable {
    /// How a child ended.
    package enum Exit: Sendable, Hashable, CustomStringConvertible {
        /// It exited with a status code.
        case exited(code: Int32)
        /// A signal killed it.
        case signalled(Int32)

        /// Whether it exited with a status code (rather than being killed).
        package var isExitStatus: Bool {
            if case .exited = self { return true }
            return false
        }

        package var description: String {
            switch self {
            case .exited(let code): return "exited with status \(code)"
            case .signalled(let signal):
                let name = RuntimeFailure.signalName(signal)
                return name.hasPrefix("SIG")
                    ? "was killed by signal \(signal) (\(name))" : "was killed by signal \(signal)"
            }
        }
    }

    /// The child's process id, which is also its process group id.
    package let pid: Int32
    /// The program it runs, as it was started.
    package let executable: String
    /// Its last output lines (stdout and stderr together).
    package let log: LogRingBuffer
    private let exitState = Mutex<Exit?>(nil)

    private init(pid: Int32, executable: String, log: LogRingBuffer) {
        self.pid = pid
        self.executable = executable
        self.log = log
    }

    /// Starts `executable` with `arguments` and `environment` (default: this process's); its stdout and stderr go
    /// to ``log``, its stdin reads nothing.
    package static func launch(
        executable: String, arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        logCapacity: Int = 50
    ) throws -> ChildProcess {
        try start(executable: executable, arguments: arguments, environment: environment, logCapacity: logCapacity)
            .process
    }

    /// The ends of a child's stdin and stdout that this process holds, for a child that speaks a protocol over them.
    /// The caller owns both descriptors and closes them.
    package struct StandardStreams: Sendable {
        /// Writes to the child's stdin.
        package let input: Int32
        /// Reads the child's stdout.
        package let output: Int32
    }

    /// Starts `executable` with its stdin and stdout connected to this process (``StandardStreams``); only its
    /// stderr goes to ``log``.
    package static func launchConnected(
        executable: String, arguments: [String], environment: [String: String], logCapacity: Int = 50
    ) throws -> (process: ChildProcess, streams: StandardStreams) {
        let started = try start(
            executable: executable, arguments: arguments, environment: environment, logCapacity: logCapacity,
            connected: true)
        guard let streams = started.streams else { throw ChildProcessError.spawn(errno: EBADF, executable: executable) }
        return (started.process, streams)
    }

    private static func start(
        executable: String, arguments: [String], environment: [String: String], logCapacity: Int,
        connected: Bool = false
    ) throws -> (process: ChildProcess, streams: StandardStreams?) {
        var logPipe = try pipe(for: executable)
        var inputPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        if connected {
            do {
                inputPipe = try pipe(for: executable)
                outputPipe = try pipe(for: executable)
            } catch {
                for fd in logPipe + inputPipe where fd >= 0 { close(fd) }
                throw error
            }
        }
        let argv = CStringArray([executable] + arguments)
        let envp = CStringArray(environment.map { "\($0.key)=\($0.value)" })
        var spawnError: Int32 = 0
        let pid = executable.withCString { path in
            connected
                ? genui_spawn_stdio(
                    path, argv.pointers, envp.pointers, inputPipe[0], outputPipe[1], logPipe[1], &spawnError)
                : genui_spawn(path, argv.pointers, envp.pointers, logPipe[1], &spawnError)
        }
        // The child's ends are its own now.
        for fd in [logPipe[1], inputPipe[0], outputPipe[1]] where fd >= 0 { close(fd) }
        logPipe[1] = -1
        guard pid > 0 else {
            for fd in [logPipe[0], inputPipe[1], outputPipe[0]] where fd >= 0 { close(fd) }
            throw ChildProcessError.spawn(errno: spawnError, executable: executable)
        }
        let log = LogRingBuffer(capacity: logCapacity)
        let readEnd = logPipe[0]
        Thread.start(named: "log.\(pid)") {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count > 0 {
                    log.append(buffer[0..<count])
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            close(readEnd)
            log.close()
        }
        let streams = connected ? StandardStreams(input: inputPipe[1], output: outputPipe[0]) : nil
        return (ChildProcess(pid: pid, executable: executable, log: log), streams)
    }

    private static func pipe(for executable: String) throws -> [Int32] {
        var fds: [Int32] = [-1, -1]
        guard genui_pipe_cloexec(&fds) == 0 else { throw ChildProcessError.spawn(errno: errno, executable: executable) }
        return fds
    }

    /// How the child ended, or `nil` while it runs. Reaps it the first time it is seen to have ended.
    package var exit: Exit? {
        exitState.withLock { state in
            if let state { return state }
            var status: Int32 = 0
            let result = genui_try_wait(pid, &status)
            guard result != 0 else { return nil }
            let ended: Exit
            if result < 0 {
                ended = .exited(code: -1)
            } else {
                var code: Int32 = 0
                ended = genui_exit_description(status, &code) != 0 ? .exited(code: code) : .signalled(code)
            }
            // Whatever the leader left behind in its group goes too; then the group id is forgotten for good.
            _ = genui_kill_group(pid, SIGKILL)
            genui_unregister_group(pid)
            state = ended
            return ended
        }
    }

    /// Waits (up to `limit`) until the child's output has been read to its end, so a report of its death quotes its
    /// last words; the reader thread can lag a moment behind the exit.
    package func awaitLogEnd(limit: Duration = .milliseconds(500)) async {
        let deadline = ContinuousClock.now.advanced(by: limit)
        while !log.isClosed && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// `true` while the child runs.
    package var isRunning: Bool { exit == nil }

    /// Sends `signal` to the child's whole process group, unless it has already been reaped.
    package func signalGroup(_ signal: Int32) {
        exitState.withLock { state in
            if state == nil { _ = genui_kill_group(pid, signal) }
        }
    }

    /// How long stopping waits for the child to end after SIGKILL before giving up on it (5 s). SIGKILL ends any
    /// process at once except one in uninterruptible sleep (a hung NFS or FUSE read, a failing disk), which ends only
    /// when the kernel call returns; waiting for that without a bound would hang the caller.
    package static let defaultKillWait: Duration = .seconds(5)

    /// How a stop ended.
    package enum StopOutcome: Sendable, Hashable, CustomStringConvertible {
        /// The child ended (or had already ended) and was reaped.
        case ended(Exit)
        /// The child was sent SIGKILL and had not ended when the kill wait ran out. It is left to the kernel: it dies
        /// when its system call returns; its group stays registered, so the exit handlers signal it again.
        case didNotExit(pid: Int32, waited: Duration)

        package var description: String {
            switch self {
            case .ended(let exit): "\(exit)"
            case .didNotExit(let pid, let waited):
                "process \(pid) did not end within \(waited) of SIGKILL (it may be stuck in the kernel); it was left to the system"
            }
        }
    }

    /// Stops the group: SIGTERM, then SIGKILL after `grace`, and waits up to `killWait` more until the child is
    /// reaped. Never waits longer than `grace + killWait` (plus scheduling).
    @discardableResult
    package func terminate(grace: Duration = .milliseconds(500), killWait: Duration = ChildProcess.defaultKillWait)
        async
        -> StopOutcome
    {
        let ended = await Self.stop(
            grace: grace, killWait: killWait, isRunning: { self.isRunning }, signal: { self.signalGroup($0) })
        if ended, let exit { return .ended(exit) }
        return .didNotExit(pid: pid, waited: killWait)
    }

    /// The stopping sequence, apart from the process it stops (so that its bound can be tested against a process
    /// that never ends): `SIGTERM`, up to `grace` for it to take effect, then `SIGKILL` (repeated, as members of the
    /// group can appear while it dies) until `isRunning` is false or `killWait` has passed. `true` when it ended.
    package static func stop(
        grace: Duration, killWait: Duration, isRunning: () -> Bool, signal: (Int32) -> Void
    ) async -> Bool {
        guard isRunning() else { return true }
        signal(SIGTERM)
        let clock = ContinuousClock()
        let graceEnd = clock.now.advanced(by: grace)
        while isRunning() && clock.now < graceEnd {
            await pause(.milliseconds(10))
        }
        let killEnd = clock.now.advanced(by: killWait)
        while isRunning() {
            guard clock.now < killEnd else { return false }
            signal(SIGKILL)
            await pause(.milliseconds(5))
        }
        return true
    }

    /// Sleeps for `duration`, also in a cancelled task (where `Task.sleep` returns at once and a loop would spin).
    private static func pause(_ duration: Duration) async {
        do {
            try await Task.sleep(for: duration)
        } catch {
            usleep(useconds_t(5000))
        }
    }

    /// Stops the group at once and waits up to `limit` until the child is reaped, without suspending (for deinit
    /// paths). `false` when the child had not ended by then (see ``StopOutcome/didNotExit(pid:waited:)``).
    @discardableResult
    package func killNow(limit: Duration = ChildProcess.defaultKillWait) -> Bool {
        guard isRunning else { return true }
        signalGroup(SIGKILL)
        let deadline = ContinuousClock.now.advanced(by: limit)
        while isRunning {
            guard ContinuousClock.now < deadline else { return false }
            usleep(2000)
        }
        return true
    }
}

/// A failure to start a child process.
package enum ChildProcessError: Error, CustomStringConvertible {
    case spawn(errno: Int32, executable: String)

    package var description: String {
        switch self {
        case .spawn(let code, let executable):
            "cannot start \(executable): \(String(cString: strerror(code))) (errno \(code))"
        }
    }
}

/// A NULL-terminated array of C strings that lives as long as the value.
private final class CStringArray {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    let count: Int

    init(_ strings: [String]) {
        count = strings.count
        pointers = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { pointers[index] = strdup(string) }
        pointers[strings.count] = nil
    }

    deinit {
        for index in 0..<count { free(pointers[index]) }
        pointers.deallocate()
    }
}
