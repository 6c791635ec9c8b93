import CGenUIProcess
import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP
import GenUIProcess
import Logging

/// The `llama-server` subprocess behind an ``OnDeviceLanguageModel``: started on demand, shared by requests, stopped
/// when idle or when the process ends.
///
/// - Start: a free loopback port is picked (bind to port 0), the server is launched in its own process group with
///   `-m -c -t --host 127.0.0.1 --port --no-webui`, and `/health` is polled until it answers 200 (503 "Loading
///   model" while the weights load). `/props` is read once and cached.
/// - Access: every start gets a new random key (``ServerAccessKey``), passed to llama-server in its environment
///   (`LLAMA_API_KEY`, never on its command line) and sent with every request but `/health`, so no other local
///   process can use the server. The child's environment is minimal (``serverEnvironment(_:)``): no provider keys.
/// - Ownership: before the first prompt, genui makes sure the process answering on the port is the one it started
///   (``ListenerOwnership`` on Linux) and that it demands the key (`/props` answers 401 without it, 200 with it).
///   A port another process took is given up for a fresh one, up to ``maximumPortAttempts`` times.
/// - Crashes: when a request finds the server gone, it restarts it once. After
///   ``maximumConsecutiveCrashes`` failures with no successful request in between, requests fail at once for
///   ``crashCooldown`` with the exit status and the server's last log lines.
/// - Stop: after ``OnDeviceConfiguration/idleShutdownSeconds`` without requests, on ``shutdown()``, and (through the C
///   shim) on exit, SIGINT and SIGTERM; on Linux the kernel also kills it if this process dies.
/// - Observability: each start is a span, `genui.server.start` (from spawning to healthy, a child of the request
///   that caused it), and is logged at info with its pid, port, model file and seconds to healthy, as is each stop;
///   a start that fails is an error line, a server found dead a warning (``ServerLog``).
actor LlamaServer {
    /// Consecutive failed starts or crashes after which the server is not restarted for a while.
    static let maximumConsecutiveCrashes = 3
    /// How long requests fail fast after repeated crashes.
    static let crashCooldown: Duration = .seconds(30)
    /// How many ports a start tries when the one it picked is taken by another process.
    static let maximumPortAttempts = 4

    let configuration: OnDeviceConfiguration
    let locator: LlamaServerLocator
    /// Where failed starts that will recur are remembered across processes (``RuntimeFailureMemory``).
    let failures: RuntimeFailureMemory?
    /// The client of requests to the server, logging each one (debug) to ``logger``.
    nonisolated let client: HTTPClient
    /// The client of the start's health polls, which are not logged (one each 40 ms while the model loads).
    private let pollingClient: HTTPClient
    nonisolated let status = ServerStatus()
    /// The start, stop and failure lines, with `genui.provider`.
    private let log: ServerLog
    /// When the running server was started, for its uptime when it stops.
    private var startedAt: ContinuousClock.Instant?

    private var process: ChildProcess?
    private var endpoint: ServerEndpoint?
    /// The key of the server being started or running, for removing it from log lines.
    private var key: ServerAccessKey?
    /// Ports to try before picking free ones (tests use it to make a start meet a squatter).
    private var portCandidates: [Int] = []
    /// The environment the child's is filtered from; `nil` is this process's (tests set their own).
    private var parentEnvironment: [String: String]?

    /// The server's base URL while it runs.
    var runningURL: URL? { process == nil ? nil : endpoint?.baseURL }
    /// The running server's address and access key.
    var runningEndpoint: ServerEndpoint? { process == nil ? nil : endpoint }
    private var startTask: Task<ServerEndpoint, any Error>?
    private var inFlight = 0
    private var lastActivity = ContinuousClock.now
    private var idleTask: Task<Void, Never>?
    private var consecutiveFailures = 0
    private var lastFailure: String?
    private var lastFailureTime: ContinuousClock.Instant?
    private var generation = 0

    init(
        configuration: OnDeviceConfiguration, locator: LlamaServerLocator, failures: RuntimeFailureMemory? = nil,
        client: HTTPClient = .shared, logger: Logger = ProviderInstrumentation.disabledLogger
    ) {
        self.configuration = configuration
        self.locator = locator
        self.failures = failures
        let log = ServerLog(logger: logger, provider: configuration.name)
        self.log = log
        self.pollingClient = client
        self.client = log.logger.logLevel <= .debug ? client.logging(to: log.logger) : client
    }

    deinit {
        process?.killNow()
    }

    /// The running server's process id (also its process group id), for diagnostics and tests.
    var pid: Int32? { process?.isRunning == true ? process?.pid : nil }

    /// The server's last log lines.
    var logTail: String { process.map(tail) ?? lastFailure ?? "" }

    /// Makes the next start try `ports` first, in order (for tests).
    func tryPortsFirst(_ ports: [Int]) {
        portCandidates = ports
    }

    /// Makes later starts filter the child's environment from `environment` instead of this process's (for tests).
    func useParentEnvironment(_ environment: [String: String]) {
        parentEnvironment = environment
    }

    /// Makes sure the server runs and counts a request in flight; returns where it listens and its key. Pair with
    /// ``release(succeeded:)``.
    func acquire() async throws -> ServerEndpoint {
        let endpoint = try await ensureRunning()
        inFlight += 1
        lastActivity = .now
        idleTask?.cancel()
        idleTask = nil
        return endpoint
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

    /// Stops the server and waits until its process group is gone; `reason` is logged with the stop.
    func shutdown(reason: ServerLog.StopReason = .shutdown) async {
        idleTask?.cancel()
        idleTask = nil
        startTask?.cancel()
        startTask = nil
        let stopping = process
        process = nil
        endpoint = nil
        status.phase = .stopped
        generation += 1
        let uptime = startedAt.map { ContinuousClock.now - $0 }
        startedAt = nil
        guard let stopping else { return }
        let running = stopping.isRunning
        await stopping.terminate()
        if running {
            log.stopped(pid: stopping.pid, uptime: uptime, reason: reason)
        } else {
            log.exitedUnexpectedly(pid: stopping.pid, exit: stopping.exit)
        }
    }

    /// If the server process has ended, a description of how (exit status and last log lines), else `nil`.
    func deathReport() async -> String? {
        guard let process, let exit = process.exit else { return nil }
        await process.awaitLogEnd()
        return "llama-server (pid \(process.pid)) \(exit); it will be restarted by the next request. Last log lines:\n"
            + tail(process)
    }

    /// The child's last log lines, the access key removed.
    private func tail(_ child: ChildProcess) -> String {
        let lines = child.log.tail()
        return key?.redact(lines) ?? lines
    }

    // MARK: Starting

    private func ensureRunning() async throws -> ServerEndpoint {
        if let dead = process, let endpoint {
            if dead.isRunning { return endpoint }
            process = nil
            self.endpoint = nil
            status.phase = .stopped
            startedAt = nil
            log.exitedUnexpectedly(pid: dead.pid, exit: dead.exit)
            await dead.awaitLogEnd()
            let lastLines = tail(dead)
            recordFailure(
                "llama-server (pid \(dead.pid)) \(dead.exit?.description ?? "ended"). Last log lines:\n\(lastLines)")
            if case .signalled(let signal)? = dead.exit, case let failure = RuntimeFailure(killedBy: signal),
                failure.recurs
            {
                // It served, then died on something it will meet again (an instruction this CPU refuses): starting
                // it again would only repeat that.
                throw runtimeFailure(
                    failure, binary: dead.executable, exit: dead.exit, log: lastLines, phase: "while serving")
            }
        }
        if let startTask { return try await startTask.value }
        if consecutiveFailures >= Self.maximumConsecutiveCrashes, let lastFailureTime,
            ContinuousClock.now - lastFailureTime < Self.crashCooldown
        {
            throw GenUIError.serverError(
                status: nil,
                .init(
                    provider: configuration.name,
                    debugDescription:
                        "llama-server failed \(consecutiveFailures) times in a row; not restarting it for \(Int(Self.crashCooldown.seconds)) s. \(lastFailure ?? "")"
                ))
        }
        // The task inherits the caller's trace context and tracer: its span is a child of the attempt's.
        let task = Task { try await self.tracedLaunch() }
        startTask = task
        defer { startTask = nil }
        do {
            return try await task.value
        } catch {
            if !(error is CancellationError) {
                recordFailure("\(error)")
                log.startFailed(error, consecutiveFailures: consecutiveFailures)
            }
            throw error
        }
    }

    /// ``launch()`` within the `genui.server.start` span (when a tracer is configured), and its info line.
    private func tracedLaunch() async throws -> ServerEndpoint {
        let clock = ContinuousClock()
        let started = clock.now
        let span = ServerStartSpan(configuration: configuration)
        do {
            let endpoint = try await launch()
            let elapsed = clock.now - started
            let pid = process?.pid
            span?.succeeded(pid: pid, port: endpoint.baseURL.port)
            startedAt = clock.now
            log.started(
                pid: pid, port: endpoint.baseURL.port, model: ServerLog.fileName(of: configuration), seconds: elapsed)
            if let binary = process?.executable {
                failures?.forget(binary: binary, model: configuration.resolvedModelPath)
                if let projector = configuration.resolvedMultimodalProjectorPath {
                    failures?.forget(binary: binary, model: projector, companions: [configuration.resolvedModelPath])
                }
            }
            return endpoint
        } catch {
            span?.failed(error)
            throw error
        }
    }

    private func recordFailure(_ description: String) {
        consecutiveFailures += 1
        lastFailure = description
        lastFailureTime = .now
    }

    private func launch() async throws -> ServerEndpoint {
        let binary: String
        switch locator.locate() {
        case .found(let path, _): binary = path
        case .missing(let looked):
            throw GenUIError.unavailable(
                .runtimeMissing(binary: looked.first ?? LlamaServerLocator.programName),
                .init(
                    provider: configuration.name,
                    debugDescription: "llama-server not found (looked in \(looked.joined(separator: ", ")))"))
        }
        var lastError: (any Error)?
        // A port taken between picking and binding makes the server exit at once, or lets another process answer in
        // its place: the start is tried again with a new port.
        for _ in 0..<Self.maximumPortAttempts {
            let port: Int
            if !portCandidates.isEmpty {
                port = portCandidates.removeFirst()
            } else {
                let picked = genui_free_loopback_port()
                guard picked > 0 else {
                    throw GenUIError.serverError(
                        status: nil,
                        .init(
                            provider: configuration.name,
                            debugDescription: "cannot pick a free loopback port (errno \(errno))"))
                }
                port = Int(picked)
            }
            do {
                return try await launch(binary: binary, port: port)
            } catch let failure as StartFailure {
                guard failure.portInUse else { throw failure.error }
                lastError = failure.error
            }
        }
        throw lastError
            ?? GenUIError.serverError(
                status: nil, .init(provider: configuration.name, debugDescription: "llama-server did not start"))
    }

    private struct StartFailure: Error {
        var error: GenUIError
        var portInUse: Bool
    }

    private func arguments(port: Int) -> [String] {
        var arguments = [
            "-m", configuration.resolvedModelPath, "--host", "127.0.0.1", "--port", String(port),
            "-c", String(configuration.contextSize), "--no-webui", "--parallel", "1",
        ]
        arguments += ["-t", String(configuration.effectiveThreads)]
        if let projector = configuration.resolvedMultimodalProjectorPath { arguments += ["--mmproj", projector] }
        return arguments + configuration.extraArguments
    }

    /// The variables of this process's environment llama-server is given: what it needs to run (`PATH`, `HOME`,
    /// `TMPDIR`, the locale, the library path, `TZ`) and the settings of its compute back ends (`GGML_*`, `CUDA_*`,
    /// `HIP_*`, `ROCR_*`, `OMP_*`, `LLAMA_CACHE`). Nothing else: no provider key (`OPENAI_API_KEY`, …) or other secret
    /// reaches it, and no `LLAMA_API_KEY` or `LLAMA_ARG_*` meant for another llama-server changes its key or address.
    static func serverEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> [String:
        String]
    {
        environment.filter { key, _ in
            passedVariables.contains(key) || passedPrefixes.contains(where: { key.hasPrefix($0) })
        }
    }

    /// Variables ``serverEnvironment(_:)`` passes by name.
    static let passedVariables: Set<String> = [
        "PATH", "HOME", "TMPDIR", "LANG", "LANGUAGE", "TZ", "LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH", "LLAMA_CACHE",
    ]

    /// Prefixes of the variables ``serverEnvironment(_:)`` passes.
    static let passedPrefixes = ["LC_", "GGML_", "CUDA_", "HIP_", "ROCR_", "OMP_"]

    private func launch(binary: String, port: Int) async throws -> ServerEndpoint {
        guard let url = URL(string: "http://127.0.0.1:\(port)") else {
            throw GenUIError.serverError(
                status: nil, .init(provider: configuration.name, debugDescription: "invalid loopback port \(port)"))
        }
        let key = ServerAccessKey.generate()
        self.key = key
        var environment = Self.serverEnvironment(parentEnvironment ?? ProcessInfo.processInfo.environment)
        environment[ServerAccessKey.environmentVariable] = key.value
        // A marker of this start's own, which the prompt's text cannot hold by chance; llama-server builds that read
        // LLAMA_MEDIA_MARKER use it, and /props says which one the server uses.
        let mediaMarker = MediaPrompt.freshMarker()
        environment[MediaPrompt.markerEnvironmentVariable] = mediaMarker
        let child: ChildProcess
        do {
            child = try ChildProcess.launch(
                executable: binary, arguments: arguments(port: port), environment: environment)
        } catch {
            throw GenUIError.unavailable(
                .runtimeMissing(binary: binary), .init(provider: configuration.name, debugDescription: "\(error)"))
        }
        process = child
        status.phase = .loading
        generation += 1
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(configuration.startTimeoutSeconds * 1000)))
        let started = ServerEndpoint(baseURL: url, key: key)
        let properties: ServerStatus.Properties?
        do {
            try await waitUntilHealthy(child: child, url: url, deadline: deadline)
            properties = try await verifyOwnership(child: child, endpoint: started, port: port)
        } catch {
            await child.terminate(grace: .milliseconds(100))
            if process === child {
                process = nil
                status.phase = .stopped
            }
            throw error
        }
        endpoint = started
        status.phase = .ready
        status.properties = properties ?? status.properties
        status.mediaMarker = properties?.mediaMarker ?? mediaMarker
        return started
    }

    /// Makes sure the server answering on `port` is `child` and demands its key; returns what `/props` said.
    ///
    /// Throws a port-in-use ``StartFailure`` when another process listens there (or, where listeners cannot be
    /// inspected, when the answers are not those of a llama-server holding the key), and a server error when the
    /// child itself does not demand the key.
    private func verifyOwnership(child: ChildProcess, endpoint: ServerEndpoint, port: Int) async throws
        -> ServerStatus.Properties?
    {
        let ownership = ListenerOwnership.check(port: port, pid: child.pid)
        func foreign(_ detail: String) -> StartFailure {
            StartFailure(
                error: .serverError(
                    status: nil,
                    .init(
                        provider: configuration.name,
                        debugDescription:
                            "port \(port) is taken by another process (\(detail)); llama-server (pid \(child.pid)) could not listen on it"
                    )),
                portInUse: true)
        }
        switch ownership {
        case .foreign, .notListening: throw foreign("it listens there instead of llama-server")
        case .owned, .unknown: break
        }
        var anonymous = endpoint.get("props", timeout: .seconds(5))
        anonymous.headers = [:]
        let unauthorized: HTTPResponse
        do {
            unauthorized = try await client.send(anonymous, bodyLimit: 1 << 16)
        } catch {
            guard ownership == .owned else { throw foreign("it did not answer /props") }
            throw error
        }
        if unauthorized.status != 401 {
            guard ownership == .owned else { throw foreign("it answered /props without genui's key") }
            throw GenUIError.serverError(
                status: nil,
                .init(
                    provider: configuration.name,
                    debugDescription:
                        "llama-server (pid \(child.pid)) does not demand the access key genui gave it in \(ServerAccessKey.environmentVariable), so any local process could use it; install a llama-server that reads \(ServerAccessKey.environmentVariable) (llama.cpp b4000 or later)"
                ))
        }
        let answer = try? await client.send(endpoint.get("props", timeout: .seconds(5)))
        guard let answer, answer.status == 200, let json = answer.json else {
            guard ownership == .owned else { throw foreign("it refused genui's key") }
            return nil
        }
        return ServerStatus.Properties(
            contextSize: json["default_generation_settings"]?["n_ctx"]?.intValue,
            supportsVision: json["modalities"]?["vision"]?.boolValue ?? false,
            modelPath: json["model_path"]?.stringValue, mediaMarker: json["media_marker"]?.stringValue)
    }

    private func waitUntilHealthy(child: ChildProcess, url: URL, deadline: ContinuousClock.Instant) async throws {
        let health = url.appendingPathComponent("health")
        while true {
            try Task.checkCancellation()
            if let exit = child.exit {
                await child.awaitLogEnd()
                let lastLines = tail(child)
                // llama-server says "couldn't bind HTTP server socket" when the port was taken ("binding port" is
                // an ordinary start line). A signal is never a taken port.
                let lowercased = lastLines.lowercased()
                let portInUse =
                    exit.isExitStatus
                    && (lowercased.contains("couldn't bind") || lowercased.contains("address already in use"))
                if !portInUse, let failure = startFailure(exit: exit, log: lastLines, binary: child.executable) {
                    throw StartFailure(error: failure, portInUse: false)
                }
                let hint = lastLines.contains("GGUF") || lastLines.contains("model") ? " (the model did not load)" : ""
                throw StartFailure(
                    error: .serverError(
                        status: nil,
                        .init(
                            provider: configuration.name,
                            debugDescription:
                                "llama-server \(exit) while starting\(hint). Last log lines:\n\(lastLines)")),
                    portInUse: portInUse)
            }
            if ContinuousClock.now >= deadline {
                throw GenUIError.timedOut(
                    .init(
                        provider: configuration.name,
                        debugDescription:
                            "llama-server did not become ready within \(configuration.startTimeoutSeconds) s. Last log lines:\n\(tail(child))"
                    ))
            }
            let request = HTTPRequest(url: health, headTimeout: .seconds(2), totalTimeout: .seconds(2))
            if let response = try? await pollingClient.send(request), response.status == 200 { return }
            try await Task.sleep(for: .milliseconds(40))
        }
    }

    // MARK: Failures that say something about this machine

    /// The error of a start that ended with `exit` before the server was healthy, when the exit says why: a signal
    /// (an illegal instruction, an out-of-memory kill, a crash) or a model llama-server could not load. Failures that
    /// will recur are remembered (``failures``). `nil` leaves the exit to the generic start failure.
    private func startFailure(exit: ChildProcess.Exit, log: String, binary: String) -> GenUIError? {
        switch exit {
        case .signalled(let signal):
            return runtimeFailure(
                RuntimeFailure(killedBy: signal), binary: binary, exit: exit, log: log, phase: "while starting")
        case .exited(let code):
            // The projector is loaded after the model, and its failure ends in the same "model loading error" line:
            // it is named first, and remembered by its own file, so that fixing it clears the reason.
            if let projector = configuration.resolvedMultimodalProjectorPath,
                let problem = Self.projectorLoadProblem(in: log)
            {
                let reason = UnavailableReason.invalidModel(
                    path: projector,
                    detail: "llama-server could not load it as a multimodal projector (\(problem)); check mmproj")
                failures?.remember(
                    reason, binary: binary, model: projector, companions: [configuration.resolvedModelPath], log: log)
                return .unavailable(
                    reason,
                    .init(
                        provider: configuration.name,
                        debugDescription:
                            "llama-server \(exit) while starting: the multimodal projector \(projector) did not load. Last log lines:\n\(log)"
                    ))
            }
            if let problem = Self.modelLoadProblem(in: log) {
                let reason = UnavailableReason.invalidModel(
                    path: configuration.resolvedModelPath, detail: "llama-server could not load it (\(problem))")
                failures?.remember(reason, binary: binary, model: configuration.resolvedModelPath, log: log)
                return .unavailable(
                    reason,
                    .init(
                        provider: configuration.name,
                        debugDescription:
                            "llama-server \(exit) while starting: the model did not load. Last log lines:\n\(log)"))
            }
            return code == 0
                ? nil
                : runtimeFailure(.exited(code: code), binary: binary, exit: exit, log: log, phase: "while starting")
        }
    }

    /// The error for `failure` of `binary`, remembered when it will recur.
    private func runtimeFailure(
        _ failure: RuntimeFailure, binary: String, exit: ChildProcess.Exit?, log: String, phase: String
    ) -> GenUIError {
        let reason = UnavailableReason.runtimeFailed(binary: binary, failure: failure)
        if failure.recurs {
            failures?.remember(reason, binary: binary, model: configuration.resolvedModelPath, log: log)
        }
        return .unavailable(
            reason,
            .init(
                provider: configuration.name,
                debugDescription:
                    "llama-server \(exit?.description ?? "ended") \(phase): \(failure.summary). Last log lines:\n\(log)"
            ))
    }

    /// What llama-server said when it could not load the multimodal projector (`failed to load multimodal model`,
    /// or the CLIP loader's error), if it said so.
    static func projectorLoadProblem(in log: String) -> String? {
        problem(
            in: log, markers: ["Failed to load CLIP model", "failed to load multimodal model", "mtmd_init_from_file"],
            after: "error: ")
    }

    /// What llama-server said when it could not load the model (its `error loading model` line), if it said so.
    static func modelLoadProblem(in log: String) -> String? {
        problem(
            in: log, markers: ["error loading model:", "failed to load model", "exiting due to model loading error"],
            after: "error loading model:")
    }

    /// The first line of `log` holding one of `markers`: what follows `prefix` in it, or the whole line.
    private static func problem(in log: String, markers: [String], after prefix: String) -> String? {
        let lines = log.split(whereSeparator: \.isNewline).map(String.init)
        guard let line = lines.first(where: { line in markers.contains { line.contains($0) } }) else { return nil }
        if let range = line.range(of: prefix) { return line[range.upperBound...].trimmingCharacters(in: .whitespaces) }
        return line.trimmingCharacters(in: .whitespaces)
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
        await shutdown(reason: .idle)
    }
}
