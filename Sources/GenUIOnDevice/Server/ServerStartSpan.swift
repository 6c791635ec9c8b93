import Foundation
import GenUI
import Tracing

/// The span of one managed-server start, `genui.server.start` (kind internal): from spawning llama-server to its
/// answering `/health` and proving it is genui's, a child of the span current when the start began (a chain attempt).
///
/// Started with the attempt's tracer (``ProviderInstrumentation/currentTracer``); `nil` with the no-op tracer.
struct ServerStartSpan {
    private let span: any Span

    init?(configuration: OnDeviceConfiguration) {
        let tracer = ProviderInstrumentation.currentTracer
        guard !(tracer is NoOpTracer) else { return nil }
        span = tracer.startSpan("genui.server.start", context: ServiceContext.current ?? .topLevel, ofKind: .internal)
        span.attributes["gen_ai.provider.name"] = configuration.name
        span.attributes[ServerLogKey.model] = ServerLog.fileName(of: configuration)
    }

    /// The server is up: its pid and port, and the span ends.
    func succeeded(pid: Int32?, port: Int?) {
        if let pid { span.attributes[ServerLogKey.pid] = Int(pid) }
        if let port { span.attributes[ServerLogKey.port] = port }
        span.end()
    }

    /// The start failed: `error.type` and the error status, and the span ends.
    func failed(_ error: any Error) {
        let type = ProviderInstrumentation.errorType(error)
        span.attributes["error.type"] = type
        span.setStatus(SpanStatus(code: .error, message: type))
        span.end()
    }
}
