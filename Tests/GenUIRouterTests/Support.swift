import GenUI
import GenUIRouter
import GenUITesting

/// A small schema used across the routing tests.
let cardSchema = GenerationSchema(
    node: .object(
        .init(
            name: "Card",
            properties: [
                .init(name: "title", node: .string(.init(maximumLength: 10))),
                .init(name: "stars", node: .integer(.init(minimum: 1, maximum: 5))),
                .init(name: "tags", node: .array(.init(items: .string(.init()), maximumCount: 2))),
                .init(name: "note", node: .string(.init()), isOptional: true),
            ])),
    name: "Card")

/// Options with short limits so failure paths finish quickly. The availability timeout is generous (an in-process
/// model answers at once, but a machine running three times more work than it has cores can take a while to schedule
/// the check); a test of a stalled check passes a short one.
func quickOptions(
    attempt: Duration = .seconds(5), deadline: Duration = .seconds(20), threshold: Int = 3,
    coolDown: Duration = .seconds(30), allowUnguided: Bool = false, restart: Bool = false,
    policy: OutcomePolicy = .standard, availability: Duration = .seconds(10)
) -> ChainOptions {
    ChainOptions(
        policy: policy, attemptTimeout: attempt, deadline: deadline, availabilityTimeout: availability,
        availabilityTTL: .zero,
        breaker: CircuitBreakerSettings(failureThreshold: threshold, window: .seconds(60), coolDown: coolDown),
        allowUnguided: allowUnguided, restartStreamAfterOutput: restart)
}

/// Runs `body` and returns the `GenUIError` it throws, or `nil`.
func routingError(_ body: () async throws -> Void) async -> GenUIError? {
    do {
        try await body()
        return nil
    } catch let error as GenUIError {
        return error
    } catch {
        return nil
    }
}
