import GenUI
import GenUITestSupport
import Testing

/// Guided output is validated once: by the provider that decoded it, or, when no provider did, by the session.
@Suite("Guided output is validated once", .tags(.unit))
struct SingleValidationTests {
    @Generable
    struct City {
        @Guide(.range(1...100))
        var rank: Int
    }

    /// Answers with `json` as guided output, saying which schema it validated it against.
    struct FixedGuidedModel: RoutableModel {
        let json: String
        let validated: Bool
        var name: String { "fixed" }
        var availability: Availability { .available }
        var supportedCapabilities: Set<LanguageModelCapability> { [.guidedGeneration] }

        func respond(to request: GenerationRequest) async throws -> GenerationResponse {
            var metadata = ResponseMetadata(provider: name, guided: true, finishReason: .stop)
            if validated { metadata.validatedSchema = request.schema }
            return GenerationResponse(content: try GeneratedContent(json: json), text: json, metadata: metadata)
        }
    }

    @Test("content no provider validated is checked by the session, and a violation is a decoding failure")
    func unvalidatedContentIsChecked() async throws {
        let session = LanguageModelSession(model: FixedGuidedModel(json: #"{"rank":500}"#, validated: false))
        await #expect(throws: GenUIError.self) { try await session.respond(to: "Rank it", generating: City.self) }
        let valid = LanguageModelSession(model: FixedGuidedModel(json: #"{"rank":5}"#, validated: false))
        let response = try await valid.respond(to: "Rank it", generating: City.self)
        #expect(response.metadata.validatedSchema == City.generationSchema)
    }

    @Test("content its provider validated against the request's schema is not validated again")
    func validatedContentIsTrusted() async throws {
        // The provider says it validated: the session does not walk the content again. (A rank of 500 would fail a
        // second check, which is how the test sees that none ran.)
        let session = LanguageModelSession(model: FixedGuidedModel(json: #"{"rank":500}"#, validated: true))
        let response = try await session.respond(to: "Rank it", generating: City.self)
        #expect(response.content.rank == 500)
    }

    @Test("the HTTP providers' decoding records the schema it validated against")
    func decodingRecordsTheSchema() throws {
        var response = GenerationResponse(
            content: try GeneratedContent(json: #"{"rank":7}"#), text: #"{"rank":7}"#,
            metadata: ResponseMetadata(provider: "p", guided: true))
        try OutputDecoding.validate(&response, against: City.generationSchema)
        #expect(response.metadata.validatedSchema == City.generationSchema)
    }
}
