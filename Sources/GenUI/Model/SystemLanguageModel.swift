import Synchronization

/// The model a session uses when none is given: Foundation Models' `SystemLanguageModel.default`.
///
/// An app points it at its provider chain once (``use(_:)``), and every `LanguageModelSession()` created without a
/// model goes through that chain. Until then it is the ``ScriptedLanguageModel``, so code written for Foundation
/// Models compiles and runs unchanged.
public struct SystemLanguageModel: LanguageModel {
    private static let current = Mutex<any LanguageModel>(ScriptedLanguageModel(name: "scripted"))

    /// The default model.
    public static let `default` = SystemLanguageModel()

    /// Makes `model` the one every default session uses.
    public static func use(_ model: any LanguageModel) {
        current.withLock { $0 = model }
    }

    private var model: any LanguageModel { Self.current.withLock { $0 } }

    public var name: String { model.name }
    public var availability: Availability { get async { await model.availability } }
    /// `true` when the model can serve requests, as Foundation Models' `isAvailable`.
    public var isAvailable: Bool { get async { await model.availability.isAvailable } }
    public var capabilities: Set<LanguageModelCapability> { get async { await model.capabilities } }

    public func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        try await model.respond(to: request)
    }

    public func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        model.streamResponse(to: request)
    }

    public func prewarm(promptPrefix: String?) async {
        await model.prewarm(promptPrefix: promptPrefix)
    }
}
