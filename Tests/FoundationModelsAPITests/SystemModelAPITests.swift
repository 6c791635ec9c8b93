import GenUIFoundationModels
import GenUITestSupport
import GenUITesting
import Testing

/// A token budget as app code writes it against Foundation Models 26.4: the window read synchronously.
@MainActor
private func remainingTokens(of model: SystemLanguageModel, used: Int) -> Int {
    model.contextSize - used
}

/// `SystemLanguageModel` as Foundation Models ships it: a final, `Observable` class with a synchronous `contextSize`.
@Suite("Foundation Models API: SystemLanguageModel", .tags(.unit))
struct SystemModelAPITests {
    @Test("contextSize is a synchronous Int, the window of the model behind it once known")
    @MainActor
    func synchronousContextSize() async throws {
        let model = SystemLanguageModel(ContextLanguageModel(name: "small", contextSize: 2048))
        let end = ContinuousClock.now + .seconds(10)
        while model.contextSize != 2048, ContinuousClock.now < end {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(remainingTokens(of: model, used: 48) == 2000)
        #expect(try await model.checkContextSize() == 2048)
    }

    @Test("a model that cannot say its window reads as the fallback; checkContextSize() throws why")
    func unknownContextSize() async {
        let model = SystemLanguageModel(ContextLanguageModel(name: "unsized", contextSize: nil))
        #expect(model.contextSize == SystemLanguageModel.fallbackContextSize)
        await #expect(throws: GenUIError.self) { try await model.checkContextSize() }
    }

    @Test("SystemLanguageModel is a class, shared by reference, and Observable")
    func classAndObservable() {
        let model: SystemLanguageModel = .default
        let same: AnyObject = SystemLanguageModel.default
        #expect(model === same)
        let observable: any Observable = model
        #expect(observable is SystemLanguageModel)
    }
}
