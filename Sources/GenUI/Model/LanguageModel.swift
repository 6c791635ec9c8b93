/// The seam every provider and every chain implements: one backend, or a routing of several, that can generate.
///
/// A model reports whether it can serve (``availability``, cheap: no completions, no downloads), what it can do
/// (``capabilities``), and generates from a ``GenerationRequest``. It throws ``LanguageModelError`` attributed to
/// itself, and `CancellationError` when the calling task is cancelled.
public protocol LanguageModel: Sendable {
    /// A stable name: the provider's name in `providers.yml`, or the chain's.
    var name: String { get }

    /// Whether the model can serve requests now, and why not. Checking is cheap: it never generates, downloads or
    /// starts a server.
    var availability: Availability { get async }

    /// What the model can do. Providers may discover this from their backend and cache it.
    var capabilities: Set<LanguageModelCapability> { get async }

    /// Generates a complete response.
    func respond(to request: GenerationRequest) async throws -> GenerationResponse

    /// Generates a response as a stream of events, ending with ``GenerationEvent/completed(_:)``.
    func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error>

    /// Gets ready to respond (start a server, load a model) so the first request is fast.
    func prewarm(promptPrefix: String?) async
}

extension LanguageModel {
    /// Streams by generating the whole response, then delivering it as one delta and the completion.
    public func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let response = try await respond(to: request)
                    continuation.yield(.delta(response.text))
                    continuation.yield(.completed(response))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Does nothing: a model with nothing to warm up.
    public func prewarm(promptPrefix: String?) async {}

    /// Checks the model's availability and capabilities against `required`: `nil` when it can serve such a request,
    /// otherwise the error the request would fail with.
    public func eligibility(for required: Set<LanguageModelCapability>) async -> LanguageModelError? {
        if case .unavailable(let reason) = await availability {
            return .unavailable(reason, .init(provider: name, debugDescription: "\(name) is unavailable (\(reason.code))"))
        }
        let missing = required.subtracting(await capabilities)
        if let first = missing.sorted().first {
            return .unsupportedCapability(
                first, .init(provider: name, debugDescription: "\(name) lacks \(missing.sorted().map(\.rawValue).joined(separator: ", "))"))
        }
        return nil
    }
}
