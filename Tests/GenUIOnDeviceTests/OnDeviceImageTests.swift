import Foundation
@_spi(Reading) import GenUI
import GenUITestSupport
import Testing

@testable import GenUIOnDevice

/// Images on the on-device provider: a multimodal projector (`mmproj`) checked with the model, passed to a real
/// llama-server, and a prompt's images sent as llama-server's `/completion` documents them.
@Suite("On-device images", .tags(.integration))
struct OnDeviceImageTests {
    /// A llama-server stand-in for a vision model, which this machine does not have: it speaks the endpoints genui
    /// uses as llama-server documents them (the access key in `LLAMA_API_KEY` demanded on all but `/health`; `/props`
    /// with `modalities.vision`; `/apply-template`; `/completion`; `/tokenize`), records its arguments and each
    /// `/completion` body beside itself, and answers with the number of images it was given.
    static func standIn(vision: Bool) -> String {
        """
        #!/usr/bin/env python3
        import json, os, sys
        from http.server import BaseHTTPRequestHandler, HTTPServer
        here = os.path.dirname(os.path.abspath(__file__))
        with open(os.path.join(here, "arguments.json"), "w") as f:
            json.dump(sys.argv[1:], f)
        port = int(sys.argv[sys.argv.index("--port") + 1])
        key = os.environ.get("LLAMA_API_KEY", "")

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def log_message(self, *args):
                pass
            def answer(self, status, body):
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            def allowed(self):
                if self.path == "/health" or self.headers.get("Authorization") == "Bearer " + key:
                    return True
                self.answer(401, {"error": {"code": 401, "message": "Invalid API Key", "type": "authentication_error"}})
                return False
            def do_GET(self):
                if not self.allowed():
                    return
                if self.path == "/health":
                    self.answer(200, {"status": "ok"})
                elif self.path == "/props":
                    self.answer(200, {"default_generation_settings": {"n_ctx": 2048},
                                      "modalities": {"vision": \(vision ? "True" : "False"), "audio": False},
                                      "model_path": "vision.gguf",
                                      "media_marker": os.environ.get("LLAMA_MEDIA_MARKER", "<__media__>")})
                else:
                    self.answer(404, {"error": {"code": 404, "message": "File Not Found"}})
            def do_POST(self):
                if not self.allowed():
                    return
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
                if self.path == "/apply-template":
                    prompt = "".join("<|%s|>%s\\n" % (m["role"], m["content"]) for m in body["messages"])
                    self.answer(200, {"prompt": prompt + "<|assistant|>"})
                elif self.path == "/tokenize":
                    self.answer(200, {"tokens": list(range(len(body.get("content", "").split())))})
                elif self.path == "/completion":
                    with open(os.path.join(here, "completions.jsonl"), "a") as f:
                        f.write(json.dumps(body) + "\\n")
                    prompt = body["prompt"]
                    images = len(prompt["multimodal_data"]) if isinstance(prompt, dict) else 0
                    self.answer(200, {"content": "I see %d image(s)." % images, "stop": True, "stop_type": "eos",
                                      "tokens_predicted": 4, "tokens_evaluated": 12, "truncated": False})
                else:
                    self.answer(404, {"error": {"code": 404, "message": "File Not Found"}})

        HTTPServer(("127.0.0.1", port), Handler).serve_forever()
        """
    }

    /// A folder with a GGUF-shaped model and projector, a PNG, and the stand-in.
    struct Setup {
        let folder: TemporaryFolder
        let server: String
        let model: String
        let projector: String
        let photo: URL

        init(vision: Bool) throws {
            folder = try TemporaryFolder()
            model = try folder.write("model.gguf", bytes: TemporaryFolder.ggufBytes(padding: 64))
            projector = try folder.write("mmproj-model.gguf", bytes: TemporaryFolder.ggufBytes(padding: 64))
            server = try folder.executable("llama-server", script: OnDeviceImageTests.standIn(vision: vision))
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("pixels".utf8)
            photo = URL(fileURLWithPath: try folder.write("photo.png", bytes: png))
        }

        func model(projector: String?) -> OnDeviceLanguageModel {
            var configuration = OnDeviceConfiguration(
                name: "eyes", modelPath: model, serverPath: server, contextSize: 2048, threads: 1,
                idleShutdownSeconds: nil, startTimeoutSeconds: 30)
            configuration.multimodalProjectorPath = projector
            configuration.reusesInstructions = false
            return OnDeviceLanguageModel(
                configuration: configuration, resources: OnDeviceAvailabilityTests.roomyDevice,
                failures: RuntimeFailureMemory(directory: folder.path + "/runtime"))
        }

