import Foundation
import GenUI
import GenUIDiagnostics
import GenUIOllama
import GenUIOnDevice
import GenUIOpenAI
import GenUIRouter
import GenUIScreens
import GenUITestSupport
import GenUITesting
import Testing

/// The three breakable providers of the matrix chain, in chain order (scripted always comes last).
enum Slot: String, CaseIterable, Sendable, Comparable {
    case onDevice = "on-device", openAI = "openai", ollama = "ollama"

    static func < (lhs: Slot, rhs: Slot) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One cell of the matrix: a break mode and the providers broken in it.
struct FaultCase: Sendable, CustomTestStringConvertible {
    var mode: BreakMode
    var broken: [Slot]

    var testDescription: String { "\(mode): \(broken.map(\.rawValue).joined(separator: "+")) broken" }

    /// The providers in the chain: all three for the modes a local llama-server has (missing, hanging via SIGSTOP,
    /// killed mid-generation via SIGKILL); for the HTTP-only modes (refused port, 500, 429, invalid output) the
    /// on-device member is left out, since llama-server cannot be broken that way and, healthy, it would serve
    /// before the HTTP providers are ever tried.
    var slots: [Slot] { Slot.allCases.filter { $0 != .onDevice || mode.appliesToOnDevice } }

    /// The provider that must serve: the first one in chain order that is not broken, else scripted.
    var expectedServer: String { slots.first { !broken.contains($0) }?.rawValue ?? "scripted" }

    /// Every mode × every non-empty subset of its providers broken: 3 modes × 7 subsets + 4 modes × 3 subsets.
    static let all: [FaultCase] = BreakMode.allCases.flatMap { mode -> [FaultCase] in
        let slots = Slot.allCases.filter { $0 != .onDevice || mode.appliesToOnDevice }
        return (1..<(1 << slots.count)).map { bits in
            FaultCase(mode: mode, broken: slots.enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element))
        }
    }
}

@Suite(
    "Fault matrix: generate falls back through broken providers", .tags(.llamaServer), .serialized,
    .enabled(if: Runtime.shouldRun, "llama-server or the test model is missing; run scripts/bootstrap"))
struct FaultMatrixTests {
    static let intent = "A login form with username and password"
    /// The attempt timeout of the HTTP members and of a hanging on-device member.
    static let attemptTimeout = Duration.seconds(2)
    /// The attempt timeout of a healthy on-device member: SmolLM2 on two cores needs a few seconds for a screen.
    static let onDeviceTimeout = Duration.seconds(90)

    /// A screen as JSON, from the scripted model, for the fakes to answer with.
    static func screenJSON() async throws -> String {
        let scripted = ScriptedLanguageModel(name: "answer")
        return try await scripted.respond(to: ScreenComposer(model: scripted).request(for: intent)).text
    }

