/// How a refusal's explanation is produced: a second request, in a session that continues the refused exchange.
///
/// Foundation Models 26's refusal asks the model that refused; Foundation Models 27's carries the explanation the
/// service already gave, which a ``FixedAnswerModel`` returns as the response.
struct RefusalExplanation: Sendable {
    /// The prompt of the second request.
    static let prompt = "In one or two sentences, explain why you declined to answer the previous request."

    let session: LanguageModelSession

    /// An explanation the service already gave.
    static func answering(_ text: String) -> RefusalExplanation {
        RefusalExplanation(session: LanguageModelSession(model: FixedAnswerModel(answer: text)))
    }

    /// An explanation asked of `model`, continuing `entries`.
    static func asking(_ model: some LanguageModel, after entries: [Transcript.Entry]) -> RefusalExplanation {
        RefusalExplanation(session: LanguageModelSession(model: model, transcript: Transcript(entries: entries)))
    }

    func respond() async throws -> LanguageModelSession.Response<String> {
        try await session.respond(to: Self.prompt)
    }

    func stream() -> LanguageModelSession.ResponseStream<String> {
        session.streamResponse(to: Self.prompt)
    }
}

/// A model that answers every request with the same text: the explanation a service gave with its refusal.
struct FixedAnswerModel: RoutableModel {
    let answer: String

    var name: String { "refusal" }
    var availability: Availability { .available }
    var supportedCapabilities: Set<LanguageModelCapability> { [.streaming] }

    /// The answer, as every request gets it.
    var response: GenerationResponse {
        GenerationResponse(
            content: GeneratedContent(kind: .string(answer)), text: answer,
            metadata: ResponseMetadata(provider: name, finishReason: .stop))
    }

    func respond(to request: GenerationRequest) async throws -> GenerationResponse { response }

    func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        let response = response
        return AsyncThrowingStream { continuation in
            continuation.yield(.delta(response.text))
            continuation.yield(.completed(response))
            continuation.finish()
        }
    }
}
