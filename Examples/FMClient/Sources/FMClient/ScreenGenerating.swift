import FoundationModels  // on Linux, genui's FoundationModels product; on Apple platforms, Apple's framework

// The generator of the generative-UI article, as written there: a protocol, a resilient fallback, a synchronous
// availability switch, random sampling with a fresh seed, prewarm and streaming.

protocol ScreenGenerating {
    func generate(from intent: String) async throws -> UIScreen
}

struct MockScreenGenerator: ScreenGenerating {
    func generate(from intent: String) async throws -> UIScreen {
        UIScreen(title: "Offline", sections: [
            UISection(title: "Notice", components: [.paragraph(text: "Generation is not available here.")]),
        ])
    }
}

struct ResilientScreenGenerator: ScreenGenerating {
    let primary: ScreenGenerating
    let fallback: ScreenGenerating

    func generate(from intent: String) async throws -> UIScreen {
        do { return try await primary.generate(from: intent) }
        catch { return try await fallback.generate(from: intent) }
    }
}

struct FoundationModelsScreenGenerator: ScreenGenerating {
    var model: any LanguageModel = SystemLanguageModel.default
    var temperature: Double = 0.9
    let instructions = "You compose app screens from a fixed set of components."

    func generate(from intent: String) async throws -> UIScreen {
        let session = LanguageModelSession(model: model, instructions: instructions)
        session.prewarm()
        let options = GenerationOptions(
            samplingMode: .random(top: 20, seed: UInt64.random(in: .min ... .max)),
            temperature: temperature
        )
        let response = try await session.respond(
            to: intent,
            generating: UIScreen.self,
            options: options
        )
        return response.content
    }

    /// The same screen, filled in property by property.
    func stream(from intent: String, onPartial: (UIScreen.PartiallyGenerated) -> Void) async throws -> UIScreen {
        let session = LanguageModelSession(model: model, instructions: instructions)
        let stream = session.streamResponse(to: intent, generating: UIScreen.self)
        for try await partial in stream {
            onPartial(partial.content)
        }
        return try await stream.collect().content
    }
}

@MainActor
func makeScreenGenerator() -> ScreenGenerating {
    #if targetEnvironment(simulator)
    return MockScreenGenerator()
    #else
    switch SystemLanguageModel.default.availability {
    case .available:
        return ResilientScreenGenerator(
            primary: FoundationModelsScreenGenerator(),
            fallback: MockScreenGenerator()
        )
    default:
        return MockScreenGenerator()
    }
    #endif
}
