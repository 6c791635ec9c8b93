import Logging
import Metrics
import Tracing

/// Where a ``ProviderChain`` sends its logs, spans and metrics.
///
/// Spans and metrics go to the process's global systems — `InstrumentationSystem` and `MetricsSystem` — which the
/// application bootstraps with the backends it runs (genui itself never bootstraps them); with nothing bootstrapped
/// they are no-ops. Logs go to ``logger``, which by default discards everything, as AsyncHTTPClient's does: swift-log's
/// default handler would print to standard output, which belongs to the app. Pass a logger to see the chain's lines.
/// Tests and apps that keep several pipelines apart can also pass their own tracer or metrics factory.
///
/// See docs/observability.md for every log message, span, attribute and metric.
public struct ChainObservability: Sendable {
    /// The logger the chain writes to. Its metadata is kept and extended with `genui.chain`, `genui.provider` and
    /// `genui.attempt`; API keys and prompts are never logged.
    public var logger: Logger
    /// The tracer of the chain's spans; `nil` uses `InstrumentationSystem.tracer`.
    public var tracer: (any Tracer)?
    /// The factory of the chain's counters and timers; `nil` uses the factory `MetricsSystem` was bootstrapped with.
    public var metricsFactory: (any MetricsFactory)?

    /// Creates a configuration; every parameter has a default that uses the global systems.
    public init(
        logger: Logger = ChainObservability.disabledLogger, tracer: (any Tracer)? = nil,
        metricsFactory: (any MetricsFactory)? = nil
    ) {
        self.logger = logger
        self.tracer = tracer
        self.metricsFactory = metricsFactory
    }

    /// The factory metrics go to, or `nil` when it is the no-op one (nothing bootstrapped): no metric is made then.
    var activeMetricsFactory: (any MetricsFactory)? {
        let factory = metricsFactory ?? MetricsSystem.factory
        return factory is NOOPMetricsHandler ? nil : factory
    }

    /// A logger that discards every line: the default.
    public static let disabledLogger = Logger(label: "genui.router") { _ in SwiftLogNoOpLogHandler() }
}
