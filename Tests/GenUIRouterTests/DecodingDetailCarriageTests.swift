import Foundation
import GenUI
import GenUIDiagnostics
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Testing

/// A decoding failure carries its ``DecodingDetail`` as a value, and a failed route step keeps it, so both are worded
/// from the detail's code instead of read back from the English.
@Suite("Decoding failures carry their detail", .tags(.unit))
struct DecodingDetailCarriageTests {
    @Test("the schema, the JSON parser and the defensive decoder throw decoding failures that carry their detail")
    func failuresCarryTheirDetail() throws {
        let checks: [(String, () throws -> Void, DecodingDetail.Code)] = [
            (
                "schema", { try cardSchema.validate(GeneratedContent(json: #"{"title": 5, "stars": 1, "tags": []}"#)) },
                .expectedString
            ),
            ("parser", { _ = try JSONParser.parse(#"{"title": }"#) }, .jsonUnexpectedCharacter),
            ("defensive", { _ = try DefensiveDecoder(schema: cardSchema).decode("[1, 2]") }, .wrongShape),
        ]
        for (name, check, code) in checks {
            let error = try #require(throws: GenUIError.self, "\(name)") { try check() }
            guard case .decodingFailure(_, let details, let context) = error else {
                Issue.record("\(name): expected a decoding failure, got \(error)")
                continue
            }
            let detail = try #require(context.underlying(DecodingDetail.self), "\(name) carries no detail")
            #expect(detail.code == code, "\(name): \(detail)")
            #expect(
                details == detail.description || details.hasSuffix(detail.description), "\(name): English unchanged")
        }
    }

    @Test("the carried detail is worded, not the English text")
    func carriedDetailWorded() {
        let detail = DecodingDetail(.expectedString, ["found": .kind(.number)])
        let error = GenUIError.decodingFailure(
            path: "/title", details: "text that reads back as nothing",
            .init(debugDescription: "", underlyingErrors: [detail]))
        let message = Diagnostics(language: .german).describe(error).message
        #expect(message.contains(Diagnostics(language: .german).text(LocalizedText(detail))), "\(message)")
        #expect(!message.contains("reads back"), "\(message)")
    }

    @Test("a failed step keeps the detail and its path, is worded from it, and keeps it through --json")
    func failedStepKeepsTheDetail() async throws {
        let chain = ProviderChain(
            name: "c", models: [try FixedAnswerModel(json: #"{"title": 5, "stars": 1, "tags": []}"#)],
            options: quickOptions())
        let error = try await #require(throws: GenUIError.self) {
            try await chain.respond(to: GenerationRequest(prompt: "a card", schema: cardSchema))
        }
        let trace = try #require(error.trace)
        let step = try #require(trace.steps.first { $0.outcome == .failed })
        #expect(
            step.failure
                == .decodingFailure(
                    path: "/title", detail: DecodingDetail(.expectedString, ["found": .kind(.number)])))
        let french = Diagnostics(language: .french).reason(of: step)
        #expect(french.contains("/title") && french.contains("un nombre"), "\(french)")
        let decoded = try JSONDecoder().decode(RouteTrace.self, from: JSONEncoder().encode(trace))
        #expect(decoded == trace, "the detail survives --json")
    }

    @Test(
        "every kind of argument survives JSON",
        arguments: [
            DecodingDetail(.expectedString, ["found": .kind(.object)]),
            DecodingDetail.json(.jsonExpectedColon, line: 3, column: 7, ["name": .data("title")]),
            DecodingDetail(.repairClamped, ["path": .data("/stars"), "value": .number(2.5)]),
        ])
    func codable(detail: DecodingDetail) throws {
        let decoded = try JSONDecoder().decode(DecodingDetail.self, from: JSONEncoder().encode(detail))
        #expect(decoded == detail)
    }
}
