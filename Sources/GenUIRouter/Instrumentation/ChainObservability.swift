import Logging
import Metrics
import Tracing

/// Where a ``ProviderChain`` sends its logs, spans and metrics.
///
/// By default everything goes to the process's global systems — `LoggingSystem`, `InstrumentationSystem` and
/// `MetricsSystem` — which the application bootstraps with the backends it runs (genui itself never bootstraps
/// them). When nothing is bootstrapped, the logger prints nothing below `info`, and spans and metrics are no-ops.
/// Tests and apps that keep several pipelines apart can pass their own logger, tracer or metrics factory instead.
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
        logger: Logger = Logger(label: "genui.router"), tracer: (any Tracer)? = nil,
        metricsFactory: (any MetricsFactory)? = nil
    ) {
        self.logger = logger
        self.tracer = tracer
        self.metricsFactory = metricsFactory
    }
}
