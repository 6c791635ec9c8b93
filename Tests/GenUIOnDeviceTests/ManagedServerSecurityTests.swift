import Foundation
import GenUI
import GenUIHTTP
import GenUIProcess
import GenUITestSupport
import GenUITesting
import Testing

@testable import GenUIOnDevice

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The managed llama-server serves only genui: a per-start key in its environment, a minimal environment, and a
/// start that makes sure the process answering on its port is the one genui started.
@Suite("Managed llama-server security", .tags(.llamaServer), .serialized, .enabled(if: OnDeviceFixture.shouldRun))
struct ManagedServerSecurityTests {
    static func request() -> GenerationRequest {
        GenerationRequest(
            prompt: "A login form", instructions: "Answer with a screen sketch.", schema: ScreenSketch.generationSchema,
            options: .init(sampling: .greedy))
    }

    /// A raw request to `url`, with no header genui would add.
    static func raw(_ url: URL, method: String = "GET", headers: [String: String] = [:], body: String? = nil)
        async throws
        -> Int
    {
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (_, response) = try await session.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? -1
    }

    @Test("the managed server rejects every request without its key (401) and accepts genui's")
    func rejectsRequestsWithoutKey() async throws {
        let model = OnDeviceLanguageModel(configuration: try OnDeviceFixture.configuration(name: "secured"))
        defer { Task { await model.shutdown() } }
        _ = try await model.respond(to: Self.request())
        let url = try #require(await model.serverURL)
        #expect(try await Self.raw(url.appendingPathComponent("props")) == 401)
        #expect(try await Self.raw(url.appendingPathComponent("v1/models")) == 401)
        #expect(
            try await Self.raw(
                url.appendingPathComponent("completion"), method: "POST", body: #"{"prompt":"hi","n_predict":1}"#)
                == 401)
        #expect(
            try await Self.raw(
                url.appendingPathComponent("completion"), method: "POST", headers: ["Authorization": "Bearer wrong"],
                body: #"{"prompt":"hi","n_predict":1}"#) == 401)
        let headers = try #require(await model.serverRequestHeaders)
        #expect(try await Self.raw(url.appendingPathComponent("props"), headers: headers) == 200)
        // A second start gets a new key.
        await model.shutdown()
        _ = try await model.respond(to: Self.request())
        let second = try #require(await model.serverRequestHeaders)
        #expect(second != headers)
    }

    @Test("llama-server gets no provider key from genui's environment, and its key is in its environment, not argv")
    func minimalEnvironment() async throws {
        let model = OnDeviceLanguageModel(configuration: try OnDeviceFixture.configuration(name: "minimal-env"))
        defer { Task { await model.shutdown() } }
        let fakeKeys = [
            "OPENAI_API_KEY": "sk-fake-openai-4f1e", "ANTHROPIC_API_KEY": "sk-ant-fake-77aa",
            "GEMINI_API_KEY": "fake-gemini-9c3d", "AWS_SECRET_ACCESS_KEY": "fake-aws-secret-0b12",
            "GENUI_GATEWAY_TOKEN": "fake-gateway-5e6f", "LLAMA_API_KEY": "someone-elses-key",
            "LLAMA_ARG_HOST": "0.0.0.0",
        ]
        await model.server.useParentEnvironment(
            ProcessInfo.processInfo.environment.merging(fakeKeys) { _, fake in fake })
        _ = try await model.respond(to: Self.request())
        let pid = try #require(await model.serverProcessID)
        let key = try #require(await model.server.runningEndpoint?.key.value)

        let environ = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))
        let variables = environ.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        let names = Set(variables.compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
        for (name, value) in fakeKeys where name != "LLAMA_API_KEY" {
            #expect(!names.contains(name), "\(name) reached llama-server")
            #expect(!variables.contains { $0.contains(value) }, "the value of \(name) reached llama-server")
        }
        #expect(variables.contains("LLAMA_API_KEY=\(key)"))
        #expect(!variables.contains { $0.contains("someone-elses-key") })
        #expect(names.contains("PATH"))
        #expect(key.count == 64 && key.allSatisfy(\.isHexDigit))

        let cmdline = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))
        #expect(!String(decoding: cmdline, as: UTF8.self).contains(key), "the key is on llama-server's command line")
        #expect(!(await model.serverLog).contains(key))
    }

    @Test("a process squatting the port answers /health first: no prompt reaches it, the server starts on another port")
    func squatterGetsNoPrompt() async throws {
        let squatter = try LoopbackHTTPServer { request, connection in
            connection.respond(status: 200, json: #"{"status":"ok","prompt":"squatted","content":"squatted"}"#)
        }
        defer { squatter.stop() }
        let model = OnDeviceLanguageModel(configuration: try OnDeviceFixture.configuration(name: "squatted"))
        defer { Task { await model.shutdown() } }
        await model.server.tryPortsFirst([squatter.port])
        let response = try await model.respond(to: Self.request())
        #expect(try ScreenSketch(response.content).items.count >= 1)
        let url = try #require(await model.serverURL)
        #expect(url.port != squatter.port)
        let received = squatter.requests
        #expect(received.allSatisfy { $0.path == "/health" }, "\(received.map(\.path))")
        #expect(received.allSatisfy { $0.header("authorization") == nil }, "the key reached the squatter")
        #expect(!received.contains { $0.text.contains("login") })
    }

}

/// The pieces of the managed server's protection that need no llama-server.
@Suite("Managed llama-server security: ownership, client, key", .tags(.integration))
struct ManagedServerPartsTests {
    @Test("the kernel's listener table tells a port held by this process from one held by another")
    func listenerOwnership() async throws {
        let listener = try LoopbackHTTPServer { _, connection in connection.respond(status: 200) }
        defer { listener.stop() }
        #expect(ListenerOwnership.check(port: listener.port, pid: getpid()) == .owned)
        let sleeper = try ChildProcess.launch(executable: "/bin/sleep", arguments: ["30"])
        defer { sleeper.killNow() }
        #expect(ListenerOwnership.check(port: listener.port, pid: sleeper.pid) == .foreign)
        let table = """
              sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
               0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 4242 1 0
               1: 0100007F:1F90 0100007F:9C40 01 00000000:00000000 00:00000000 00000000  1000        0 4343 1 0
               2: 0100007F:1F91 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 4444 1 0
            """
        #expect(ListenerOwnership.listeningInodes(in: table, port: 8080) == ["4242"])
    }

    @Test("every on-device model shares the process-wide HTTP client (one URLSession)")
    func sharedClient() throws {
        let first = OnDeviceLanguageModel(
            configuration: OnDeviceConfiguration(name: "a", modelPath: "/nonexistent.gguf"))
        let second = OnDeviceLanguageModel(
            configuration: OnDeviceConfiguration(name: "b", modelPath: "/nonexistent.gguf"))
        #expect(first.server.client === HTTPClient.shared)
        #expect(second.server.client === first.server.client)
    }

    @Test("the access key never shows in a description, and is removed from log lines")
    func keyRedacted() {
        let key = ServerAccessKey.generate()
        #expect("\(key)" == "****")
        #expect(String(reflecting: key) == "****")
        #expect(key.redact("api key \(key.value) loaded") == "api key **** loaded")
        #expect(ServerAccessKey.generate() != key)
    }
}
