import Foundation
import GenUI
import GenUIHTTP

/// The executor of ``OnDeviceLanguageModel``: one turn on the managed llama-server, started on first use.
///
/// The chat template is applied by the server (`/apply-template`); the completion (`/completion`) is constrained by
/// genui's grammar for guided output and for tools. Streamed, each token's text is sent as it arrives. A turn with
/// tools is a JSON choice between calls and the answer, so only the answer's text is sent, whole, and the calls when
/// the turn ends.
public struct OnDeviceExecutor: ProviderExecutor {
    /// The model it serves.
    public typealias Model = OnDeviceLanguageModel
    /// It holds nothing: it works through the model (and the server the model shares) each request names.
    public typealias Configuration = ModelBoundExecutorConfiguration

    /// Makes the executor.
    public init(configuration: ModelBoundExecutorConfiguration) {}

    public func turn(
        _ request: GenerationRequest, model: OnDeviceLanguageModel, streaming: Bool, events: TurnEvents
    ) async throws -> GenerationResponse {
        do {
            return try await model.turn(request, streaming: streaming, events: events)
        } catch {
            throw ProviderSupport.attribute(error, to: model.name)
        }
    }
}
