import Foundation
import GenUI
import GenUIProcess
import GenUITestSupport
import Testing

@testable import GenUIOnDevice

/// Finding llama-server, and the subprocess machinery: process groups, logs, crash reports.
@Suite("On-device server discovery and process management", .tags(.integration))
struct OnDeviceProcessTests {
    @Test("the configured path wins over the environment variable, the tools folder and PATH")
    func configuredPathFirst() throws {
        let folder = try TemporaryFolder()
        let configured = try folder.executable("configured-server")
        let fromEnvironment = try folder.executable("env-server")
        let locator = LlamaServerLocator(
            configuredPath: configured, environment: ["GENUI_LLAMA_SERVER": fromEnvironment, "PATH": folder.path],
            currentDirectory: folder.path, executablePath: nil)
        #expect(locator.locate() == .found(path: configured, source: .configuration))
    }

    @Test("a configured bare name is a program looked up on PATH; a miss names it")
    func configuredName() throws {
        let folder = try TemporaryFolder()
        let onPath = try folder.executable("llama-server-custom")
        let locator = LlamaServerLocator(
            configuredPath: "llama-server-custom", environment: ["PATH": "/nonexistent:\(folder.path)"],
            currentDirectory: "/", executablePath: nil)
        #expect(locator.locate() == .found(path: onPath, source: .configuration))
        let missing = LlamaServerLocator(
            configuredPath: "llama-server-other", environment: ["PATH": folder.path], currentDirectory: "/",
            executablePath: nil)
        #expect(missing.locate() == .missing(looked: ["llama-server-other"]))
    }

    @Test("GENUI_LLAMA_SERVER is used when no path is configured")
    func environmentSecond() throws {
        let folder = try TemporaryFolder()
        let fromEnvironment = try folder.executable("env-server")
        let locator = LlamaServerLocator(
            configuredPath: nil, environment: ["GENUI_LLAMA_SERVER": fromEnvironment], currentDirectory: folder.path,
            executablePath: nil)
        #expect(locator.locate() == .found(path: fromEnvironment, source: .environment))
    }