        var completions: [GeneratedContent] {
            let text = (try? String(contentsOfFile: folder.path + "/completions.jsonl", encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { try? GeneratedContent(json: String($0)) }
        }

        var arguments: [String] {
            let text = (try? String(contentsOfFile: folder.path + "/arguments.json", encoding: .utf8)) ?? "[]"
            return (try? GeneratedContent(json: text))?.elements?.compactMap(\.stringValue) ?? []
        }
    }

    /// A prompt with a labelled image between two lines of text.
    static func photoRequest(_ photo: URL) -> GenerationRequest {
        var message = GenerationRequest.Message(role: .user, content: "What is in this photo?")
        message.segments = [
            .text(.init(content: "What is in this photo?")),
            .attachment(
                Transcript.AttachmentSegment(content: .image(.init(imageURL: photo)), label: "holiday.png")),
            .text(.init(content: "Answer in one sentence.")),
        ]
        return GenerationRequest(messages: [message])
    }

    @Test("with a projector, the server gets --mmproj and the image goes as its media marker and multimodal_data")
    func imageReachesTheServer() async throws {
        let setup = try Setup(vision: true)
        let model = setup.model(projector: setup.projector)
        defer { Task { await model.shutdown() } }
        #expect(await model.supportedCapabilities.contains(.vision))
        let response = try await model.respond(to: Self.photoRequest(setup.photo))
        #expect(response.text == "I see 1 image(s).")
        let arguments = setup.arguments
        let flag = try #require(arguments.firstIndex(of: "--mmproj"))
        #expect(arguments[flag + 1] == setup.projector)
        let body = try #require(setup.completions.last)
        let prompt = try #require(body["prompt"])
        let text = try #require(prompt["prompt_string"]?.stringValue)
        // The marker genui gave this start (LLAMA_MEDIA_MARKER), which the server named in /props.
        let marker = try #require(text.firstMatch(of: /<__media_[0-9a-f]{24}__>/)).output
        #expect(text.contains("What is in this photo?\nholiday.png\n\(marker)\nAnswer in one sentence."), "\(text)")
        #expect(try await model.tokenCount(for: Self.photoRequest(setup.photo)) > 0)
        #expect(setup.completions.count == 1, "counting tokens generates nothing")
        let png = try Data(contentsOf: setup.photo)
        #expect(prompt["multimodal_data"]?.elements?.compactMap(\.stringValue) == [png.base64EncodedString()])
        #expect(await model.supportedCapabilities.contains(.vision), "/props said it can see")
    }

    @Test("a server whose /props says it cannot see loses vision, and an image is refused before it is sent")
    func serverThatCannotSee() async throws {
        let setup = try Setup(vision: false)
        let model = setup.model(projector: setup.projector)
        defer { Task { await model.shutdown() } }
        _ = try await model.respond(to: GenerationRequest(prompt: "hello"))
        #expect(!(await model.supportedCapabilities.contains(.vision)))
        let sent = setup.completions.count
        await #expect {
            try await model.respond(to: Self.photoRequest(setup.photo))
        } throws: { error in
            guard case .unsupportedCapability(.vision, let context)? = error as? GenUIError else { return false }
            return context.debugDescription.contains("/props")
        }
        #expect(setup.completions.count == sent)
    }

    @Test("without a projector an image is refused before the server starts, naming mmproj")
    func noProjector() async throws {
        let setup = try Setup(vision: true)
        let model = setup.model(projector: nil)
        #expect(!(await model.supportedCapabilities.contains(.vision)))
        await #expect {
            try await model.respond(to: Self.photoRequest(setup.photo))
        } throws: { error in
            guard case .unsupportedCapability(.vision, let context)? = error as? GenUIError else { return false }
            return context.debugDescription.contains("mmproj")
        }
        #expect(setup.arguments.isEmpty, "the server was started")
    }

    @Test("a projector's remembered failure stands until the projector or the model beside it changes")
    func projectorFailureFollowsBothFiles() throws {
        let folder = try TemporaryFolder()
        let binary = try folder.executable("llama-server")
        let model = try folder.write("model.gguf", bytes: TemporaryFolder.ggufBytes(padding: 10))
        let projector = try folder.write("mmproj.gguf", bytes: TemporaryFolder.ggufBytes(padding: 10))
        let memory = RuntimeFailureMemory(directory: folder.path + "/runtime")
        let reason = UnavailableReason.invalidModel(path: projector, detail: "not a projector")
        memory.remember(reason, binary: binary, model: projector, companions: [model], log: "Failed to load CLIP model")
        #expect(memory.failure(binary: binary, model: projector, companions: [model])?.reason == reason)
        // Another model beside the same projector: the record no longer matches.
        _ = try folder.write("model.gguf", bytes: TemporaryFolder.ggufBytes(padding: 20))
        #expect(memory.failure(binary: binary, model: projector, companions: [model]) == nil)
        memory.remember(reason, binary: binary, model: projector, companions: [model], log: "")
        _ = try folder.write("mmproj.gguf", bytes: TemporaryFolder.ggufBytes(padding: 30))
        #expect(memory.failure(binary: binary, model: projector, companions: [model]) == nil)
    }

    @Test("a real llama-server given a file that is not a projector fails to start, naming the projector")
    func realServerRefusesANonProjector() async throws {
        guard OnDeviceFixture.shouldRun else { return }
        let runtime = try OnDeviceFixture.requireRuntime()
        let folder = try TemporaryFolder()
        // The language model itself is a GGUF, but not a multimodal projector.
        var configuration = try OnDeviceFixture.configuration(name: "eyes")
        configuration.multimodalProjectorPath = runtime.model
        let failures = RuntimeFailureMemory(directory: folder.path + "/runtime")
        let model = OnDeviceLanguageModel(configuration: configuration, failures: failures)
        defer { Task { await model.shutdown() } }
        await #expect {
            try await model.respond(to: GenerationRequest(prompt: "hello"))
        } throws: { error in
            guard case .unavailable(.invalidModel(let path, let detail), let context)? = error as? GenUIError else {
                return false
            }
            return path == runtime.model && detail.contains("multimodal projector")
                && context.debugDescription.contains("CLIP")
        }
        // Remembered: the next check says so without starting llama-server again.
        guard case .unavailable(.invalidModel(let path, _)) = model.probe.check() else {
            Issue.record("expected the projector's failure to be remembered: \(model.probe.check())")
            return
        }
        #expect(path == runtime.model)
    }
}
