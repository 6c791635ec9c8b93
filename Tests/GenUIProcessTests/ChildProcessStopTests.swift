import Foundation
import GenUI
import GenUIProcess
import GenUITestSupport
import Synchronization
import Testing

/// Stopping a child is bounded: SIGTERM, a grace period, SIGKILL, then a bounded wait, after which a process that
/// still has not ended (stuck in the kernel) is reported and left to the system instead of being waited on forever.
@Suite("Stopping a child process is bounded", .tags(.integration))
struct ChildProcessStopTests {
    @Test("a child that ignores SIGTERM is killed after the grace period and reaped")
    func ignoresTerm() async throws {
        let child = try ChildProcess.launch(
            executable: "/bin/sh", arguments: ["-c", "trap '' TERM; echo ready; while :; do sleep 0.05; done"])
        for _ in 0..<1000 where child.log.lines.last != "ready" { try await Task.sleep(for: .milliseconds(10)) }
        try #require(child.log.lines.last == "ready")
        let outcome = await child.terminate(grace: .milliseconds(200), killWait: .seconds(30))
        #expect(outcome == .ended(.signalled(SIGKILL)), "\(outcome)")
        #expect(!child.isRunning)
    }

    @Test("the stop sequence gives up on a process SIGKILL cannot remove, after the kill wait, and says so")
    func givesUpOnUnkillable() async throws {
        // A real process no signal removes: a zombie whose parent never reaps it (`sleep 0.2` ends after its parent
        // became `sleep 300` through exec, which never waits). It stands for a process in uninterruptible sleep,
        // which cannot be made on demand; both look alive to the stop sequence after any number of SIGKILLs.
        let folder = try TemporaryFolder()
        let pidFile = folder.path + "/zombie"
        let holder = try ChildProcess.launch(
            executable: "/bin/sh", arguments: ["-c", "sleep 0.2 & echo $! > \(pidFile); exec sleep 300"])
        defer { holder.killNow() }
        var zombie: Int32?
        for _ in 0..<3000 where zombie == nil {
            let pid = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap {
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if let pid, Self.state(of: pid) == "Z" {
                zombie = pid
            } else {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        let pid = try #require(zombie, "no zombie appeared")
        let signals = Mutex<[Int32]>([])
        let ended = await ChildProcess.stop(
            grace: .milliseconds(50), killWait: .milliseconds(300),
            isRunning: { kill(pid, 0) == 0 },
            signal: { signal in
                signals.withLock { $0.append(signal) }
                kill(pid, signal)
            })
        #expect(!ended, "the stop sequence claims a zombie ended")
        let sent = signals.withLock { $0 }
        #expect(sent.first == SIGTERM && sent.dropFirst().allSatisfy { $0 == SIGKILL } && sent.count > 1, "\(sent)")
        #expect(
            kill(pid, 0) == 0 && Self.state(of: pid) == "Z",
            "the zombie is still there: the sequence returned because of its bound")
    }

    /// The state letter of `pid` in /proc ("R", "S", "Z", …), or `nil` when it is gone.
    static func state(of pid: Int32) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")"), stat.index(close, offsetBy: 2) < stat.endIndex
        else { return nil }
        return stat[stat.index(close, offsetBy: 2)]
    }

    @Test("terminate reports a child that did not end within the kill wait instead of waiting forever")
    func terminateReportsDidNotExit() async throws {
        // The same sequence as terminate, with a liveness probe that never sees the end (a process in D state).
        let signals = Mutex(0)
        let ended = await ChildProcess.stop(
            grace: .milliseconds(20), killWait: .milliseconds(100), isRunning: { true },
            signal: { _ in signals.withLock { $0 += 1 } })
        #expect(!ended)
        #expect(signals.withLock { $0 } >= 2)
        let outcome = ChildProcess.StopOutcome.didNotExit(pid: 42, waited: .milliseconds(100))
        #expect(outcome.description.contains("did not end within"))
    }
}
