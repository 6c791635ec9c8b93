import Foundation
import GenUI
import GenUIConfig
import GenUIHTTP
import GenUIOpenAI
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Synchronization
import Testing

/// One llama-server on a fixed loopback port that a test can kill and start again on the same port.
private final class RestartableLlamaServer: @unchecked Sendable {
    let port: Int
    private let process = Mutex<Process?>(nil)

    init() { port = unusedLoopbackPort() }

    var baseURL: URL { URL(validLiteral: "http://127.0.0.1:\(port)") }

    func start() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: LlamaTestEnvironment.serverPath)
        process.arguments = [
            "-m", LlamaTestEnvironment.modelPath, "--host", "127.0.0.1", "--port", "\(port)", "-c", "2048",
            "--no-webui", "-np", "1", "-t", "1",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process.withLock { $0 = process }
        let client = HTTPClient(timeouts: .init(connect: .seconds(2), total: .seconds(2)))
        let deadline = ContinuousClock.now + .seconds(90)
        while ContinuousClock.now < deadline {
            if let response = try? await client.send(HTTPRequest(url: baseURL.appendingPathComponent("health"))),
                response.status == 200
            {
                return
            }
            try #require(process.isRunning, "llama-server exited during start-up")
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("llama-server did not become healthy within 90 s")
    }

    /// Kills the server (SIGKILL: no goodbye to its clients) and waits for it to exit.
    func kill() {
        guard let process = process.withLock({ $0 }) else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// Whether the test has killed the first server yet.
private final class KilledFlag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}

@Suite(
    "Fleet over real llama-server instances", .tags(.llamaServer), .serialized,
    .enabled(if: LlamaTestEnvironment.runnable))
struct FleetLlamaServerTests {
    @Test(
        "one of two llama-servers killed mid-run: sessions keep getting answers from the other; after a restart it serves again"
    )
    func killAndRestart() async throws {
        let servers = [RestartableLlamaServer(), RestartableLlamaServer()]
        defer { servers.forEach { $0.kill() } }
        for server in servers { try await server.start() }
        let endpoints = servers.map { server in
            FleetEndpoint(
                OpenAILanguageModel(
                    configuration: OpenAIConfiguration(
                        name: "fleet", baseURL: server.baseURL.appendingPathComponent("v1"), model: "smollm2",
                        apiKeyEnvironmentVariable: nil, requestTimeout: .seconds(60))),
                label: server.baseURL.absoluteString)
        }
        // The fleet's cooldowns and caches run on a clock the test moves: the restarted server is back once it is
        // advanced past them, without waiting.
        let clock = ManualClock()
        var fleetOptions = FleetOptions(
            strategy: .leastBusy, coolDown: .milliseconds(500), maximumCoolDown: .seconds(1),
            availabilityTTL: .milliseconds(200))
        fleetOptions.clock = clock.chainClock
        let fleet = EndpointFleet(name: "fleet", endpoints: endpoints, options: fleetOptions)
        let chain = ProviderChain(
            name: "fleet", models: [fleet], options: ChainOptions(availabilityTTL: .milliseconds(200)))
        let options = GenerationOptions(temperature: 0, maximumResponseTokens: 6)

        // Both serve while both are up.
        var served = Set<String>()
        for index in 0..<4 {
            let response = try await chain.respond(to: GenerationRequest(prompt: "Say hi \(index).", options: options))
            served.insert(response.metadata.endpoint?.endpoint ?? "")
        }
        #expect(served == Set(servers.map(\.baseURL.absoluteString)), "least-busy used both endpoints")

        // Two sessions keep asking while the first server is killed under them.
        let killed = KilledFlag()
        let answers = try await withThrowingTaskGroup(of: [String].self) { group in
            for user in 0..<2 {
                group.addTask {
                    let session = LanguageModelSession(model: chain)
                    var endpoints: [String] = []
                    for turn in 0..<4 {
                        let response = try await session.respond(
                            to: "Say a colour, user \(user), turn \(turn).", options: options)
                        endpoints.append(response.metadata.endpoint?.endpoint ?? "")
                        if user == 0, turn == 0 {
                            servers[0].kill()
                            killed.set()
                        }
                    }
                    return endpoints
                }
            }
            return try await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(killed.isSet)
        #expect(answers.count == 8, "every request of both sessions was answered")
        #expect(answers.suffix(3).allSatisfy { $0 == servers[1].baseURL.absoluteString })

        // Restarted on the same port, the first server gets requests again once its cooldown is over.
        try await servers[0].start()
        clock.advance(by: .seconds(2))
        var back = false
        for index in 0..<8 where !back {
            let response = try await chain.respond(to: GenerationRequest(prompt: "Say yes \(index).", options: options))
            back = response.metadata.endpoint?.endpoint == servers[0].baseURL.absoluteString
        }
        #expect(back, "the restarted endpoint served again")
    }

    @Test(
        "least-busy from providers.yml reads llama-server's /slots: the server busy with another client's request is passed over"
    )
    func leastBusyReadsSlots() async throws {
        let servers = [RestartableLlamaServer(), RestartableLlamaServer()]
        defer { servers.forEach { $0.kill() } }
        for server in servers { try await server.start() }
        let configuration = try ConfigurationLoader(environment: [:], homeDirectory: "/nonexistent").parse(
            """
            version: 1
            chains:
              default: [fleet]
            providers:
              fleet:
                type: openai
                model: smollm2
                api_key_env: null
                endpoints: [\(servers.map { $0.baseURL.appendingPathComponent("v1").absoluteString }.joined(separator: ", "))]
                strategy: least-busy
            """)
        let settings = try #require(configuration.providers.first)
        let fleet = ProviderRegistry.standard.makeModel(for: settings, context: ProviderBuildContext(environment: [:]))
        let options = GenerationOptions(temperature: 0, maximumResponseTokens: 4)

        // Another client (not this process) keeps the first server's only slot busy with a long answer.
        let body = #"{"prompt": "Tell a long story.", "n_predict": 4000, "ignore_eos": true}"#
        let other = Task {
            _ = try? await HTTPClient(timeouts: .init(connect: .seconds(2), total: .seconds(600))).send(
                HTTPRequest(
                    method: "POST", url: servers[0].baseURL.appendingPathComponent("completion"),
                    headers: ["Content-Type": "application/json"], body: Data(body.utf8)))
        }
        defer { other.cancel() }
        let slots = servers[0].baseURL.appendingPathComponent("slots")
        let deadline = ContinuousClock.now + .seconds(60)
        var busy = false
        while !busy, ContinuousClock.now < deadline {
            let response = try? await HTTPClient.shared.send(HTTPRequest(url: slots))
            busy = response.map { String(decoding: $0.body, as: UTF8.self).contains(#""is_processing":true"#) } ?? false
            if !busy { try await Task.sleep(for: .milliseconds(50)) }
        }
        try #require(busy, "the other client's request never started on the first server")

        // This process has nothing in flight to either: only the servers' own slot counts tell them apart.
        let response = try await fleet.respond(to: GenerationRequest(prompt: "Say hi.", options: options))
        #expect(
            response.metadata.endpoint?.endpoint == servers[1].baseURL.appendingPathComponent("v1").absoluteString,
            "\(String(describing: response.metadata.endpoint))")
        #expect(response.metadata.endpoint?.reason == "fewestBusySlots")
    }
}
