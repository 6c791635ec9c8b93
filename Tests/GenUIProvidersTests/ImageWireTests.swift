import Foundation
@_spi(Reading) import GenUI
import GenUIAnthropic
import GenUIGemini
import GenUIHTTP
import GenUIOllama
import GenUIOpenAI
import GenUITestSupport
import GenUITesting
import Testing

/// Image prompts on each provider's wire, checked against the shapes each vendor's API reference documents: OpenAI's
/// `image_url` content parts, Anthropic's `image` blocks with a base64 `source`, Gemini's `inlineData` parts, Ollama's
/// `images`. What a vendor cannot take is refused before anything is sent.
@Suite("Images on each provider's wire, in the vendor's documented shape", .tags(.unit))
struct ImageWireTests {
    /// A 1×1 PNG.
    static let pngBase64 =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

    /// A temporary folder with `photo.png` (the PNG) and `notes.png` (text under an image's name).
    final class Files {
        let folder: URL
        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("genui-images-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(base64Encoded: ImageWireTests.pngBase64)!.write(to: photo)
            try Data("just some notes".utf8).write(to: notes)
        }
        var photo: URL { folder.appendingPathComponent("photo.png") }
        var notes: URL { folder.appendingPathComponent("notes.png") }
        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    static func prompt(_ image: URL) -> Prompt {
        Prompt {
            "What is in this photo?"
            Attachment(imageURL: image).label("photo")
        }
    }

    /// A server that answers every POST with `answer` and keeps the bodies.
    static func server(answer: String) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request, connection in
            if request.path == "/api/show" {
                connection.respond(json: #"{"details":{"format":"gguf"},"capabilities":["completion","vision"]}"#)
                return
            }
            connection.respond(json: answer)
        }
    }

    static func lastBody(_ server: LoopbackHTTPServer) throws -> GeneratedContent {
        try #require(server.requests.last(where: { $0.method == "POST" && $0.path != "/api/show" })?.json)
    }

    static func parts(_ content: GeneratedContent?) -> [GeneratedContent] {
        guard case .array(let items)? = content?.kind else { return [] }
        return items
    }

    @Test("OpenAI-compatible: the prompt's text, the label and the image as an image_url part with a data: URL")
    func openAI() async throws {
        let files = try Files()
        let server = try Self.server(
            answer:
                #"{"id":"c1","object":"chat.completion","model":"gpt-test","choices":[{"index":0,"message":{"role":"assistant","content":"A dot."},"finish_reason":"stop"}],"usage":{"prompt_tokens":9,"completion_tokens":2,"total_tokens":11}}"#
        )
        defer { server.stop() }
        let provider = VendorProviders.openAI(server, model: "gpt-test")
        let answer = try await LanguageModelSession(model: provider).respond(to: Self.prompt(files.photo))
        #expect(answer.content == "A dot.")
        let message = try #require(Self.parts(try Self.lastBody(server)["messages"]).last)
        #expect(message["role"]?.stringValue == "user")
        let parts = Self.parts(message["content"])
        try #require(parts.count == 3)
        #expect(parts[0]["type"]?.stringValue == "text")
        #expect(parts[0]["text"]?.stringValue == "What is in this photo?")
        #expect(parts[1]["text"]?.stringValue == "photo")
        #expect(parts[2]["type"]?.stringValue == "image_url")
        #expect(parts[2]["image_url"]?["url"]?.stringValue == "data:image/png;base64,\(Self.pngBase64)")
    }

    @Test("OpenAI-compatible: an https image goes as its URL, for the vendor to fetch")
    func openAIRemote() async throws {
        let server = try Self.server(
            answer:
                #"{"id":"c1","object":"chat.completion","model":"gpt-test","choices":[{"index":0,"message":{"role":"assistant","content":"A dot."},"finish_reason":"stop"}]}"#
        )
        defer { server.stop() }
        let provider = VendorProviders.openAI(server, model: "gpt-test")
        let remote = try #require(URL(string: "https://images.example.com/photo.png"))
        try await LanguageModelSession(model: provider).respond(to: Self.prompt(remote))
        let message = try #require(Self.parts(try Self.lastBody(server)["messages"]).last)
        #expect(Self.parts(message["content"]).last?["image_url"]?["url"]?.stringValue == remote.absoluteString)
    }

    @Test("Anthropic: an image block with a base64 source and its media type, after the text")
    func anthropic() async throws {
        let files = try Files()
        let server = try Self.server(
            answer:
                #"{"id":"msg_1","type":"message","role":"assistant","model":"claude-test","content":[{"type":"text","text":"A dot."}],"stop_reason":"end_turn","usage":{"input_tokens":9,"output_tokens":2}}"#
        )
        defer { server.stop() }
        let provider = VendorProviders.anthropic(server)
        let answer = try await LanguageModelSession(model: provider).respond(to: Self.prompt(files.photo))
        #expect(answer.content == "A dot.")
        let message = try #require(Self.parts(try Self.lastBody(server)["messages"]).last)
        let blocks = Self.parts(message["content"])
        try #require(blocks.count == 3)
        #expect(blocks[0]["type"]?.stringValue == "text")
        #expect(blocks[0]["text"]?.stringValue == "What is in this photo?")
        #expect(blocks[2]["type"]?.stringValue == "image")
        #expect(blocks[2]["source"]?["type"]?.stringValue == "base64")
        #expect(blocks[2]["source"]?["media_type"]?.stringValue == "image/png")
        #expect(blocks[2]["source"]?["data"]?.stringValue == Self.pngBase64)
    }

