import Foundation
import GenUI
import GenUIHTTP
import Synchronization
import Testing

/// Where the test llama-server and model are: GenUITestSupport's one lookup (``OnDeviceRuntime``).
public enum LlamaTestEnvironment {
    public static var serverPath: String { OnDeviceRuntime.serverPath }
    public static var modelPath: String { OnDeviceRuntime.modelPath }
    public static var isCI: Bool { TestEnvironment.isCI }
    public static var installed: Bool { OnDeviceRuntime.installed }

    /// Whether llama-server tests run: when installed, and always under CI (where a missing install must fail).
    public static var runnable: Bool { OnDeviceRuntime.enabled }
}

/// A llama-server on loopback shared by the tests that use it at the same time: started by the first, stopped by
/// the last, with SIGKILL.
public final class LlamaServerFixture: Sendable {
    /// The loopback port it listens on.
    public let port: Int
    /// The API key it requires, if any.
    public let apiKey: String?
    private let process: ProcessBox

    private struct ProcessBox: @unchecked Sendable { let process: Process }

    private static let shared = Mutex<[String: (fixture: LlamaServerFixture, users: Int)]>([:])
    private static let startLock = Mutex<Void>(())

    private init(apiKey: String?) throws {
        try #require(LlamaTestEnvironment.installed, "llama-server or the test model is missing: run scripts/bootstrap")
        port = unusedLoopbackPort()
        self.apiKey = apiKey
        let process = Process()
        process.executableURL = URL(fileURLWithPath: LlamaTestEnvironment.serverPath)
        var arguments = [
            "-m", LlamaTestEnvironment.modelPath, "--host", "127.0.0.1",
            "--port", "\(port)", "-c", "2048", "--no-webui", "-np", "2",
        ]
        if let apiKey { arguments += ["--api-key", apiKey] }
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = ProcessBox(process: process)
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private func waitUntilHealthy() async throws {
        try await waitForHealth(of: baseURL, process: process.process, within: .seconds(120))
    }

    private func stop() {
        // llama-server may ignore SIGTERM while idle; the fixture must never leave it running.
        kill(process.process.processIdentifier, SIGKILL)
        process.process.waitUntilExit()
    }

    /// Runs `body` with a healthy server (one per distinct `apiKey`), shared with concurrent callers.
    public static func with<T>(apiKey: String? = nil, _ body: (LlamaServerFixture) async throws -> T) async throws -> T
    {
        let key = apiKey ?? ""
        let fixture: LlamaServerFixture = try shared.withLock { table in
            if var entry = table[key] {
                entry.users += 1
                table[key] = entry
                return entry.fixture
            }
            let fixture = try LlamaServerFixture(apiKey: apiKey)
            table[key] = (fixture, 1)
            return fixture
        }
        defer {
            let last = shared.withLock { table -> LlamaServerFixture? in
                guard var entry = table[key] else { return nil }
                entry.users -= 1
                if entry.users == 0 {
                    table[key] = nil
                    return entry.fixture
                }
                table[key] = entry
                return nil
            }
            last?.stop()
        }
        try await fixture.waitUntilHealthy()
        return try await body(fixture)
    }
}

/// Waits until the llama-server `process` listening at `baseURL` answers `/health` with 200, within `limit`; fails
/// the test when the process exits first, and records an issue when the time runs out.
func waitForHealth(of baseURL: URL, process: Process, within limit: Duration) async throws {
    let client = HTTPClient(timeouts: .init(connect: .seconds(2), total: .seconds(2)))
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if let response = try? await client.send(HTTPRequest(url: baseURL.appendingPathComponent("health"))),
            response.status == 200
        {
            return
        }
        try #require(process.isRunning, "llama-server exited during start-up")
        try await Task.sleep(for: .milliseconds(100))
    }
    Issue.record("llama-server did not become healthy within \(limit)")
}