    @Test(
        "a valid screen comes from the first healthy provider and the trace names each failure",
        arguments: FaultCase.all)
    func matrixCase(_ fault: FaultCase) async throws {
        let runtime = try Runtime.require()
        let onDevice = try #require(Runtime.sharedOnDevice)
        let answer = try await Self.screenJSON()
        let openAIFake = try FakeModelServer(flavor: .openAI, answer: answer)
        let ollamaFake = try FakeModelServer(flavor: .ollama, answer: answer)
        let closed = try LoopbackHTTPServer { _, connection in connection.respond(status: 500) }
        closed.stop()
        defer {
            openAIFake.stop()
            ollamaFake.stop()
        }
        let broken = Set(fault.broken)
        for slot in broken where slot != .onDevice {
            (slot == .openAI ? openAIFake : ollamaFake).breakMode = fault.mode
        }

        // The on-device member.
        var onDeviceMember = ChainMember(onDevice, attemptTimeout: Self.onDeviceTimeout)
        var onDevicePID: Int32?
        if broken.contains(.onDevice) {
            switch fault.mode {
            case .notConfigured:
                onDeviceMember = ChainMember(
                    OnDeviceLanguageModel(
                        configuration: OnDeviceConfiguration(
                            name: "on-device", modelPath: runtime.model,
                            serverPath: "/nonexistent/genui-fault/llama-server")))
            case .hanging, .diesMidStream:
                await onDevice.prewarm(promptPrefix: nil)
                let pid = await onDevice.serverProcessID
                let running: Int32 = try #require(pid, "llama-server did not start")
                onDevicePID = running
                if fault.mode == .hanging {
                    onDeviceMember = ChainMember(onDevice, attemptTimeout: Self.attemptTimeout)
                }
            default:
                Issue.record("mode \(fault.mode) does not apply to the on-device provider")
            }
        }

        let openAI = OpenAILanguageModel(
            configuration: OpenAIConfiguration(
                name: "openai",
                baseURL: (broken.contains(.openAI) && fault.mode == .refusing
                    ? closed.baseURL : openAIFake.server.baseURL)
                    .appendingPathComponent("v1"),
                model: FakeModelServer.modelName,
                apiKeyEnvironmentVariable: broken.contains(.openAI) && fault.mode == .notConfigured
                    ? "GENUI_FAULT_MATRIX_UNSET_KEY" : nil,
                connectTimeout: .seconds(2), requestTimeout: .seconds(30), availabilityTimeout: .seconds(1)))
        let ollama = OllamaLanguageModel(
            configuration: OllamaConfiguration(
                name: "ollama",
                host: (broken.contains(.ollama) && fault.mode == .refusing ? closed.baseURL : ollamaFake.server.baseURL)
                    .absoluteString,
                model: broken.contains(.ollama) && fault.mode == .notConfigured
                    ? "not-pulled-model" : FakeModelServer.modelName,
                requestTimeout: .seconds(30), availabilityTimeout: .seconds(1)))
        let chain = ProviderChain(
            name: "matrix",
            members: (fault.slots.contains(.onDevice) ? [onDeviceMember] : []) + [
                ChainMember(openAI, attemptTimeout: Self.attemptTimeout),
                ChainMember(ollama, attemptTimeout: Self.attemptTimeout),
                ChainMember(ScriptedLanguageModel(name: "scripted")),
            ],
            options: ChainOptions(
                attemptTimeout: Self.attemptTimeout, deadline: .seconds(150), availabilityTimeout: .seconds(2)))

        let composer = ScreenComposer(model: chain)
        let composing = Task { try await composer.compose(Self.intent) }
        if let pid = onDevicePID {
            if fault.mode == .hanging {
                signalProcess(pid, SIGSTOP)
            } else {
                // Wait until the server is busy with the request (it burns CPU only then), then kill it.
                let idle = cpuTicks(pid) ?? 0
                let clock = ContinuousClock()
                let giveUp = clock.now + .seconds(30)
                while (cpuTicks(pid) ?? 0) < idle + 20, clock.now < giveUp {
                    try await Task.sleep(for: .milliseconds(20))
                }
                signalProcess(pid, SIGKILL)
            }
        }
        let result = await composing.result
        if let pid = onDevicePID, fault.mode == .hanging { signalProcess(pid, SIGCONT) }
        let composed = try result.get()

        // A valid screen, from the first healthy provider.
        let expected = fault.expectedServer
        let trace = try #require(composed.metadata.trace)
        #expect(trace.servedBy == expected, "\(trace.steps.map { "\($0.provider):\($0.reason)" })")
        #expect(composed.metadata.provider == expected)
        _ = try ScreenDocument.read(json: ScreenDocument.json(composed.screen))
        #expect(!composed.screen.sections.isEmpty)

        // Providers after the one that served are never tried.
        let servedIndex = fault.slots.firstIndex { !broken.contains($0) } ?? fault.slots.count
        for slot in fault.slots[servedIndex...] {
            #expect(!trace.steps.contains { $0.provider == slot.rawValue && $0.outcome != .served })
        }
        // Each broken provider before it: its failure named correctly, found within its attempt timeout + 10 s (the
        // margin is for a loaded machine; a timeout not enforced would stall until the 150 s deadline).
        for slot in fault.slots[..<servedIndex] {
            let step = try #require(
                trace.steps.first { $0.provider == slot.rawValue }, "no trace step for \(slot.rawValue)")
            let reasons = slot == .onDevice ? fault.mode.onDeviceReasons : fault.mode.httpReasons
            #expect(step.outcome != .served)
            #expect(
                reasons.contains(step.reason),
                "\(slot.rawValue) in mode \(fault.mode): \(step.reason) — \(step.detail ?? "")")
            let limit = (slot == .onDevice && fault.mode != .hanging ? Self.onDeviceTimeout : Self.attemptTimeout)
                .seconds
            #expect(step.durationSeconds <= limit + 10, "\(slot.rawValue) took \(step.durationSeconds) s to fail")
        }
        // No healthy provider before the server was skipped or failed.
        let before = trace.steps.prefix { $0.outcome != .served }
        #expect(before.allSatisfy { step in broken.contains { $0.rawValue == step.provider } })
    }

    @Test("with every provider broken, including scripted, the typed error and its localized text name each one")
    func everythingBroken() async throws {
        let runtime = try Runtime.require()
        let fake = try FakeModelServer(flavor: .ollama, answer: "{}")
        fake.breakMode = .status500
        defer { fake.stop() }
        let closed = try LoopbackHTTPServer { _, connection in connection.respond(status: 500) }
        closed.stop()
        let chain = ProviderChain(
            name: "broken",
            members: [
                ChainMember(
                    OnDeviceLanguageModel(
                        configuration: OnDeviceConfiguration(
                            name: "on-device", modelPath: runtime.model,
                            serverPath: "/nonexistent/genui-fault/llama-server"))),
                ChainMember(
                    OpenAILanguageModel(
                        configuration: OpenAIConfiguration(
                            name: "openai", baseURL: closed.baseURL.appendingPathComponent("v1"),
                            model: FakeModelServer.modelName,
                            apiKeyEnvironmentVariable: nil, connectTimeout: .seconds(2),
                            availabilityTimeout: .seconds(1)))),
                ChainMember(
                    OllamaLanguageModel(
                        configuration: OllamaConfiguration(
                            name: "ollama", host: fake.server.baseURL.absoluteString, model: FakeModelServer.modelName,
                            availabilityTimeout: .seconds(1)))),
                ChainMember(
                    FailingLanguageModel(
                        name: "scripted", behavior: .unavailable(.notConfigured(missing: "scripted provider")))),
            ],
            options: ChainOptions(attemptTimeout: Self.attemptTimeout, availabilityTimeout: .seconds(2)))

        let error = await #expect(throws: GenUIError.self) {
            _ = try await ScreenComposer(model: chain).compose(Self.intent)
        }
        let failure = try #require(error)
        guard case .noProviderAvailable = failure else {
            Issue.record("expected noProviderAvailable, got \(failure)")
            return
        }
        let trace = try #require(failure.trace)
        let expected: [String: Set<String>] = [
            "on-device": ["runtimeMissing"], "openai": ["unreachable", "transport"], "ollama": ["serverError"],
            "scripted": ["notConfigured"],
        ]
        for (provider, reasons) in expected {
            let step = try #require(trace.steps.first { $0.provider == provider }, "no step for \(provider)")
            #expect(reasons.contains(step.reason), "\(provider): \(step.reason)")
            #expect(failure.context.debugDescription.contains(provider))
        }

        for language in [DiagnosticLanguage.english, .german] {
            let diagnostics = Diagnostics(language: language)
            let rendered = ([diagnostics.describe(failure).message] + diagnostics.describe(trace)).joined(
                separator: "\n")
            for provider in expected.keys {
                #expect(
                    rendered.contains(provider), "the \(language) rendering does not name \(provider):\n\(rendered)")
            }
            for step in trace.steps {
                #expect(rendered.contains(diagnostics.reason(of: step)))
            }
        }
    }
}
