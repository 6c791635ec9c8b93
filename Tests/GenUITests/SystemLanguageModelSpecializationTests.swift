import Foundation
import GenUITestSupport
import GenUITesting
import Testing

@testable import GenUI

/// A model that claims French and Simplified Chinese.
private struct FrenchAndChineseModel: LanguageSupportReporting {
    let name = "fr-zh"
    var availability: Availability { .available }
    var supportedCapabilities: Set<LanguageModelCapability> { [] }
    var supportedLanguages: Set<Locale.Language> {
        [Locale.Language(identifier: "fr"), Locale.Language(identifier: "zh-Hans")]
    }
    func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        try await ScriptedLanguageModel(name: name).respond(to: request)
    }
}

private struct CityWeather: Tool {
    let description = "The current temperature in a city."

    @Generable
    struct Arguments {
        @Guide(description: "The city's name")
        var city: String
    }

    func call(arguments: Arguments) async throws -> String { "21 °C in \(arguments.city)" }
}

@Generable
private struct Tags {
    @Guide(description: "The most important topics", .count(2))
    var tags: [String]
}

@Suite("SystemLanguageModel's use cases, guardrails, adapters, languages and token counts", .tags(.unit))
struct SystemLanguageModelSpecializationTests {
    @Test("a content-tagging model puts the tagging instructions before the session's, in answers and in streams")
    func contentTaggingReachesTheRequest() async throws {
        let recorder = RequestRecordingModel(capabilities: [.guidedGeneration])
        let model = SystemLanguageModel(recorder, useCase: .contentTagging)
        let session = LanguageModelSession(model: model, instructions: "Give the two most important topics.")
        let response = try await session.respond(to: "Hello! The match ended in a draw.", generating: Tags.self)
        #expect(response.content.tags.count == 2)
        for try await _ in LanguageModelSession(model: model, instructions: "Tag it.").streamResponse(to: "Hi there") {}

        let tagging = try #require(SystemLanguageModel.UseCase.contentTagging.instructions)
        #expect(
            recorder.requests.map(\.instructions) == [
                tagging + "\n\nGive the two most important topics.", tagging + "\n\nTag it.",
            ])
    }

    @Test("the general use case sends the session's instructions unchanged, and the guardrails are only recorded")
    func generalLeavesTheRequestAlone() async throws {
        let recorder = RequestRecordingModel(capabilities: [.guidedGeneration])
        let model = SystemLanguageModel(recorder, guardrails: .permissiveContentTransformations)
        #expect(model.useCase == .general)
        #expect(model.guardrails == .permissiveContentTransformations)
        _ = try await LanguageModelSession(model: model, instructions: "Summarize.").respond(to: "A long article.")
        #expect(recorder.requests.map(\.instructions) == ["Summarize."])
        #expect(SystemLanguageModel.UseCase.general.instructions == nil)
    }

    @Test("init(useCase:guardrails:) is the default model specialized: same model and availability as .default")
    func useCaseInitializerSharesTheDefault() {
        let tagging = SystemLanguageModel(useCase: .contentTagging)
        #expect(tagging.useCase == .contentTagging)
        #expect(tagging.guardrails == .default)
        #expect(tagging.adapter == nil)
        #expect(tagging.monitor === SystemLanguageModel.default.monitor)
        let plain = SystemLanguageModel()
        #expect(plain.useCase == .general)
        #expect(plain.monitor === SystemLanguageModel.default.monitor)
        #expect("\(SystemLanguageModel.UseCase.contentTagging)" == "contentTagging")
        #expect(
            "\(SystemLanguageModel.Guardrails.permissiveContentTransformations)" == "permissiveContentTransformations")
    }

    @Test("adapters are Apple-only: loading one by file throws invalidAsset, by name compatibleAdapterNotFound")
    func adaptersThrow() throws {
        let file = URL(fileURLWithPath: "/adapters/Tagger.fmadapter")
        do {
            _ = try SystemLanguageModel.Adapter(fileURL: file)
            Issue.record("an adapter was created")
        } catch let error as SystemLanguageModel.Adapter.AssetError {
            guard case .invalidAsset(let context) = error else {
                Issue.record("expected invalidAsset, got \(error)")
                return
            }
            #expect(context.debugDescription.contains("/adapters/Tagger.fmadapter"))
            #expect(context.debugDescription.contains("Apple"))
            #expect(error.errorDescription == context.debugDescription)
            #expect(error.recoverySuggestion != nil)
        }
        #expect {
            _ = try SystemLanguageModel.Adapter(name: "tagger")
        } throws: { error in
            guard let error = error as? SystemLanguageModel.Adapter.AssetError,
                case .compatibleAdapterNotFound(let context) = error
            else { return false }
            return context.debugDescription.contains("tagger") && error.code == "compatibleAdapterNotFound"
        }
        #expect(SystemLanguageModel.Adapter.compatibleAdapterIdentifiers(name: "tagger").isEmpty)
        try SystemLanguageModel.Adapter.removeObsoleteAdapters()
    }

    @Test("a model that claims no languages supports English, with regional fallback, and nothing else")
    func defaultLanguagesAreEnglish() {
        let model = SystemLanguageModel(RequestRecordingModel(capabilities: [.guidedGeneration]))
        let languages: Set<Locale.Language> = model.supportedLanguages
        #expect(languages == SystemLanguageModel.defaultSupportedLanguages)
        #expect(model.supportsLocale(Locale(identifier: "en_US")))
        #expect(model.supportsLocale(Locale(identifier: "en_GB")))
        #expect(!model.supportsLocale(Locale(identifier: "fr_FR")))
        #expect(!model.supportsLocale(Locale(identifier: "ja_JP")))
        _ = model.supportsLocale()
    }

    @Test("a model's claimed languages are the supported ones; a script-specific claim matches only that script")
    func claimedLanguages() {
        let model = SystemLanguageModel(FrenchAndChineseModel())
        #expect(model.supportedLanguages.count == 2)
        #expect(model.supportsLocale(Locale(identifier: "fr_CA")))
        #expect(model.supportsLocale(Locale(identifier: "zh_CN")), "zh-CN is written in Simplified Chinese")
        #expect(model.supportsLocale(Locale(identifier: "zh-Hans_SG")))
        #expect(!model.supportsLocale(Locale(identifier: "zh_TW")), "zh-TW is written in Traditional Chinese")
        #expect(!model.supportsLocale(Locale(identifier: "en_US")))
    }

    @Test("tokenCount(for:) of a Prompt, Instructions, tools and a schema use the model's counting")
    func tokenCountOverloads() async throws {
        let model = SystemLanguageModel(
            RequestRecordingModel(capabilities: [.guidedGeneration]), useCase: .contentTagging)
        let text = "Tag this article about the football match."
        #expect(try await model.tokenCount(for: Prompt(text)) == model.tokenCount(for: text))
        #expect(
            try await model.tokenCount(for: Prompt(text)) == TokenEstimate.tokens(in: text)
                + TokenEstimate.tokensPerMessage)

        let instructions = Instructions("Answer in one sentence.")
        #expect(
            try await model.tokenCount(for: instructions)
                == TokenEstimate.tokens(in: instructions.text) + TokenEstimate.tokensPerMessage)

        let tools: [any Tool] = [CityWeather()]
        let declared = TokenEstimate.tokens(in: TokenEstimate.toolDeclaration(CityWeather().definition))
        #expect(try await model.tokenCount(for: tools) == declared)
        #expect(try await model.tokenCount(for: [any Tool]()) == 0)

        #expect(try await model.tokenCount(for: Tags.generationSchema) > 0)
    }
}
