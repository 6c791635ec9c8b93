import CGenUIProcess
import Foundation
import GenUI
import GenUIHTTP

/// The `llama-server` subprocess behind an ``OnDeviceModel``: started on demand, shared by requests, stopped when
/// idle or when the process ends.
///
/// - Start: a free loopback port is picked (bind to port 0), the server is launched in its own process group with
///   `-m -c -t --host 127.0.0.1 --port --no-webui`, and `/health` is polled until it answers 200 (503 "Loading
///   model" while the weights load). `/props` is read once and cached.
/// - Crashes: when a request finds the server gone, it restarts it once. After
///   ``maximumConsecutiveCrashes`` failures with no successful request in between, requests fail at once for
///   ``crashCooldown`` with the exit status and the server's last log lines.
/// - Stop: after ``OnDeviceConfiguration/idleShutdownSeconds`` without requests, on ``shutdown()``, and (through the C
///   shim) on exit, SIGINT and SIGTERM; on Linux the kernel also kills it if this process dies.
actor LlamaServer {
    /// Consecutive failed starts or crashes after which the server is not restarted for a while.
    static let maximumConsecutiveCrashes = 3
    /// How long requests fail fast after repeated crashes.
    static let crashCooldown: Duration = .seconds(30)

    let configuration: OnDeviceConfiguration
    let locator: LlamaServerLocator
    let client: HTTPClient
    nonisolated let status = ServerStatus()

    private var process: ChildProcess?
    private var baseURL: URL?

    /// The server's base URL while it runs.
    var runningURL: URL? { process == nil ? nil : baseURL }
    private var startTask: Task<URL, any Error>?
    private var inFlight = 0
    private var lastActivity = ContinuousClock.now
    private var idleTask: Task<Void, Never>?
    private var consecutiveFailures = 0
    private var lastFailure: String?
    private var lastFailureTime: ContinuousClock.Instant?
    private var generation = 0

    init(configuration: OnDeviceConfiguration, locator: LlamaServerLocator, client: HTTPClient) {
        self.configuration = configuration
        self.locator = locator
        self.client = client
    }

    deinit {
        process?.killNow()
    }

    /// The running server's process id (also its process group id), for diagnostics and tests.
    var pid: Int32? { process?.isRunning == true ? process?.pid : nil }

    /// The server's last log lines.
    var logTail: String { process?.log.tail() ?? lastFailure ?? "" }

    /// Makes sure the server runs and counts a request in flight; returns its base URL. Pair with ``release(succeeded:)``.
    func acquire() async throws -> URL {
        let url = try await ensureRunning()
        inFlight += 1
        lastActivity = .now
        idleTask?.cancel()
        idleTask = nil
        return url
    }

    /// Ends a request started with ``acquire()``.
    func release(succeeded: Bool) {
        inFlight = max(0, inFlight - 1)
        lastActivity = .now
        if succeeded {
            consecutiveFailures = 0
            lastFailure = nil
        }
        scheduleIdleShutdown()
    }

    /// Starts the server if it is not running (used by `prewarm`).
    func start() async throws {
        _ = try await ensureRunning()
        lastActivity = .now
        scheduleIdleShutdown()
    }

    /// Stops the server and waits until its process group is gone.
    func shutdown() async {
        idleTask?.cancel()
        idleTask = nil
        startTask?.cancel()
        startTask = nil
        let stopping = process
        process = nil
        baseURL = nil
        status.phase = .stopped
        generation += 1
        await stopping?.terminate()
    }

    /// If the server process has ended, a description of how (exit status and last log lines), else `nil`.
    func deathReport() async -> String? {
        guard let process, let exit = process.exit else { return nil }
        await process.awaitLogEnd()
        return "llama-server (pid \(process.pid)) \(exit); it will be restarted by the next request. Last log lines:\n"
            + process.log.tail()
    }

    // MARK: Starting

    private func ensureRunning() async throws -> URL {
        if let dead = process, let baseURL {
            if dead.isRunning { return baseURL }
            process = nil
            self.baseURL = nil
            status.phase = .stopped
            await dead.awaitLogEnd()
            recordFailure("llama-server (pid \(dead.pid)) \(dead.exit?.description ?? "ended"). Last log lines:\n\(dead.log.tail())")
        }
        if let startTask { return try await startTask.value }
        if consecutiveFailures >= Self.maximumConsecutiveCrashes, let lastFailureTime,
            ContinuousClock.now - lastFailureTime < Self.crashCooldown
        {
            throw LanguageModelError.serverError(
                status: nil,
                .init(
                    provider: configuration.name,
                    debugDescription:
                        "llama-server failed \(consecutiveFailures) times in a row; not restarting it for \(Int(Self.crashCooldown.seconds)) s. \(lastFailure ?? "")"
                ))
        }
        let task = Task { try await self.launch() }
        startTask = task
        defer { startTask = nil }
        do {
            return try await task.value
        } catch {
            if !(error is CancellationError) { recordFailure("\(error)") }
            throw error
        }
    }

    private func recordFailure(_ description: String) {
        consecutiveFailures += 1
        lastFailure = description
        lastFailureTime = .now
    }

    private func launch() async throws -> URL {
        let binary: String
        switch locator.locate() {
        case .found(let path, _): binary = path
        case .missing(let looked):
            throw LanguageModelError.unavailable(
                .runtimeMissing(binary: looked.first ?? LlamaServerLocator.programName),
                .init(provider: configuration.name, debugDescription: "llama-server not found (looked in \(looked.joined(separator: ", ")))"))
        }
        var lastError: (any Error)?
        // A port taken between picking and binding makes the server exit at once: one more try with a new port.
        for _ in 0..<2 {
            let port = genui_free_loopback_port()
            guard port > 0 else {
                throw LanguageModelError.serverError(
                    status: nil, .init(provider: configuration.name, debugDescription: "cannot pick a free loopback port (errno \(errno))"))
            }
            do {
                return try await launch(binary: binary, port: Int(port))
            } catch let failure as StartFailure {
                guard failure.portInUse else { throw failure.error }
                lastError = failure.error
            }
        }
        throw lastError ?? LanguageModelError.serverError(status: nil, .init(provider: configuration.name, debugDescription: "llama-server did not start"))
    }

    private struct StartFailure: Error {
        var error: LanguageModelError
        var portInUse: Bool
    }

    private func arguments(port: Int) -> [String] {
        var arguments = [
            "-m", configuration.resolvedModelPath, "--host", "127.0.0.1", "--port", String(port),
            "-c", String(configuration.contextSize), "--no-webui", "--parallel", "1",
        ]
        if let threads = configuration.threads { arguments += ["-t", String(threads)] }
        return arguments + configuration.extraArguments
    }

    /// This process's environment without the variables llama-server reads as settings (`LLAMA_API_KEY`,
    /// `LLAMA_ARG_*`): an API key or host meant for another llama-server must not lock genui out of its own.
    static func serverEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        environment.filter { key, _ in key != "LLAMA_API_KEY" && !key.hasPrefix("LLAMA_ARG_") }
    }

    private func launch(binary: String, port: Int) async throws -> URL {
        guard let url = URL(string: "http://127.0.0.1:\(port)") else {
            throw LanguageModelError.serverError(
                status: nil, .init(provider: configuration.name, debugDescription: "invalid loopback port \(port)"))
        }
        let child: ChildProcess
        do {
            child = try ChildProcess.launch(
                executable: binary, arguments: arguments(port: port), environment: Self.serverEnvironment())
        } catch {
            throw LanguageModelError.unavailable(
                .runtimeMissing(binary: binary), .init(provider: configuration.name, debugDescription: "\(error)"))
        }
        process = child
        status.phase = .loading
        generation += 1
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(configuration.startTimeoutSeconds * 1000)))
        do {
            try await waitUntilHealthy(child: child, url: url, deadline: deadline)
        } catch {
            await child.terminate(grace: .milliseconds(100))
            if process === child {
                process = nil
                status.phase = .stopped
            }
            throw error
        }
        baseURL = url
        status.phase = .ready
        status.properties = await readProperties(url: url) ?? status.properties
        return url
    }

    private func waitUntilHealthy(child: ChildProcess, url: URL, deadline: ContinuousClock.Instant) async throws {
        let health = url.appendingPathComponent("health")
        while true {
            try Task.checkCancellation()
            if let exit = child.exit {
                await child.awaitLogEnd()
                let tail = child.log.tail()
                let portInUse = tail.contains("bind") || tail.lowercased().contains("address already in use")
                let hint = tail.contains("GGUF") || tail.contains("model") ? " (the model did not load)" : ""
                throw StartFailure(
                    error: .serverError(
                        status: nil,
                        .init(
                            provider: configuration.name,
                            debugDescription: "llama-server \(exit) while starting\(hint). Last log lines:\n\(tail)")),
                    portInUse: portInUse)
            }
            if ContinuousClock.now >= deadline {
                throw LanguageModelError.timedOut(
                    .init(
                        provider: configuration.name,
                        debugDescription:
                            "llama-server did not become ready within \(configuration.startTimeoutSeconds) s. Last log lines:\n\(child.log.tail())"
                    ))
            }
            let request = HTTPRequest(url: health, headTimeout: .seconds(2), totalTimeout: .seconds(2))
            if let response = try? await client.send(request), response.status == 200 { return }
            try await Task.sleep(for: .milliseconds(40))
        }
    }

    private func readProperties(url: URL) async -> ServerStatus.Properties? {
        let request = HTTPRequest(url: url.appendingPathComponent("props"), headTimeout: .seconds(5), totalTimeout: .seconds(5))
        guard let response = try? await client.send(request), response.status == 200, let json = response.json else {
            return nil
        }
        return ServerStatus.Properties(
            contextSize: json["default_generation_settings"]?["n_ctx"]?.intValue,
            supportsVision: json["modalities"]?["vision"]?.boolValue ?? false,
            modelPath: json["model_path"]?.stringValue)
    }

    // MARK: Idle shutdown

    private func scheduleIdleShutdown() {
        guard inFlight == 0, let seconds = configuration.idleShutdownSeconds, process != nil else { return }
        idleTask?.cancel()
        let expected = generation
        idleTask = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(Int64(max(0, seconds) * 1000)))
            guard !Task.isCancelled else { return }
            await self?.stopIfIdle(generation: expected, seconds: seconds)
        }
    }

    private func stopIfIdle(generation expected: Int, seconds: Double) async {
        guard generation == expected, inFlight == 0,
            ContinuousClock.now - lastActivity >= .milliseconds(Int64(seconds * 1000) - 5)
        else { return }
        await shutdown()
    }
}
