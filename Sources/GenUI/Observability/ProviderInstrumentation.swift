import Logging
import Tracing

/// How sessions, providers and the managed server reach the app's logging and tracing backends.
///
/// Logs go to a `Logger` each of them is given (a session's `logger:`, a provider's `logger:`, a configuration's
/// ``ProviderInstrumentation/disabledLogger`` by default): genui never writes to the app's standard output, and never
/// bootstraps a global system. Spans go to the tracer of the chain attempt that is running, which a `ProviderChain`
/// binds to ``tracer`` for the attempt's task, so a tracer the app injected into the chain (without bootstrapping
/// `InstrumentationSystem`) also names the HTTP requests' `traceparent` and the managed server's start span; outside
/// a chain, the global tracer. See docs/observability.md.
public enum ProviderInstrumentation {
    /// A logger that discards every line: the default of every session, provider and managed server.
    public static let disabledLogger = Logger(label: "genui") { _ in SwiftLogNoOpLogHandler() }

    /// The tracer of the chain attempt running in this task (bound by `ProviderChain` while an attempt runs with a
    /// tracer); `nil` outside one.
    @TaskLocal public static var tracer: (any Tracer)?

    /// The tracer a provider starts its spans with and propagates the context of: the running attempt's, else the
    /// one `InstrumentationSystem` was bootstrapped with.
    public static var currentTracer: any Tracer { tracer ?? InstrumentationSystem.tracer }

    /// `error.type` as genui logs and traces it: a ``GenUIError``'s code, `cancelled`, or the error's type
    /// name (never its description, which may quote a server).
    public static func errorType(_ error: any Error) -> String {
        if let error = error as? GenUIError { return error.code }
        if error is CancellationError { return "cancelled" }
        if error is LanguageModelSession.ToolCallError { return "toolCallError" }
        return String(describing: type(of: error))
    }
}
