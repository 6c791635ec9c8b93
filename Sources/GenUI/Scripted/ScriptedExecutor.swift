/// The executor of ``ScriptedLanguageModel``: the answer is made whole, then, streamed, sent in pieces of
/// `ScriptedLanguageModel.chunkSize` characters.
public struct ScriptedExecutor: ProviderExecutor {
    /// The model it serves.
    public typealias Model = ScriptedLanguageModel
    /// It holds nothing: it works through the model each request names.
    public typealias Configuration = ModelBoundExecutorConfiguration

    /// Makes the executor.
    public init(configuration: ModelBoundExecutorConfiguration) {}

    public func turn(
        _ request: GenerationRequest, model: ScriptedLanguageModel, streaming: Bool, events: TurnEvents
    ) async throws -> GenerationResponse {
        let response = try model.answer(to: request)
        guard streaming else { return response }
        var rest = Substring(response.text)
        while !rest.isEmpty {
            try Task.checkCancellation()
            await events.appendText(String(rest.prefix(ScriptedLanguageModel.chunkSize)))
            rest = rest.dropFirst(ScriptedLanguageModel.chunkSize)
        }
        return response
    }
}
