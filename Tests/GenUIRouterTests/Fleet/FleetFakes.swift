import Foundation
import GenUI
import Synchronization

/// An endpoint's provider for fleet tests: answers `served by NAME`, fails with a given error, or holds each request
/// until released or cancelled, recording what happened.
final class FleetFakeModel: RoutableModel, @unchecked Sendable {
    enum Behaviour: Sendable {
        case answer
        case fail(GenUIError)
        /// Holds the request until ``releaseAll()`` or cancellation.
        case hold
    }

    let name: String
    private let state: Mutex<State>

    private struct State {
        var behaviour: Behaviour
        var availability: Availability = .available
        var arrivals = 0
        var cancellations = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
        var released = false
    }

    init(_ name: String, _ behaviour: Behaviour = .answer) {
        self.name = name
        state = Mutex(State(behaviour: behaviour))
    }

    var arrivals: Int { state.withLock { $0.arrivals } }
    var cancellations: Int { state.withLock { $0.cancellations } }

    func set(_ behaviour: Behaviour) { state.withLock { $0.behaviour = behaviour } }
    func set(availability: Availability) { state.withLock { $0.availability = availability } }

    /// Lets every held request (and every later one) answer.
    func releaseAll() {
        let waiters = state.withLock { state in
            state.released = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    var availability: Availability { get async { state.withLock { $0.availability } } }
    var supportedCapabilities: Set<LanguageModelCapability> { get async { [.streaming] } }

    func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        let behaviour = state.withLock { state in
            state.arrivals += 1
            return state.behaviour
        }
        switch behaviour {
        case .answer: break
        case .fail(let error): throw error
        case .hold:
            let released = state.withLock { $0.released }
            if !released {
                // Wait for release, polling for cancellation.
                while !state.withLock({ $0.released }) {
                    if Task.isCancelled {
                        state.withLock { $0.cancellations += 1 }
                        throw CancellationError()
                    }
                    try? await Task.sleep(for: .milliseconds(5))
                }
            }
        }
        let text = "served by \(name)"
        return GenerationResponse(
            content: GeneratedContent(kind: .string(text)), text: text, metadata: ResponseMetadata(provider: name))
    }
}

/// Waits (generously) until `condition` holds; `false` if it never did.
/// A transport failure, as an HTTP provider reports a refused connection.
func refused(_ endpoint: String) -> GenUIError {
    .transport(.connectionRefused(endpoint: endpoint), .init(provider: "fleet", debugDescription: "refused"))
}
