import Foundation
import GenUITestSupport
import Testing

@_spi(Reading) @testable import GenUI
@testable import GenUIOnDevice

/// Integration tests against the real llama-server and SmolLM2-135M, sharing one server.
///
/// They run whenever the runtime is installed, and always under CI, where a missing runtime fails them.
@Suite("On-device llama-server integration", .tags(.llamaServer), .serialized, .enabled(if: OnDeviceFixture.shouldRun))
struct OnDeviceServerTests {
    /// One model, one server, for the whole suite.
    static let shared: OnDeviceLanguageModel? = try? OnDeviceLanguageModel(
        configuration: OnDeviceFixture.configuration())

    static func model() throws -> OnDeviceLanguageModel {
        _ = try OnDeviceFixture.requireRuntime()
        return try #require(shared)
    }

    static let instructions = "You design mobile app screens. Answer with the screen's title and its elements."

    static func request(_ intent: String, options: GenerationOptions = .init(sampling: .greedy)) -> GenerationRequest {
        GenerationRequest(
            prompt: intent, instructions: instructions, schema: ScreenSketch.generationSchema, options: options)
    }

    static let intents = [
        "A login form with two buttons", "A settings page with toggles", "A user profile with a photo",
        "A shopping cart with a checkout button", "A weather overview for today", "A music player",
        "A search screen with results", "A sign-up form", "A contact list", "A chat conversation",
        "A photo gallery", "A to-do list", "A calendar day view", "A news feed", "A product detail page",
        "An order confirmation", "A password reset form", "A notification center", "A map with nearby cafes",
        "A workout tracker", "A recipe with ingredients", "A flight booking form", "A hotel search",
        "A bank account summary", "A money transfer form", "A podcast episode page", "A video player",
        "An onboarding welcome screen", "A feedback form", "A help and support page", "A language picker",
        "A dark mode setting", "A subscription plan chooser", "A restaurant menu", "A delivery tracking screen",
        "A fitness goal setup", "A meditation timer", "A book reader", "A quiz question", "A score board",
        "A parking payment", "A ticket scanner", "A file browser", "A document editor toolbar",
        "An event invitation", "A pet adoption profile", "A plant care reminder", "A budget planner",
        "A travel itinerary", "An about this app page",
    ]

    @Test("greedy generation of a structured type is identical across two runs")
    func greedyIsDeterministic() async throws {
        let model = try Self.model()
        let first = try await model.respond(to: Self.request("A login form with two buttons"))
        let second = try await model.respond(to: Self.request("A login form with two buttons"))
        #expect(first.text == second.text)
        let sketch = try ScreenSketch(first.content)
        #expect(sketch == (try ScreenSketch(second.content)))
        #expect(!sketch.items.isEmpty)
        #expect(first.metadata.guided)
        #expect(first.metadata.provider == "on-device-test")
        #expect(first.metadata.finishReason == .stop)
        #expect((first.metadata.usage.completionTokens ?? 0) > 0)
        #expect((first.metadata.usage.promptTokens ?? 0) > 0)
        #expect((first.metadata.timings?.generationTokensPerSecond ?? 0) > 0)
        #expect((first.metadata.timings?.promptTokensPerSecond ?? 0) > 0)
        // llama-server's own prompt and generation times fit inside the request's wall time.
        let timings = try #require(first.metadata.timings)
        let serverSeconds = (timings.promptSeconds ?? 0) + (timings.generationSeconds ?? 0)
        #expect((timings.promptSeconds ?? 0) > 0 && (timings.generationSeconds ?? 0) > 0)
        #expect(serverSeconds <= (timings.totalSeconds ?? 0))
    }

