import Metrics

/// Records a streamed attempt's time to first output (`gen_ai.client.operation.time_to_first_chunk`): once per
/// attempt, from its start to the first delta, never per token.
struct FirstOutputTimer: Sendable {
    let provider: String
    let observability: ChainObservability

    /// Records the time since `started`.
    func record(since started: ContinuousClock.Instant) {
        guard let factory = observability.activeMetricsFactory else { return }
        Timer(
            label: GenAIMetric.timeToFirstToken,
            dimensions: [(GenAIAttribute.operationName, GenAIAttribute.chat), (GenAIAttribute.providerName, provider)],
            factory: factory
        ).recordNanoseconds((ContinuousClock.now - started).nanoseconds)
    }
}
