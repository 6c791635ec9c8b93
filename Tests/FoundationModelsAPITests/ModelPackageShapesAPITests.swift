import Foundation
import GenUIFoundationModels
import GenUITestSupport
import Testing

/// A model written the way small Foundation Models 27 packages and app fixtures write theirs: the configuration is a
/// plain `String`, the executor a nested type, and the executor reads the prompt's response format from the
/// transcript rather than from the request's schema.
private struct EchoingModel: LanguageModel {
    let name: String
    var capabilities: LanguageModelCapabilities { LanguageModelCapabilities([.guidedGeneration]) }
    var executorConfiguration: String { name }

    struct Executor: LanguageModelExecutor {
        typealias Model = EchoingModel
        init(configuration: String) {}

        func respond(
            to request: LanguageModelExecutorGenerationRequest, model: Model,
            streamingInto channel: LanguageModelExecutorGenerationChannel
        ) async throws {
            let format = request.transcript.reversed().lazy.compactMap { entry -> Transcript.ResponseFormat? in
                guard case .prompt(let prompt) = entry else { return nil }
                return prompt.responseFormat
            }.first
            if let format, case .schema(let schema) = format.kind {
                let json = #"{"name":"\#(model.name)","schema":"\#(schema.name)"}"#
                await channel.send(.response(action: .appendText(json, tokenCount: 1)))
            } else {
                let text = model.name + ":" + String(request.transcript.count)
                await channel.send(.response(action: .appendText(text, tokenCount: 1)))
            }
        }
    }
}

@Generable
private struct Labelled {
    var name: String
    var schema: String
}

@Suite("Foundation Models API: model packages' own shapes", .tags(.unit))
struct ModelPackageShapesAPITests {
    @Test("a String configuration and a nested executor serve a session; the executor sees the transcript so far")
    func stringConfigurationAndNestedExecutor() async throws {
        let session = LanguageModelSession(model: EchoingModel(name: "first"), instructions: "Be brief.")
        let first = try await session.respond(to: "one")
        // The instructions and the prompt.
        #expect(first.content == "first:2")
        let second = try await session.respond(to: "two")
        // Instructions, prompt, response, prompt.
        #expect(second.content == "first:4")
    }

    @Test("the prompt's response format carries the schema as Transcript.ResponseFormat.Kind.schema")
    func responseFormatKind() async throws {
        let session = LanguageModelSession(model: EchoingModel(name: "shaped"))
        let response = try await session.respond(to: "label it", generating: Labelled.self)
        #expect(response.content.name == "shaped")
        #expect(response.content.schema == Transcript.ResponseFormat(type: Labelled.self).name)
        let format = Transcript.ResponseFormat(schema: Labelled.generationSchema)
        guard case .schema(let schema) = format.kind else {
            Issue.record("not a schema format")
            return
        }
        #expect(schema.name == format.name)
    }

    @Test("an image attachment's data is the file its URL names; a remote or missing image has none")
    func imageAttachmentData() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("genui-image-\(UUID().uuidString).png")
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(Transcript.ImageAttachment(imageURL: file).data == bytes)
        #expect(Transcript.ImageAttachment(imageURL: URL(fileURLWithPath: "/nonexistent/genui.png")).data.isEmpty)
        let remote = try #require(URL(string: "http://127.0.0.1:9/image.png"))
        #expect(Transcript.ImageAttachment(imageURL: remote).data.isEmpty)
    }
}
