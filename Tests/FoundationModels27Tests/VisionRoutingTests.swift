import Foundation
@_spi(Reading) import GenUI
import GenUIOpenAI
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Testing

/// A prompt with an image needs a model that can see: a chain sends it to the first member that declares vision, says
/// why it skipped the others, and sends a prompt without an image to its first member as before.
@Suite("Vision routing: a photo goes to the member that can see it", .tags(.unit))
struct VisionRoutingTests {
    /// A 1×1 PNG in a temporary file.
    static func photo() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("genui-vision-\(UUID().uuidString).png")
        try Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!
            .write(to: url)
        return url
    }

    /// A chain of a member that cannot see and an OpenAI-compatible provider over loopback that declares vision.
    static func chain(_ server: LoopbackHTTPServer) -> ProviderChain {
        let textOnly = FailingLanguageModel(name: "text-only", capabilities: [.guidedGeneration, .streaming])
        let seeing = OpenAILanguageModel(
            configuration: OpenAIConfiguration(
                name: "seeing", baseURL: server.baseURL.appendingPathComponent("v1"), model: "gpt-test",
                apiKeyEnvironmentVariable: nil, requestTimeout: .seconds(20), availabilityTimeout: .seconds(2),
                extraCapabilities: [.vision]))
        return ProviderChain(name: "photos", models: [textOnly, seeing])
    }

    static func server() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request, connection in
            guard request.method == "POST" else {
                connection.respond(json: #"{"object":"list","data":[{"id":"gpt-test","object":"model"}]}"#)
                return
            }
            connection.respond(
                json:
                    #"{"id":"c1","object":"chat.completion","model":"gpt-test","choices":[{"index":0,"message":{"role":"assistant","content":"A dot."},"finish_reason":"stop"}]}"#
            )
        }
    }

    @Test("with an image the chain skips the member without vision, naming it, and the one that can see answers")
    func imageGoesToTheSeeingMember() async throws {
        let photo = try Self.photo()
        defer { try? FileManager.default.removeItem(at: photo) }
        let server = try Self.server()
        defer { server.stop() }
        let session = LanguageModelSession(model: Self.chain(server))
        let response = try await session.respond {
            "What is in this photo?"
            Attachment(imageURL: photo)
        }
        let trace = try #require(response.metadata.trace)
        #expect(trace.servedBy == "seeing")
        let skipped = try #require(trace.steps.first)
        #expect(skipped.provider == "text-only")
        #expect(skipped.outcome == .skipped)
        #expect(skipped.missingCapabilities == [.vision])
        let sent = try #require(server.requests.last(where: { $0.method == "POST" })?.json)
        guard case .array(let messages)? = sent["messages"]?.kind,
            case .array(let parts)? = messages.last?["content"]?.kind
        else {
            Issue.record("the image did not go as content parts: \(sent)")
            return
        }
        #expect(parts.last?["type"]?.stringValue == "image_url")
    }

    @Test("without an image the first member answers, as before")
    func textStaysWithTheFirstMember() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let response = try await LanguageModelSession(model: Self.chain(server)).respond(to: "Say hi.")
        #expect(response.metadata.trace?.servedBy == "text-only")
        #expect(server.requests.filter { $0.method == "POST" }.isEmpty)
    }

    @Test("a package model that does not declare vision is not asked an image prompt")
    func packageWithoutVisionIsRefused() async throws {
        let photo = try Self.photo()
        defer { try? FileManager.default.removeItem(at: photo) }
        let script = EventScript([[.response(action: .appendText("A dot.", tokenCount: 1))]])
        let session = LanguageModelSession(model: EventScriptModel(script: script, declared: [.guidedGeneration]))
        await #expect(throws: (any Error).self) {
            try await session.respond {
                "What is in this photo?"
                Attachment(imageURL: photo)
            }
        }
        #expect(script.requests.isEmpty)
    }
}