    @Test("the project's .tools/bin is found from the executable's folders, never from the current directory")
    func toolsFolder() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/.tools/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: folder.path + "/.build/debug", withIntermediateDirectories: true)
        let tool = try folder.executable(".tools/bin/llama-server")
        let fromCurrentDirectory = LlamaServerLocator(
            configuredPath: nil, environment: [:], currentDirectory: folder.path, executablePath: nil)
        #expect(fromCurrentDirectory.locate() == .missing(looked: ["llama-server", "$PATH"]))
        let fromExecutable = LlamaServerLocator(
            configuredPath: nil, environment: [:], currentDirectory: "/",
            executablePath: folder.path + "/.build/debug/genui")
        #expect(fromExecutable.locate() == .found(path: tool, source: .toolsFolder))
    }

    @Test("PATH is searched last, and a miss lists where it looked")
    func pathLast() throws {
        let folder = try TemporaryFolder()
        let other = try TemporaryFolder()
        let onPath = try other.executable("llama-server")
        let locator = LlamaServerLocator(
            configuredPath: nil, environment: ["PATH": "/nonexistent:\(other.path)"], currentDirectory: folder.path,
            executablePath: nil)
        #expect(locator.locate() == .found(path: onPath, source: .path))
        let nothing = LlamaServerLocator(
            configuredPath: nil, environment: ["PATH": "/nonexistent"], currentDirectory: folder.path,
            executablePath: nil)
        #expect(nothing.locate() == .missing(looked: ["llama-server", "$PATH"]))
    }

    @Test("stopping a child kills its whole process group, grandchildren included, and reaps it")
    func processGroupKill() async throws {
        let folder = try TemporaryFolder()
        let pids = folder.path + "/pids"
        let child = try ChildProcess.launch(
            executable: "/bin/sh",
            arguments: [
                "-c",
                "sleep 300 & echo $! > \(pids).tmp; sleep 300 & echo $! >> \(pids).tmp; mv \(pids).tmp \(pids); wait",
            ])
        var grandchildren: [Int32] = []
        for _ in 0..<500 where grandchildren.count < 2 {
            try await Task.sleep(for: .milliseconds(10))
            grandchildren = ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "")
                .split(separator: "\n").compactMap { Int32($0) }
        }
        try #require(grandchildren.count == 2)
        for pid in grandchildren { #expect(getpgid(pid) == child.pid, "a grandchild runs in the child's group") }
        await child.terminate(grace: .milliseconds(200))
        #expect(child.exit != nil)
        // Signals to the group are delivered asynchronously: give the grandchildren a moment to die.
        for _ in 0..<200 where !grandchildren.allSatisfy(Self.isGone) {
            try await Task.sleep(for: .milliseconds(10))
        }
        for pid in grandchildren { #expect(Self.isGone(pid), "grandchild \(pid) is gone") }
        #expect(Self.liveMembers(ofGroup: child.pid).isEmpty, "no live process remains in the group")
    }

    @Test("a child's output is kept as its last lines")
    func logLines() async throws {
        let child = try ChildProcess.launch(
            executable: "/bin/sh",
            arguments: ["-c", "i=0; while [ $i -lt 80 ]; do echo line $i; i=$((i+1)); done; echo oops >&2"],
            logCapacity: 50)
        while child.isRunning { try await Task.sleep(for: .milliseconds(5)) }
        var lines: [String] = []
        for _ in 0..<200 {
            lines = child.log.lines
            if lines.last == "oops" { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(lines.count == 50)
        #expect(lines.first == "line 31")
        #expect(lines.last == "oops")
        #expect(child.exit == .exited(code: 0))
    }

    @Test("llama-server is started without the settings variables meant for other servers")
    func serverEnvironment() {
        let filtered = LlamaServer.serverEnvironment(
            ["PATH": "/bin", "LLAMA_API_KEY": "k", "LLAMA_ARG_PORT": "9", "LLAMA_CACHE": "/c"])
        #expect(filtered == ["PATH": "/bin", "LLAMA_CACHE": "/c"])
    }

    @Test("a program that cannot be executed is reported when launching, not as a child that dies")
    func execFailure() throws {
        let folder = try TemporaryFolder()
        let notAProgram = try folder.write("data.bin", bytes: [0, 1, 2, 3])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: notAProgram)
        #expect(throws: ChildProcessError.self) {
            _ = try ChildProcess.launch(executable: notAProgram, arguments: [])
        }
    }

    @Test("a server that keeps exiting while starting fails with its exit status and last log lines, then fails fast")
    func repeatedCrashes() async throws {
        let folder = try TemporaryFolder()
        try folder.write("model.gguf", bytes: TemporaryFolder.ggufBytes(padding: 10))
        let crashing = try folder.executable(
            "crashing-server",
            script:
                "#!/bin/sh\necho 'common_init_from_params: failed to create context'\necho 'srv    load_model: exiting due to a failed context'\nexit 1\n"
        )
        let configuration = OnDeviceConfiguration(
            name: "crashing", modelPath: folder.path + "/model.gguf", serverPath: crashing, startTimeoutSeconds: 30)
        let model = OnDeviceLanguageModel(
            configuration: configuration, resources: OnDeviceAvailabilityTests.roomyDevice,
            failures: RuntimeFailureMemory(directory: folder.path + "/runtime"))
        let request = GenerationRequest(prompt: "hello")
        for _ in 0..<LlamaServer.maximumConsecutiveCrashes {
            do {
                _ = try await model.respond(to: request)
                Issue.record("a crashing server cannot answer")
            } catch let error as GenUIError {
                guard case .unavailable(.runtimeFailed(crashing, .exited(code: 1)), _) = error else {
                    Issue.record("expected runtimeFailed(exited 1), got \(error)")
                    continue
                }
                #expect(error.provider == "crashing")
                #expect(error.context.debugDescription.contains("exiting due to a failed context"))
                #expect(error.context.debugDescription.contains("exited with status 1"))
            }
        }
        do {
            _ = try await model.respond(to: request)
            Issue.record("a crashing server cannot answer")
        } catch let error as GenUIError {
            #expect(error.context.debugDescription.contains("failed 3 times in a row"))
            #expect(error.context.debugDescription.contains("exiting due to a failed context"))
        }
        #expect(await model.serverProcessID == nil)
    }

    /// The processes of group `pgid` that still run (zombies, which only wait to be reaped, are not counted).
    static func liveMembers(ofGroup pgid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            return fields.count > 2 && fields[0] != "Z" && Int32(fields[2]) == pgid
        }
    }

    /// `true` when `pid` no longer exists or is a zombie waiting for a parent that is not us.
    static func isGone(_ pid: Int32) -> Bool {
        if kill(pid, 0) != 0 { return true }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(close, offsetBy: 2)] == "Z"
    }
}