    @Test("Gemini: an inlineData part with the mime type and the bytes; an https image is refused before any request")
    func gemini() async throws {
        let files = try Files()
        let server = try Self.server(
            answer:
                #"{"candidates":[{"content":{"role":"model","parts":[{"text":"A dot."}]},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":9,"candidatesTokenCount":2}}"#
        )
        defer { server.stop() }
        let provider = VendorProviders.gemini(server)
        let answer = try await LanguageModelSession(model: provider).respond(to: Self.prompt(files.photo))
        #expect(answer.content == "A dot.")
        let content = try #require(Self.parts(try Self.lastBody(server)["contents"]).last)
        let parts = Self.parts(content["parts"])
        try #require(parts.count == 3)
        #expect(parts[0]["text"]?.stringValue == "What is in this photo?")
        #expect(parts[2]["inlineData"]?["mimeType"]?.stringValue == "image/png")
        #expect(parts[2]["inlineData"]?["data"]?.stringValue == Self.pngBase64)

        let sent = server.requests.count
        let remote = try #require(URL(string: "https://images.example.com/photo.png"))
        await #expect(throws: LanguageModelError.self) {
            try await LanguageModelSession(model: provider).respond(to: Self.prompt(remote))
        }
        #expect(server.requests.count == sent)
    }

    @Test("Ollama: the image's bytes in the message's images, the text keeping the label")
    func ollama() async throws {
        let files = try Files()
        let server = try Self.server(
            answer:
                #"{"model":"llava","created_at":"2026-11-29T00:00:00Z","message":{"role":"assistant","content":"A dot."},"done":true,"done_reason":"stop","prompt_eval_count":9,"eval_count":2}"#
        )
        defer { server.stop() }
        let provider = VendorProviders.ollama(server, model: "llava")
        let answer = try await LanguageModelSession(model: provider).respond(to: Self.prompt(files.photo))
        #expect(answer.content == "A dot.")
        let message = try #require(Self.parts(try Self.lastBody(server)["messages"]).last)
        #expect(message["content"]?.stringValue?.hasPrefix("What is in this photo?") == true)
        #expect(Self.parts(message["images"]).map(\.stringValue) == [Self.pngBase64])
    }

    @Test("bytes that are no image, under an image's name, are refused before the request leaves, naming the provider")
    func notAnImage() async throws {
        let files = try Files()
        let server = try Self.server(answer: "{}")
        defer { server.stop() }
        let provider = VendorProviders.openAI(server, model: "gpt-test")
        do {
            try await LanguageModelSession(model: provider).respond(to: Self.prompt(files.notes))
            Issue.record("a text file sent as an image")
        } catch LanguageModelError.unsupportedTranscriptContent(let info) {
            #expect(info.debugDescription.contains("openai"))
            #expect(info.debugDescription.contains("not a PNG, JPEG, GIF or WebP"))
        }
        #expect(server.requests.isEmpty)
    }

    @Test("an image's type comes from its bytes: PNG, JPEG, GIF and WebP, and nothing else")
    func sniffing() {
        #expect(ImagePayload.mediaType(of: Data(base64Encoded: Self.pngBase64)!) == "image/png")
        #expect(ImagePayload.mediaType(of: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])) == "image/jpeg")
        #expect(ImagePayload.mediaType(of: Data("GIF89a\u{1}\u{0}".utf8)) == "image/gif")
        #expect(ImagePayload.mediaType(of: Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == "image/webp")
        #expect(ImagePayload.mediaType(of: Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)) == nil)
        #expect(ImagePayload.mediaType(of: Data("<svg>".utf8)) == nil)
        #expect(ImagePayload.mediaType(of: Data()) == nil)
    }

    @Test("an image file past the size bound is refused with the bound in the message")
    func tooLarge() throws {
        let files = try Files()
        let large = files.folder.appendingPathComponent("large.png")
        var bytes = Data(base64Encoded: Self.pngBase64)!
        bytes.append(Data(count: ImageAttachmentContent.maximumByteCount))
        try bytes.write(to: large)
        let segment = Transcript.AttachmentSegment(content: .image(.init(imageURL: large)))
        #expect(throws: GenUIError.self) {
            try ImagePayload.load(segment, provider: "openai", acceptsRemote: true)
        }
        do {
            _ = try ImagePayload.load(segment, provider: "openai", acceptsRemote: true)
        } catch {
            #expect(
                error.context.debugDescription.contains("larger than \(ImageAttachmentContent.maximumByteCount) bytes"))
        }
    }
}