    @Test("fifty different intents all yield schema-valid output under guided generation")
    func fiftyIntents() async throws {
        let model = try Self.model()
        #expect(Set(Self.intents).count == 50)
        for (index, intent) in Self.intents.enumerated() {
            let options = GenerationOptions(sampling: .random(top: 40, seed: UInt64(index)), temperature: 0.7)
            let response = try await model.respond(to: Self.request(intent, options: options))
            #expect(
                ScreenSketch.generationSchema.firstViolation(in: response.content) == nil, "\(intent): \(response.text)"
            )
            let sketch = try ScreenSketch(response.content)
            #expect((1...4).contains(sketch.items.count), "\(intent)")
            #expect(sketch.title.count <= 40)
        }
    }

    @Test("streaming yields more than one partial before the final value")
    func streaming() async throws {
        let model = try Self.model()
        var deltas: [String] = []
        var final: GenerationResponse?
        for try await event in model.streamResponse(to: Self.request("A settings page with toggles")) {
            switch event {
            case .delta(let text): deltas.append(text)
            case .completed(let response): final = response
            case .restarted: Issue.record("a single provider never restarts")
            }
        }
        let response = try #require(final)
        #expect(deltas.count > 1)
        #expect(deltas.joined() == response.text)
        #expect(ScreenSketch.generationSchema.firstViolation(in: response.content) == nil)
    }

    @Test("plain text requests stream text without a grammar")
    func plainText() async throws {
        let model = try Self.model()
        let response = try await model.respond(
            to: GenerationRequest(prompt: "Say hello.", options: .init(sampling: .greedy, maximumResponseTokens: 12)))
        #expect(!response.text.isEmpty)
        #expect(response.content.stringValue == response.text)
        #expect(!response.metadata.guided)
        #expect((response.metadata.usage.completionTokens ?? 99) <= 12)
    }

    /// Schemas that exercise every construct of the compiler.
    static let schemas: [GenerationSchema] = {
        let choice = GenerationSchema.Node.anyOf(
            .init(
                name: "Control",
                choices: [
                    .object(
                        .init(
                            name: "Button",
                            properties: [
                                .init(name: "type", node: .string(.init(choices: ["button"]))),
                                .init(name: "title", node: .string(.init(maximumLength: 12))),
                            ])),
                    .object(
                        .init(
                            name: "Slider",
                            properties: [
                                .init(name: "type", node: .string(.init(choices: ["slider"]))),
                                .init(name: "minimum", node: .integer(.init(minimum: 0, maximum: 10))),
                                .init(name: "maximum", node: .integer(.init(minimum: 0, maximum: 100_000))),
                            ])),
                ]))
        let tree = GenerationSchema.Node.object(
            .init(
                name: "Menu",
                properties: [
                    .init(name: "label", node: .string(.init(maximumLength: 10))),
                    .init(name: "submenus", node: .array(.init(items: .reference("Menu"), maximumCount: 2))),
                ]))
        return [
            GenerationSchema(
                name: "Product",
                properties: [
                    .init(name: "name", node: .string(.init(minimumLength: 1, maximumLength: 20))),
                    .init(name: "price", node: .number(.init(minimum: 0, maximum: 999))),
                    .init(name: "inStock", node: .boolean),
                    .init(name: "sku", node: .string(.init(pattern: #"^[A-Z]{3}-\d{3}$"#))),
                    .init(name: "note", node: .string(.init(maximumLength: 16)), isOptional: true),
                ]),
            GenerationSchema(
                name: "Panel",
                properties: [
                    .init(name: "controls", node: .array(.init(items: choice, minimumCount: 1, maximumCount: 3)))
                ]),
            GenerationSchema(node: .reference("Menu"), name: "Menu", definitions: [.init(name: "Menu", node: tree)]),
            GenerationSchema(
                name: "Loose",
                properties: [
                    .init(name: "anything", node: .any),
                    .init(name: "temperature", node: .number(.init())),
                    .init(name: "offset", node: .integer(.init(minimum: -50, maximum: 5000))),
                ]),
        ]
    }()

    @Test(
        "llama-server accepts the compiled grammar of every kind of schema and the output validates",
        arguments: schemas)
    func grammarAccepted(schema: GenerationSchema) async throws {
        let model = try Self.model()
        let response = try await model.respond(
            to: GenerationRequest(
                prompt: "Fill in an example \(schema.name).", schema: schema, options: .init(sampling: .greedy)))
        #expect(schema.firstViolation(in: response.content) == nil, "\(response.text)")
        #expect(response.metadata.finishReason == .stop)
    }

    @Test("the stock json_schema mode sends llama.cpp's own grammar and reports cut-off output clearly")
    func stockJSONSchema() async throws {
        let configuration = try OnDeviceFixture.configuration(name: "on-device-stock", grammarMode: .stockJSONSchema)
        let model = OnDeviceLanguageModel(configuration: configuration)
        defer { Task { await model.shutdown() } }
        do {
            let response = try await model.respond(
                to: Self.request("A login form", options: .init(sampling: .greedy, maximumResponseTokens: 400)))
            #expect(ScreenSketch.generationSchema.firstViolation(in: response.content) == nil)
        } catch let error as GenUIError {
            guard case .decodingFailure = error else {
                Issue.record("the stock grammar must either validate or fail to decode, not \(error)")
                return
            }
            #expect(error.context.debugDescription.contains("400 tokens"))
        }
        await model.shutdown()
    }

    @Test("a too small maximumResponseTokens gives a decoding failure that says the output was cut off")
    func truncation() async throws {
        let model = try Self.model()
        do {
            _ = try await model.respond(
                to: Self.request("A login form", options: .init(sampling: .greedy, maximumResponseTokens: 5)))
            Issue.record("five tokens cannot hold a screen")
        } catch let error as GenUIError {
            #expect(error.code == "decodingFailure")
            #expect(error.context.debugDescription.contains("limit of 5 tokens"))
            #expect(error.context.debugDescription.contains("raise maximumResponseTokens"))
        }
    }

    @Test(
        "SIGKILL of llama-server mid-request is a typed error, the next request restarts it, and shutdown leaves no child"
    )
    func killMidRequest() async throws {
        let model = OnDeviceLanguageModel(configuration: try OnDeviceFixture.configuration(name: "on-device-kill"))
        await model.prewarm(promptPrefix: nil)
        let first = try #require(await model.serverProcessID)
        #expect(getpgid(first) == first, "llama-server leads its own process group")
        let stream = model.streamResponse(
            to: GenerationRequest(
                prompt: "Write a long story about a lighthouse.",
                options: .init(sampling: .greedy, maximumResponseTokens: 400)))
        do {
            var killed = false
            for try await event in stream {
                if case .delta = event, !killed {
                    kill(first, SIGKILL)
                    killed = true
                }
            }
            Issue.record("the request cannot complete after its server was killed")
        } catch let error as GenUIError {
            guard case .serverError = error else {
                Issue.record("expected serverError, got \(error)")
                return
            }
            #expect(error.provider == "on-device-kill")
            #expect(error.context.debugDescription.contains("signal 9"))
        }
        let response = try await model.respond(to: Self.request("A login form"))
        #expect(ScreenSketch.generationSchema.firstViolation(in: response.content) == nil)
        let second = try #require(await model.serverProcessID)
        #expect(second != first)
        await model.shutdown()
        #expect(await model.serverProcessID == nil)
        #expect(OnDeviceProcessTests.isGone(second))
        #expect(OnDeviceProcessTests.liveMembers(ofGroup: second).isEmpty, "no process of the server's group remains")
    }

    @Test("prewarming with a prompt prefix starts the server, and it stops by itself after the idle time")
    func idleShutdown() async throws {
        let model = OnDeviceLanguageModel(
            configuration: try OnDeviceFixture.configuration(name: "on-device-idle", idleShutdownSeconds: 0.5))
        #expect(await model.serverProcessID == nil)
        await model.prewarm(promptPrefix: Self.instructions)
        let pid = try #require(await model.serverProcessID)
        for _ in 0..<300 where await model.serverProcessID != nil {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(await model.serverProcessID == nil)
        // Stopping sends SIGTERM and allows a short grace period before SIGKILL.
        for _ in 0..<250 where !OnDeviceProcessTests.isGone(pid) {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(OnDeviceProcessTests.isGone(pid))
    }

    @Test(
        "after the process that started it is killed or terminated, no llama-server remains",
        arguments: [SIGKILL, SIGTERM])
    func noOrphans(signal: Int32) async throws {
        _ = try OnDeviceFixture.requireRuntime()
        let folder = try TemporaryFolder()
        let pidFile = folder.path + "/server.pid"
        let runner = Process()
        runner.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        runner.arguments = ["--testing-library", "swift-testing", "--filter", "OnDeviceOrphanProbe"]
        var environment = ProcessInfo.processInfo.environment
        environment[OrphanProbeSettings.variable] = pidFile
        runner.environment = environment
        runner.standardOutput = FileHandle.nullDevice
        runner.standardError = FileHandle.nullDevice
        try runner.run()
        var serverPID: Int32?
        for _ in 0..<3000 where serverPID == nil {
            try await Task.sleep(for: .milliseconds(20))
            serverPID = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap {
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if !runner.isRunning { break }
        }
        let pid = try #require(serverPID, "the probe process started a server")
        #expect(!OnDeviceProcessTests.isGone(pid))
        kill(runner.processIdentifier, signal)
        runner.waitUntilExit()
        for _ in 0..<250 where !OnDeviceProcessTests.isGone(pid) {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(OnDeviceProcessTests.isGone(pid), "llama-server \(pid) outlived the process that started it")
    }
}

/// Run only as the child of ``OnDeviceServerTests/noOrphans(signal:)``: starts a server, writes its pid, waits to be
/// killed.
@Suite(
    "OnDeviceOrphanProbe", .tags(.llamaServer),
    .enabled(if: ProcessInfo.processInfo.environment[OrphanProbeSettings.variable] != nil))
struct OnDeviceOrphanProbe {

    @Test("starts a server and waits for the parent test to kill this process")
    func startAndWait() async throws {
        let file = try #require(ProcessInfo.processInfo.environment[OrphanProbeSettings.variable])
        let model = OnDeviceLanguageModel(configuration: try OnDeviceFixture.configuration(name: "orphan-probe"))
        await model.prewarm(promptPrefix: nil)
        let pid = try #require(await model.serverProcessID)
        try "\(pid)\n".write(toFile: file, atomically: true, encoding: .utf8)
        try await Task.sleep(for: .seconds(120))
    }
}

/// The environment variable that turns ``OnDeviceOrphanProbe`` on and names its pid file.
enum OrphanProbeSettings {
    static let variable = "GENUI_ORPHAN_PROBE_FILE"
}
