import Logging
import Metrics

/// Records one member's availability check (not a cached answer): its latency as `genui.availability.duration`, and a
/// warning for a check that did not answer in time.
struct AvailabilityCheckRecorder {
    let chain: String
    let observability: ChainObservability

    func record(provider: String, status: MemberStatus, elapsed: Duration, timeout: Duration) {
        if let factory = observability.activeMetricsFactory {
            Timer(
                label: GenUIMetric.availabilityDuration,
                dimensions: [
                    (GenUIAttribute.chain, chain), (GenAIAttribute.providerName, provider),
                    (GenUIAttribute.status, status.code),
                ],
                factory: factory
            ).recordNanoseconds(elapsed.nanoseconds)
        }
        if case .checkTimedOut = status {
            observability.logger.warning(
                "availability check timed out",
                metadata: [
                    GenUIAttribute.chain: .string(chain), GenUIAttribute.provider: .string(provider),
                    GenUIAttribute.seconds: .stringConvertible(timeout.seconds),
                ])
        }
    }
}
