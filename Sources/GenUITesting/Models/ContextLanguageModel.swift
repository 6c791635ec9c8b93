import GenUI
import Synchronization

/// A model with a context window and a scripted way of counting tokens, for testing a chain's context check.
///
/// It serves like `ScriptedLanguageModel` and counts both the generation requests it received and how often it was
/// asked to count, so a test can prove a request was skipped before anything was sent.
public final class ContextLanguageModel: RoutableModel {
    /// How ``tokenCount(for:)`` answers.
    public enum Counting: Sendable {
        /// Declares `LanguageModelCapability.tokenCounting` and answers this count for every request.
        case exact(Int)
        /// Declares token counting and throws this error.
        case fails(GenUIError)
        /// Declares token counting and never answers until cancelled.
        case stalls
        /// Does not declare token counting: the protocol's default estimate.
        case estimate
    }

    public let name: String
    private let window: Int?
    private let counting: Counting
    private let scripted: ScriptedLanguageModel
    private let counters = Mutex((requests: 0, counts: 0))

    /// Creates a model with `contextSize` tokens (`nil`: unknown) that counts as `counting` says.
    public init(name: String, contextSize: Int?, counting: Counting = .estimate) {
        self.name = name
        self.window = contextSize
        self.counting = counting
        self.scripted = ScriptedLanguageModel(name: name)
    }

    /// How many generation requests the model received.
    public var requestCount: Int { counters.withLock { $0.requests } }
    /// How many times the model was asked to count tokens.
    public var countCalls: Int { counters.withLock { $0.counts } }

    public var availability: Availability { .available }

    public var supportedCapabilities: Set<LanguageModelCapability> {
        if case .estimate = counting { return [.guidedGeneration, .streaming] }
        return [.guidedGeneration, .streaming, .tokenCounting]
    }

    public var contextSize: Int {
        get async throws {
            guard let window else {
                throw GenUIError.unavailable(
                    .notConfigured(missing: "contextSize"), .init(provider: name, debugDescription: "unknown window"))
            }
            return window
        }
    }

    public func tokenCount(for request: GenerationRequest) async throws -> Int {
        counters.withLock { $0.counts += 1 }
        switch counting {
        case .exact(let count): return count
        case .fails(let error): throw error.attributed(to: name)
        case .stalls:
            while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
            throw CancellationError()
        case .estimate: return TokenEstimate.tokens(in: request)
        }
    }

    public func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        counters.withLock { $0.requests += 1 }
        return try await scripted.respond(to: request)
    }
}
