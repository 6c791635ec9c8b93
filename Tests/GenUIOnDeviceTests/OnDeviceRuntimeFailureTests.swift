import Foundation
@_spi(Reading) import GenUI
import GenUIDiagnostics
import GenUITestSupport
import Testing

@testable import GenUIOnDevice

/// A llama-server that dies before it serves is a reason with its own words, and one that will die again is
/// remembered until the binary or the model changes.
@Suite("On-device runtime failures", .tags(.integration))
struct OnDeviceRuntimeFailureTests {
    /// llama.cpp's own start lines, as a real llama-server prints them up to the point where a build for another CPU
    /// dies, then the end given: `kill -ILL $$` for an illegal instruction.
    static func fakeServer(ending: String) -> String {
        """
        #!/bin/sh
        ulimit -c 0
        echo started >> "$(dirname "$0")/starts.log"
        echo 'build: 6000 (1a2b3c4d) with cc (Debian 12.2.0-14) 12.2.0 for x86_64-linux-gnu'
        echo 'system info: n_threads = 1, n_threads_batch = 1, total_threads = 2'
        echo 'main: binding port with default address family'
        echo 'main: loading model'
        echo 'llama_model_loader: loaded meta data with 33 key-value pairs and 272 tensors from model.gguf'
        echo 'load_tensors:   CPU_Mapped model buffer size =    98.54 MiB'
        echo 'llama_context: n_ctx = 2048'
        echo 'llama threadpool init, n_threads = 1'
        \(ending)
        """
    }

    /// A temporary folder with a GGUF-shaped model, the fake server `ending` as given, and a memory of failures.
    struct Setup {
        let folder: TemporaryFolder
        let server: String
        let model: String
        let failures: RuntimeFailureMemory

        init(ending: String) throws {
            folder = try TemporaryFolder()
            model = try folder.write("model.gguf", bytes: TemporaryFolder.ggufBytes(padding: 64))
            server = try folder.executable(
                "llama-server", script: OnDeviceRuntimeFailureTests.fakeServer(ending: ending))
            failures = RuntimeFailureMemory(directory: folder.path + "/runtime")
        }

        func model(name: String = "on-device") -> OnDeviceLanguageModel {
            OnDeviceLanguageModel(
                configuration: OnDeviceConfiguration(
                    name: name, modelPath: model, serverPath: server, contextSize: 2048, threads: 1,
                    startTimeoutSeconds: 30),
                resources: OnDeviceAvailabilityTests.roomyDevice, failures: failures)
        }

        var starts: Int {
            ((try? String(contentsOfFile: folder.path + "/starts.log", encoding: .utf8)) ?? "")
                .split(separator: "\n").count
        }

        /// Replaces the server with a new file (a new inode), as a rebuild does.
        func rebuildServer(ending: String) throws {
            let fresh = try folder.executable(
                "llama-server.new", script: OnDeviceRuntimeFailureTests.fakeServer(ending: ending))
            #expect(rename(fresh, server) == 0)
        }
    }

    /// The error a request fails with.
    static func failure(of model: OnDeviceLanguageModel) async -> GenUIError? {
        do {
            _ = try await model.respond(to: GenerationRequest(prompt: "hello"))
            Issue.record("a server that dies before it serves cannot answer")
            return nil
        } catch let error as GenUIError {
            return error
        } catch {
            Issue.record("expected a GenUIError, got \(error)")
            return nil
        }
    }

