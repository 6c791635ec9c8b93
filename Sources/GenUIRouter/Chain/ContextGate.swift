import GenUI

/// The chain's check, before sending, that a request and its answer fit a provider's context window.
///
/// It costs nothing on the common path: a request whose bound (``TokenEstimate/upperBound(for:)``: UTF-8 bytes plus
/// a template allowance, never below a byte-level tokenizer's count) plus the answer's tokens fits the window is let
/// through uncounted. Only a request that might not fit is counted — by the backend when the provider declares
/// ``LanguageModelCapability/tokenCounting``, else with genui's estimate. A count that fails or does not answer
/// within the availability timeout never blocks routing: the estimate decides and the check records why. When the
/// estimate is wrong, the provider's own overflow error still moves the request on, as the outcome policy says.
struct ContextGate: Sendable {
    /// The tokens kept for the answer: the request's maximum, else the chain's reserve.
    let responseTokens: Int
    /// How long a count may take.
    let countTimeout: Duration

    init(request: GenerationRequest, options: ChainOptions) {
        responseTokens = max(0, request.options.maximumResponseTokens ?? options.responseTokenReserve)
        countTimeout = options.availabilityTimeout
    }

    /// The check of `request` against `member`'s `contextSize`: `nil` when it surely fits without counting.
    /// `bound` is the request's upper bound (computed once per request by the caller).
    func check(
        _ request: GenerationRequest, bound: Int, member: ChainMember, contextSize: Int,
        capabilities: Set<LanguageModelCapability>
    ) async -> RouteTrace.ContextCheck? {
        let (needed, overflow) = bound.addingReportingOverflow(responseTokens)
        if !overflow, needed <= contextSize { return nil }
        let estimate = TokenEstimate.tokens(in: request)
        guard capabilities.contains(.tokenCounting) else {
            return .init(
                tokenCount: estimate, responseTokens: responseTokens, contextSize: contextSize, method: .estimated)
        }
        let model = member.model
        do {
            let counted = try await withDeadline(countTimeout) { try await model.tokenCount(for: request) }
            guard counted >= 0 else {
                return .init(
                    tokenCount: estimate, responseTokens: responseTokens, contextSize: contextSize,
                    method: .estimatedAfterCountingFailed, countingFailure: "the count was negative (\(counted))")
            }
            return .init(
                tokenCount: counted, responseTokens: responseTokens, contextSize: contextSize, method: .counted)
        } catch {
            let why: String
            if error is DeadlineExceeded {
                why = "counting did not answer within \(Router.format(countTimeout))"
            } else if let error = error as? GenUIError {
                why = error.context.debugDescription
            } else if error is CancellationError {
                why = "counting was cancelled"
            } else {
                why = "\(error)"
            }
            return .init(
                tokenCount: estimate, responseTokens: responseTokens, contextSize: contextSize,
                method: .estimatedAfterCountingFailed, countingFailure: why)
        }
    }
}
