import GenUI
import Synchronization

/// A model that fails on cue, for testing how an app (or a chain) degrades.
///
/// Its ``Behavior`` says what each call does: report a given unavailability, throw a given error, stall until
/// cancelled, flap between failing and serving, or serve like `ScriptedLanguageModel`. The behaviour can be changed
/// while the model is in use, and the model counts the requests it received.
public final class FailingLanguageModel: RoutableModel {
    /// What the model does.
    public enum Behavior: Sendable {
        /// Serves requests with scripted content.
        case serve
        /// Reports itself unavailable for `reason` (and throws it if asked to generate anyway).
        case unavailable(UnavailableReason)
        /// Is available but throws `error` from every request.
        case fail(GenUIError)
        /// Is available but never answers: every request waits until it is cancelled.
        case stall
        /// Availability checks never answer until cancelled (a host that accepts and never replies).
        case stallAvailability
        /// Fails with `error` on `failures` requests out of every `failures + successes`, starting with failures.
        case flap(error: GenUIError, failures: Int, successes: Int)
        /// Serves, but streams `deltas` deltas and then throws `error` (a dropped connection mid-stream).
        case failMidStream(error: GenUIError, deltas: Int)
        /// Asks for `calls` whenever the conversation does not end in tool output; once it does, answers with the
        /// outputs of the last round joined by line breaks (text requests) or scripted content (structured ones).
        /// Claim `LanguageModelCapability.toolCalling` in the capabilities to be routed requests with tools.
        case callTools([Transcript.ToolCall])
        /// Asks for `calls` like ``callTools(_:)``, but fails with `error` once the conversation ends in tool output
        /// (a provider that dies after a tool ran).
        case callToolsThenFail([Transcript.ToolCall], GenUIError)
    }

    public let name: String
    private let state: Mutex<(behavior: Behavior, requests: Int, capabilities: Set<LanguageModelCapability>)>
    private let scripted: ScriptedLanguageModel

    /// Creates a model with a behaviour and the capabilities it claims.
    public init(
        name: String, behavior: Behavior = .serve,
        capabilities: Set<LanguageModelCapability> = [.guidedGeneration, .streaming, .seededSampling]
    ) {
        self.name = name
        self.state = Mutex((behavior, 0, capabilities))
        self.scripted = ScriptedLanguageModel(name: name)
    }

    /// The current behaviour; set it to change what the next call does.
    public var behavior: Behavior {
        get { state.withLock { $0.behavior } }
        set { state.withLock { $0.behavior = newValue } }
    }

    /// How many generation requests the model received.
    public var requestCount: Int { state.withLock { $0.requests } }

    public var availability: Availability {
        get async {
            switch behavior {
            case .unavailable(let reason): return .unavailable(reason)
            case .stallAvailability:
                while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
                return .unavailable(.unreachable(endpoint: name))
            default: return .available
            }
        }
    }

    public var supportedCapabilities: Set<LanguageModelCapability> {
        get async { state.withLock { $0.capabilities } }
    }

    public func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        let (behavior, number) = state.withLock { state in
            state.requests += 1
            return (state.behavior, state.requests)
        }
        switch behavior {
        case .serve, .failMidStream:
            return try await scripted.respond(to: request)
        case .unavailable(let reason):
            throw GenUIError.unavailable(reason, .init(provider: name, debugDescription: "\(name) is unavailable"))
        case .fail(let error):
            throw error.attributed(to: name)
        case .stall, .stallAvailability:
            while true {
                try Task.checkCancellation()
                try await Task.sleep(for: .seconds(3600))
            }
        case .flap(let error, let failures, let successes):
            let position = (number - 1) % max(1, failures + successes)
            if position < failures { throw error.attributed(to: name) }
            return try await scripted.respond(to: request)
        case .callTools(let calls):
            return try await toolTurn(calls, for: request, failure: nil)
        case .callToolsThenFail(let calls, let error):
            return try await toolTurn(calls, for: request, failure: error)
        }
    }

    /// A turn asking for `calls`, or the answer once the conversation ends in tool output (or `failure` then).
    private func toolTurn(_ calls: [Transcript.ToolCall], for request: GenerationRequest, failure: GenUIError?)
        async throws -> GenerationResponse
    {
        guard request.messages.last?.role == .tool else {
            return GenerationResponse(
                content: GeneratedContent(kind: .string("")), text: "",
                metadata: ResponseMetadata(provider: name, finishReason: .toolCalls), toolCalls: calls)
        }
        if let failure { throw failure.attributed(to: name) }
        guard request.schema == nil else { return try await scripted.respond(to: request) }
        let outputs = request.messages.reversed().prefix(while: { $0.role == .tool }).reversed().map(\.content)
        let text = outputs.joined(separator: "\n")
        return GenerationResponse(
            content: GeneratedContent(kind: .string(text)), text: text,
            metadata: ResponseMetadata(provider: name, finishReason: .stop))
    }

    public func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        guard case .failMidStream(let error, let deltas) = behavior else {
            let inner = AsyncThrowingStream<GenerationEvent, any Error> { continuation in
                let task = Task {
                    do {
                        let response = try await self.respond(to: request)
                        continuation.yield(.delta(response.text))
                        continuation.yield(.completed(response))
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
            return inner
        }
        return AsyncThrowingStream { continuation in
            let task = Task {
                self.state.withLock { $0.requests += 1 }
                for index in 0..<deltas { continuation.yield(.delta("part \(index) ")) }
                continuation.finish(throwing: error.attributed(to: self.name))
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