    @Test(
        "a server killed by SIGILL while starting is an illegal instruction, worded in English and German with the rebuild remedy"
    )
    func illegalInstructionIsAReason() async throws {
        let setup = try Setup(ending: "kill -ILL $$")
        let model = setup.model()
        let error = try #require(await Self.failure(of: model))
        guard case .unavailable(.runtimeFailed(let binary, .illegalInstruction), let context) = error else {
            Issue.record("expected runtimeFailed(illegalInstruction), got \(error)")
            return
        }
        #expect(binary == setup.server)
        #expect(error.provider == "on-device")
        #expect(context.debugDescription.contains("llama threadpool init"), "the last log lines are kept")
        #expect(context.debugDescription.contains("SIGILL"))

        let english = Diagnostics(language: .english).describe(error)
        #expect(english.message.contains("This machine cannot run \(setup.server)"), "\(english.message)")
        #expect(
            english.message.contains("an instruction the CPU or the OS does not allow (SIGILL)"), "\(english.message)")
        #expect(english.remediation?.contains("scripts/bootstrap --runtime-only --portable") == true)
        #expect(english.remediation?.contains("Try again later") == false)
        let german = Diagnostics(language: .german).describe(error)
        #expect(german.message.contains("Dieser Rechner kann \(setup.server) nicht ausführen"), "\(german.message)")
        #expect(german.message.contains("unzulässiger Befehl"), "\(german.message)")
        #expect(german.remediation?.contains("scripts/bootstrap --runtime-only --portable") == true)
        #expect(error.context.debugDescription.isEmpty == false)
        // Foundation Models calls this device not eligible.
        #expect(
            UnavailableReason.runtimeFailed(binary: binary, failure: .illegalInstruction).foundationModelsReason
                == .deviceNotEligible)
    }

    @Test(
        "an illegal instruction is remembered: the next check reports it without a start, until the binary is rebuilt")
    func illegalInstructionIsRemembered() async throws {
        let setup = try Setup(ending: "kill -ILL $$")
        _ = await Self.failure(of: setup.model())
        #expect(setup.starts == 1)

        // Another process (a new model value with the same memory) knows at once, and does not start it again.
        let later = setup.model()
        let availability = await later.availability
        guard case .unavailable(.runtimeFailed(_, .illegalInstruction)) = availability else {
            Issue.record("expected the remembered reason, got \(availability)")
            return
        }
        let refused = try #require(await Self.failure(of: later))
        guard case .unavailable(.runtimeFailed(_, .illegalInstruction), _) = refused else {
            Issue.record("expected the remembered reason, got \(refused)")
            return
        }
        #expect(setup.starts == 1, "a remembered failure is not paid again")

        // A rebuilt binary has a new identity: the record no longer applies and is removed.
        try setup.rebuildServer(ending: "kill -ILL $$")
        #expect(await setup.model().availability == .available)
        #expect(setup.failures.failure(binary: setup.server, model: setup.model) == nil)
    }

    @Test(
        "a server killed by SIGKILL while loading reads as an out-of-memory kill, in its own words, and is not remembered"
    )
    func killedWhileLoading() async throws {
        let setup = try Setup(ending: "kill -KILL $$")
        let error = try #require(await Self.failure(of: setup.model()))
        guard case .unavailable(.runtimeFailed(_, .killedWhileLoading), _) = error else {
            Issue.record("expected runtimeFailed(killedWhileLoading), got \(error)")
            return
        }
        let english = Diagnostics(language: .english).describe(error)
        #expect(english.message.contains("was killed (SIGKILL) while it loaded the model"), "\(english.message)")
        #expect(english.message.contains("ran out of memory"), "\(english.message)")
        #expect(english.remediation?.contains("smaller model") == true)
        let german = Diagnostics(language: .german).describe(error)
        #expect(german.message.contains("Arbeitsspeicher"), "\(german.message)")
        // Memory frees up: the next check does not hold it against the runtime.
        #expect(await setup.model().availability == .available)
    }

    @Test("a crash by another signal names the signal; a stop asked for by another process is not remembered")
    func crashNamesItsSignal() async throws {
        let crashing = try Setup(ending: "kill -SEGV $$")
        let error = try #require(await Self.failure(of: crashing.model()))
        guard case .unavailable(.runtimeFailed(_, .crashed(signal: SIGSEGV)), _) = error else {
            Issue.record("expected runtimeFailed(crashed(SIGSEGV)), got \(error)")
            return
        }
        #expect(Diagnostics(language: .english).describe(error).message.contains("crashed (SIGSEGV)"))
        #expect(crashing.failures.failure(binary: crashing.server, model: crashing.model) != nil, "a crash recurs")

        let stopped = try Setup(ending: "kill -TERM $$")
        _ = await Self.failure(of: stopped.model())
        #expect(stopped.failures.failure(binary: stopped.server, model: stopped.model) == nil)
    }

    @Test("a model llama-server cannot load is an invalid model quoting its error, remembered until the model changes")
    func modelThatDoesNotLoad() async throws {
        let setup = try Setup(
            ending: """
                echo 'llama_model_load: error loading model: tensor data is not within the file bounds'
                echo 'srv    load_model: exiting due to model loading error'
                exit 1
                """)
        let error = try #require(await Self.failure(of: setup.model()))
        guard case .unavailable(.invalidModel(let path, let detail), _) = error else {
            Issue.record("expected invalidModel, got \(error)")
            return
        }
        #expect(path == setup.model)
        #expect(detail.contains("tensor data is not within the file bounds"))
        #expect(
            Diagnostics(language: .german).describe(error).message.contains("tensor data is not within the file bounds")
        )
        guard case .unavailable(.invalidModel) = await setup.model().availability else {
            Issue.record("the failed load is remembered")
            return
        }
        // The model downloaded again (a new file under the same name) clears it.
        let fresh = try setup.folder.write("model.new", bytes: TemporaryFolder.ggufBytes(padding: 65))
        #expect(rename(fresh, setup.model) == 0)
        #expect(await setup.model().availability == .available)
    }

    @Test("a server error without an HTTP status says what happened instead of an empty status")
    func statuslessServerErrorIsWorded() {
        let error = GenUIError.serverError(
            status: nil, .init(provider: "p", debugDescription: "cannot pick a free loopback port (errno 24)\nmore"))
        for language in DiagnosticLanguage.allCases {
            let message = Diagnostics(language: language).describe(error)
            #expect(!message.message.contains("—"), "\(language): \(message.message)")
            #expect(
                message.message.contains("cannot pick a free loopback port (errno 24)"),
                "\(language): \(message.message)")
            #expect(!message.message.contains("more"))
        }
        let bare = Diagnostics(language: .german).describe(
            GenUIError.serverError(status: nil, .init(debugDescription: "")))
        #expect(bare.message == "Der Server ist gescheitert, bevor er antwortete: er nannte keine Einzelheiten.")
        #expect(Diagnostics(language: .english).describe(error).remediation?.contains("Try again later") == false)
    }

    @Test("a FIFO, a link or a huge file where a record would be is never read as one, never blocks, and is removed")
    func hostileRecordFilesAreAbsent() throws {
        let setup = try Setup(ending: "kill -ILL $$")
        let file = setup.failures.recordPath(binary: setup.server, model: setup.model)
        try FileManager.default.createDirectory(atPath: setup.failures.directory, withIntermediateDirectories: true)

        #expect(mkfifo(file, 0o600) == 0)
        #expect(setup.failures.failure(binary: setup.server, model: setup.model) == nil, "a FIFO is not read")
        #expect(!FileManager.default.fileExists(atPath: file))

        let genuine = setup.folder.path + "/elsewhere.json"
        setup.failures.remember(
            .runtimeFailed(binary: setup.server, failure: .illegalInstruction), binary: setup.server,
            model: setup.model,
            log: "llama threadpool init")
        #expect(rename(file, genuine) == 0)
        #expect(symlink(genuine, file) == 0)
        #expect(setup.failures.failure(binary: setup.server, model: setup.model) == nil, "a link is not followed")

        try Data(count: RuntimeFailureMemory.maximumRecordBytes + 1).write(to: URL(fileURLWithPath: file))
        #expect(
            setup.failures.failure(binary: setup.server, model: setup.model) == nil, "an oversized file is not read")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test("a record that cannot be read counts as absent and is removed")
    func corruptRecordIsAbsent() throws {
        let setup = try Setup(ending: "kill -ILL $$")
        let file = setup.failures.recordPath(binary: setup.server, model: setup.model)
        try FileManager.default.createDirectory(atPath: setup.failures.directory, withIntermediateDirectories: true)
        try Data("{\"binary\": ".utf8).write(to: URL(fileURLWithPath: file))
        #expect(setup.failures.failure(binary: setup.server, model: setup.model) == nil)
        #expect(!FileManager.default.fileExists(atPath: file))
    }
}
