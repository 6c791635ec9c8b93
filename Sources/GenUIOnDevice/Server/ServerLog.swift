import Foundation
import GenUI
import GenUIHTTP
import GenUIProcess
import Logging

/// The managed llama-server's log lines: its start and stop (info), a server found dead (warning) and a start that
/// failed (error). Only the provider's name, pids, ports, the model's file name, exit statuses, error codes and
/// durations: never the server's own log lines (they may quote a prompt), its access key or a path's directories.
struct ServerLog: Sendable {
    /// Why the server was stopped.
    enum StopReason: String, Sendable {
        /// ``OnDeviceConfiguration/idleShutdownSeconds`` passed without a request.
        case idle
        /// The app asked (``OnDeviceLanguageModel/shutdown()``).
        case shutdown
    }

    /// The logger, with `genui.provider` when it writes anything.
    let logger: Logger

    init(logger: Logger, provider: String) {
        var logger = logger
        if logger.logLevel <= .error { logger[metadataKey: ProviderLogKey.provider] = .string(provider) }
        self.logger = logger
    }

    /// The model file's name, without its directories.
    static func fileName(of configuration: OnDeviceConfiguration) -> String {
        (configuration.resolvedModelPath as NSString).lastPathComponent
    }

    /// `llama-server started`: it answered `/health` and proved it is the process genui started.
    func started(pid: Int32?, port: Int?, model: String, seconds: Duration) {
        guard logger.logLevel <= .info else { return }
        var metadata: Logger.Metadata = [
            ServerLogKey.model: .string(model), ProviderLogKey.seconds: .stringConvertible(seconds.seconds),
        ]
        if let pid { metadata[ServerLogKey.pid] = .stringConvertible(pid) }
        if let port { metadata[ServerLogKey.port] = .stringConvertible(port) }
        logger.info("llama-server started", metadata: metadata)
    }

    /// `llama-server stopped`: genui stopped it (idle, or asked to).
    func stopped(pid: Int32, uptime: Duration?, reason: StopReason) {
        guard logger.logLevel <= .info else { return }
        var metadata: Logger.Metadata = [
            ServerLogKey.pid: .stringConvertible(pid), ServerLogKey.reason: .string(reason.rawValue),
        ]
        if let uptime { metadata[ServerLogKey.uptime] = .stringConvertible(uptime.seconds) }
        logger.info("llama-server stopped", metadata: metadata)
    }

    /// `llama-server exited unexpectedly` (warning): the server was found gone; the next request restarts it.
    func exitedUnexpectedly(pid: Int32, exit: ChildProcess.Exit?) {
        guard logger.logLevel <= .warning else { return }
        logger.warning(
            "llama-server exited unexpectedly",
            metadata: [
                ServerLogKey.pid: .stringConvertible(pid), ServerLogKey.exit: .string(exit?.description ?? "ended"),
            ])
    }

    /// `llama-server did not start` (error): it exited while starting, did not become healthy in time, or could not
    /// be proved to be genui's; `consecutiveFailures` counts towards the crash cool-down.
    func startFailed(_ error: any Error, consecutiveFailures: Int) {
        guard logger.logLevel <= .error else { return }
        logger.error(
            "llama-server did not start",
            metadata: [
                ProviderLogKey.errorType: .string(ProviderInstrumentation.errorType(error)),
                ServerLogKey.failures: .stringConvertible(consecutiveFailures),
            ])
    }
}

/// The managed server's log metadata keys and span attributes.
enum ServerLogKey {
    static let pid = "genui.server.pid"
    static let port = "genui.server.port"
    static let model = "genui.server.model"
    static let reason = "genui.server.stop_reason"
    static let uptime = "genui.server.uptime_seconds"
    static let exit = "genui.server.exit"
    static let failures = "genui.server.consecutive_failures"
}
