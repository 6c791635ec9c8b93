import Foundation
import GenUI
import GenUIProcess
import Logging
import MCP

/// One Model Context Protocol server: started (or reached) when first needed, kept while it answers, and stopped
/// with ``stop()``.
///
/// A stdio server runs as a managed subprocess with the same hygiene as the on-device runtime: its own process group,
/// killed with genui however genui ends, an environment filtered to an allow-list, and only its last stderr lines
/// kept. Every step is bounded: starting and `initialize` by ``MCPServerConfiguration/startTimeout``, each call by
/// ``MCPServerConfiguration/callTimeout``, each message by a size and a nesting limit. A failure is remembered for
/// ``retryDelay`` and reported with its reason; after that the next request tries again.
public actor MCPServer {
    /// How to reach the server and the limits kept with it.
    public nonisolated let configuration: MCPServerConfiguration
    /// How long a failure to start is remembered before the next request tries again (30 s).
    public static let retryDelay: Duration = .seconds(30)

    private let environment: [String: String]
    private let logger: Logger
    private var live: Live?
    private var starting: Task<Live, any Error>?
    private var lastFailure: (error: MCPServerError, at: ContinuousClock.Instant)?
    /// Counts ``stop()``s, so that a start that finishes after one is torn down instead of kept.
    private var generation = 0

    /// A started server: the SDK's client, and the process and transport behind it for a stdio server.
    struct Live: Sendable {
        let client: MCP.Client
        let process: ChildProcess?
        let closure: @Sendable () -> TransportClosure?
        let info: MCPServerInfo
        let tools: [MCP.Tool]
    }

    /// A server reached as `configuration` says. `environment` is the one a stdio server's is filtered from (default:
    /// this process's).
    public init(
        _ configuration: MCPServerConfiguration, environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(label: "genui.mcp")
    ) {
        self.configuration = configuration
        self.environment = environment
        var logger = logger
        logger[metadataKey: "mcp.server"] = .string(configuration.name)
        self.logger = logger
    }

    /// The server's name.
    public nonisolated var name: String { configuration.name }

    /// What is known now, without contacting the server.
    public var state: MCPServerState {
        if let live { return .ready(live.info) }
        if let lastFailure { return .unavailable(lastFailure.error) }
        return .notStarted
    }

    /// Starts the server if it is not running (or a remembered failure has expired) and says what it came to.
    @discardableResult
    public func check() async -> MCPServerState {
        _ = try? await connected()
        return state
    }

    /// The server's tools, as Foundation Models tools. Starts the server if needed; throws why it cannot serve.
    public func tools() async throws(MCPServerError) -> [MCPTool] {
        let live = try await connected()
        return live.tools.map { MCPTool(remote: $0, server: self) }
    }

    /// Stops the server (a stdio server's whole process group) and forgets any failure.
    public func stop() async {
        generation += 1
        starting?.cancel()
        starting = nil
        lastFailure = nil
        guard let live else { return }
        self.live = nil
        await Self.tearDown(live.client, process: live.process)
    }

    deinit {
        starting?.cancel()
        live?.process?.killNow()
    }

    // MARK: Calls

    /// Calls `tool` with `arguments` within the call timeout; cancelling the task cancels the call on the server
    /// (`notifications/cancelled`).
    func call(tool: String, arguments: [String: Value]) async throws -> CallTool.Result {
        let live = try await connected()
        let context: RequestContext<CallTool.Result>
        do {
            context = try await live.client.callTool(name: tool, arguments: arguments)
        } catch {
            throw failure(error, tool: tool)
        }
        let client = live.client
        let requestID = context.requestID
        let started = ContinuousClock.now
        logger.debug("MCP tool call", metadata: ["mcp.tool": .string(tool)])
        logger.trace("MCP tool arguments", metadata: ["mcp.tool": .string(tool), "mcp.arguments": "\(arguments)"])
        do {
            let result = try await Watchdog.run(
                step: tool, timeout: configuration.callTimeout, closure: live.closure,
                abandon: { try? await client.cancelRequest(requestID, reason: "cancelled by the client") },
                operation: { try await context.value })
            logger.debug(
                "MCP tool call finished",
                metadata: [
                    "mcp.tool": .string(tool),
                    "mcp.result_bytes": .stringConvertible(MCPToolOutput.byteCount(of: result)),
                    "mcp.is_error": .stringConvertible(result.isError ?? false),
                    "mcp.seconds": .stringConvertible((ContinuousClock.now - started).seconds),
                ])
            return result
        } catch let stop as Watchdog.Stop {
            if case .closed = stop { await lose(live) }
            throw await problem(stop, process: live.process, starting: false, tool: tool)
        } catch  where live.closure().map({ $0 != .disconnected }) == true {
            let closed = live.closure() ?? .endOfOutput
            await lose(live)
            throw await problem(.closed(closed), process: live.process, starting: false, tool: tool)
        } catch let error as CancellationError {
            // The SDK resumes a request with CancellationError also when the server cancels it
            // (notifications/cancelled): that is the server's failure, not this task's cancellation.
            guard Task.isCancelled else {
                throw MCPServerError(
                    server: name, tool: tool, location: configuration.location,
                    reason: .requestFailed(code: -32800, message: "the server cancelled the request"))
            }
            throw error
        } catch {
            throw failure(error, tool: tool)
        }
    }

    // MARK: Connection

    private func connected() async throws(MCPServerError) -> Live {
        if let live {
            if live.closure() == nil && live.process?.isRunning != false { return live }
            await lose(live)
        }
        if let lastFailure, ContinuousClock.now - lastFailure.at < Self.retryDelay { throw lastFailure.error }
        let task =
            starting
            ?? Task { [configuration, environment, logger] in
                try await Self.start(configuration, environment: environment, logger: logger)
            }
        starting = task
        let startedIn = generation
        let result = await task.result
        if starting == task { starting = nil }
        if generation != startedIn {
            // Stopped while it started: what started does not outlive the stop.
            if case .success(let started) = result { await Self.tearDown(started.client, process: started.process) }
            throw MCPServerError(
                server: name, location: configuration.location,
                reason: .failedToStart(detail: "it was stopped while it started", standardErrorTail: ""))
        }
        if let live { return live }
        switch result {
        case .success(let started):
            live = started
            lastFailure = nil
            logger.debug(
                "MCP server started",
                metadata: [
                    "mcp.tools": .stringConvertible(started.tools.count),
                    "mcp.protocol": .string(started.info.protocolVersion),
                ])
            return started
        case .failure(let thrown):
            let error = thrown as? MCPServerError ?? failure(thrown, tool: nil)
            lastFailure = (error, .now)
            logger.warning("MCP server unavailable", metadata: ["mcp.reason": .string(error.code)])
            throw error
        }
    }

    private func lose(_ lost: Live) async {
        guard live?.client === lost.client else { return }
        live = nil
        let error = await Self.problem(
            .closed(lost.closure() ?? .endOfOutput), configuration: configuration, process: lost.process,
            starting: false, tool: nil)
        // A start that began meanwhile decides the state; this loss is only its history.
        if live == nil && starting == nil { lastFailure = (error, .now) }
        await Self.tearDown(lost.client, process: lost.process)
    }

    private static func start(
        _ configuration: MCPServerConfiguration, environment: [String: String], logger: Logger
    ) async throws(MCPServerError) -> Live {
        func error(_ reason: MCPServerError.Reason) -> MCPServerError {
            MCPServerError(server: configuration.name, location: configuration.location, reason: reason)
        }
        let client = MCP.Client(name: "genui", version: "1")
        // The SDK logs through the transport's logger, and some of its lines quote a message whole: it speaks only
        // when the app asked for everything (trace).
        var sdkLogger = logger
        if sdkLogger.logLevel > .trace { sdkLogger.logLevel = .critical }
        let process: ChildProcess?
        let closure: @Sendable () -> TransportClosure?
        let transport: any MCP.Transport
        switch configuration.transport {
        case .standardIO(let command, let arguments, let configured):
            let childEnvironment = MCPServerConfiguration.serverEnvironment(parent: environment, configured: configured)
            guard let executable = CommandResolution.executable(for: command, path: childEnvironment["PATH"]) else {
                throw error(.notInstalled(command: command))
            }
            let launched: (process: ChildProcess, streams: ChildProcess.StandardStreams)
            do {
                launched = try ChildProcess.launchConnected(
                    executable: executable, arguments: arguments, environment: childEnvironment, logCapacity: 40)
            } catch let failure {
                throw error(.failedToStart(detail: "\(failure)", standardErrorTail: ""))
            }
            let pipe = PipeTransport(
                input: launched.streams.input, output: launched.streams.output,
                maximumMessageBytes: messageLimit(configuration), logger: sdkLogger)
            process = launched.process
            closure = { pipe.closedBecause }
            transport = pipe
        case .streamableHTTP(let url, let headers):
            let http = StreamableHTTPTransport(
                url: url, headers: headers, maximumMessageBytes: messageLimit(configuration),
                requestTimeout: max(configuration.callTimeout, configuration.startTimeout), logger: sdkLogger)
            process = nil
            closure = { http.closedBecause }
            transport = http
        }
        do {
            let result = try await Watchdog.run(
                step: "initialize", timeout: configuration.startTimeout, closure: closure,
                abandon: { await client.disconnect() }, operation: { try await client.connect(transport: transport) })
            guard MCP.Version.supported.contains(result.protocolVersion) else {
                throw error(
                    .protocolMismatch(
                        offered: result.protocolVersion, supported: MCP.Version.supported.sorted(by: >)))
            }
            let tools = try await Watchdog.run(
                step: "tools/list", timeout: configuration.startTimeout, closure: closure,
                abandon: { await client.disconnect() }, operation: { try await listTools(client) })
            let info = MCPServerInfo(
                name: result.serverInfo.name, version: result.serverInfo.version,
                protocolVersion: result.protocolVersion, toolCount: tools.count)
            return Live(client: client, process: process, closure: closure, info: info, tools: tools)
        } catch let failure {
            let mapped: MCPServerError
            if let known = failure as? MCPServerError {
                mapped = known
            } else if let stop = failure as? Watchdog.Stop {
                mapped = await problem(stop, configuration: configuration, process: process, starting: true, tool: nil)
            } else if let closed = closure(), closed != .disconnected {
                // The transport closed for a reason of its own (a refused token, a refused connection, a message
                // over the limit), and the SDK saw only "connection closed": the reason is the transport's.
                mapped = await problem(
                    .closed(closed), configuration: configuration, process: process, starting: true, tool: nil)
            } else {
                mapped = Self.failure(failure, configuration: configuration, tool: nil, starting: true)
            }
            await tearDown(client, process: process)
            throw mapped
        }
    }

    private static func listTools(_ client: MCP.Client) async throws -> [MCP.Tool] {
        var tools: [MCP.Tool] = []
        var cursor: String?
        repeat {
            let page = try await client.listTools(cursor: cursor)
            tools += page.tools
            cursor = page.nextCursor
        } while cursor != nil && tools.count < 10_000
        return tools
    }

    /// The longest message accepted: room for the largest result, base64 and JSON escaping included.
    private static func messageLimit(_ configuration: MCPServerConfiguration) -> Int {
        max(configuration.maximumResultBytes * 2, 1 << 20) + 64 * 1024
    }

    /// Ends the process first (which also ends a write that waits for it), then the client.
    private static func tearDown(_ client: MCP.Client, process: ChildProcess?) async {
        await process?.terminate(grace: .milliseconds(300), killWait: .seconds(2))
        await client.disconnect()
    }

    // MARK: Errors

    private func problem(_ stop: Watchdog.Stop, process: ChildProcess?, starting: Bool, tool: String?) async
        -> MCPServerError
    {
        await Self.problem(stop, configuration: configuration, process: process, starting: starting, tool: tool)
    }

    private static func problem(
        _ stop: Watchdog.Stop, configuration: MCPServerConfiguration, process: ChildProcess?, starting: Bool,
        tool: String?
    ) async -> MCPServerError {
        let reason: MCPServerError.Reason
        switch stop {
        case .timedOut(let step, let after):
            reason = .timedOut(step: step, after: after)
        case .closed(.messageTooLarge(let limit)):
            reason = .messageTooLarge(limit: limit)
        case .closed(.nestedTooDeep(let limit)):
            reason = .messageNestedTooDeep(limit: limit)
        case .closed(.invalidMessage(let excerpt)):
            reason = .invalidMessage(excerpt: excerpt)
        case .closed(.unreachable(let detail)):
            reason = .unreachable(detail: detail)
        case .closed(.unauthorized(let status)):
            reason = .unauthorized(status: status)
        case .closed(.endOfOutput), .closed(.disconnected):
            var detail = "it closed its output"
            var tail = ""
            if let process {
                let clock = ContinuousClock()
                let deadline = clock.now.advanced(by: .milliseconds(500))
                while process.isRunning && clock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
                await process.awaitLogEnd()
                if let exit = process.exit { detail = "it \(exit)" }
                tail = process.log.tail(8)
            }
            reason =
                starting
                ? .failedToStart(detail: detail, standardErrorTail: tail)
                : .exited(detail: detail, standardErrorTail: tail)
        }
        return MCPServerError(server: configuration.name, tool: tool, location: configuration.location, reason: reason)
    }

    private func failure(_ error: any Error, tool: String?) -> MCPServerError {
        Self.failure(error, configuration: configuration, tool: tool, starting: false)
    }

    private static func failure(
        _ error: any Error, configuration: MCPServerConfiguration, tool: String?, starting: Bool
    ) -> MCPServerError {
        if let known = error as? MCPServerError { return known }
        let reason: MCPServerError.Reason
        if let error = error as? MCPError {
            switch error {
            case .connectionClosed, .transportError:
                reason =
                    starting
                    ? .failedToStart(detail: error.errorDescription ?? "\(error)", standardErrorTail: "")
                    : .exited(detail: error.errorDescription ?? "\(error)", standardErrorTail: "")
            default:
                reason = .requestFailed(code: error.code, message: error.errorDescription ?? "\(error)")
            }
        } else {
            reason = .requestFailed(code: 0, message: "\(error)")
        }
        return MCPServerError(server: configuration.name, tool: tool, location: configuration.location, reason: reason)
    }
}
