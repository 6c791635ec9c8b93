import Foundation
import GenUI
import GenUIHTTP
import GenUIOpenAI

#if canImport(Glibc)
    import Glibc
#endif

/// Section `image`: what genui adds to a request that carries an image, against curl sending the same body to the
/// same loopback server, and the peak memory of a request with a 10 MB image.
enum ImageBenchmark {
    static let section = "Images: a request with a photo"

    /// The prompt's text, the same in both bodies.
    static let prompt = "Describe this photo in one sentence."

    static func run(into report: inout Report, quick: Bool) async throws {
        let rounds = quick ? 8 : 30
        let server = try await ServerProcess.start(ports: 1)
        defer { server.stop() }
        let baseURL = "http://127.0.0.1:\(server.ports[0])/bench/0/1/v1"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("genui-bench-image-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let photo = folder.appendingPathComponent("photo.png")
        try Self.png(bytes: 1_000_000).write(to: photo)
        let body = folder.appendingPathComponent("body.json")
        try Self.chatBody(image: try Data(contentsOf: photo)).write(to: body)

        let provider = Self.provider(baseURL: baseURL)
        // One untimed request of each, so connections and caches are warm for both.
        _ = try await Self.genuiSeconds(provider, photo: photo)
        _ = try Self.curlSeconds(body: body, url: baseURL + "/chat/completions")

        var genui = Samples()
        var curl = Samples()
        var encode = Samples()
        let image = try Data(contentsOf: photo)
        var encodedBytes = 0
        for round in 0..<rounds {
            // Interleaved, alternating which goes first.
            if round.isMultiple(of: 2) {
                genui.append(try await Self.genuiSeconds(provider, photo: photo))
                curl.append(try Self.curlSeconds(body: body, url: baseURL + "/chat/completions"))
            } else {
                curl.append(try Self.curlSeconds(body: body, url: baseURL + "/chat/completions"))
                genui.append(try await Self.genuiSeconds(provider, photo: photo))
            }
            let start = ContinuousClock.now
            let encoded = image.base64EncodedString()
            encode.append((ContinuousClock.now - start).secondsValue)
            encodedBytes += encoded.utf8.count
        }
        guard encodedBytes >= rounds * image.count else { throw WorkerError.failed("the base64 encoding", -1) }
        let added = (genui.median - curl.median - encode.median) * 1000
        report.add(
            Figure(
                section: section, name: "1 MB image: genui request − curl request − base64 encoding (median)",
                value: added, unit: "ms", goal: "≤ +2 ms", metGoal: added <= 2))
        report.add(
            Figure(
                section: section, name: "1 MB image: genui request (median)", value: genui.median * 1000, unit: "ms",
                goal: nil, metGoal: nil))
        report.add(
            Figure(
                section: section, name: "1 MB image: curl request (median, its own time_total)",
                value: curl.median * 1000, unit: "ms", goal: nil, metGoal: nil))
        report.add(
            Figure(
                section: section, name: "1 MB image: base64 encoding the vendor requires (median)",
                value: encode.median * 1000, unit: "ms", goal: nil, metGoal: nil))

        let big = folder.appendingPathComponent("big.png")
        try Self.png(bytes: 10_000_000).write(to: big)
        let result = folder.appendingPathComponent("rss.txt")
        try await WorkerProcess.run(["--image-worker", baseURL, big.path, result.path])
        let figures = try String(contentsOf: result, encoding: .utf8).split(separator: " ").compactMap { Double($0) }
        guard figures.count == 2 else { throw WorkerError.failed("the image worker", -1) }
        report.add(
            Figure(
                section: section, name: "10 MB image: peak RSS of a process that sent it",
                value: figures[1] / 1_048_576,
                unit: "MiB", goal: nil, metGoal: nil))
        report.add(
            Figure(
                section: section, name: "10 MB image: peak RSS above the same process after a text request",
                value: (figures[1] - figures[0]) / 1_048_576, unit: "MiB", goal: nil, metGoal: nil))
        report.note(
            section,
            "One run, \(rounds) interleaved rounds. The server is the benchmark's SwiftNIO server in a process of its own (`--serve-completions`), answering whole. genui: a `LanguageModelSession` on the OpenAI-compatible provider (on AsyncHTTPClient), asked `\(prompt)` with `Attachment(imageURL:)` of a \(1_000_000 / 1000) kB PNG file — read within the 20 MiB bound, its type sniffed from its bytes, base64-encoded into an `image_url` data URL; timed from the call to the answer. curl: `curl -s -o /dev/null -H 'Expect:' --data-binary @body.json` (no `100-continue` wait) of the same JSON body prepared beforehand, timed by its own `time_total` (no process start-up). The base64 encoding of the image, which the vendor's API requires and curl's prepared body already holds, is measured on its own and taken out. The 10 MB figures come from a process of its own (`--image-worker`): its peak resident memory (`VmHWM`) after one text request, then after one request with the 10 MB image."
        )
    }

    /// The OpenAI-compatible provider both measurements send through, declaring vision.
    static func provider(baseURL: String) -> OpenAILanguageModel {
        OpenAILanguageModel(
            configuration: OpenAIConfiguration(
                name: "vision", baseURL: URL(validLiteral: baseURL), model: "bench-model",
                apiKeyEnvironmentVariable: nil, extraCapabilities: [.vision]))
    }

    /// A file of `bytes` bytes that reads as a PNG by its signature: the signature, then filler.
    static func png(bytes: Int) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        data.append(Data(repeating: 0x5A, count: max(0, bytes - data.count)))
        return data
    }

    /// The chat completion body genui sends for the prompt and `image`, for curl.
    static func chatBody(image: Data) -> Data {
        let url = "data:image/png;base64," + image.base64EncodedString()
        let text =
            #"{"model":"bench-model","messages":[{"role":"user","content":[{"type":"text","text":"\#(prompt)"},{"type":"image_url","image_url":{"url":"\#(url)"}}]}],"stream":false}"#
        return Data(text.utf8)
    }

    static func genuiSeconds(_ provider: OpenAILanguageModel, photo: URL) async throws -> Double {
        let session = LanguageModelSession(model: provider)
        let start = ContinuousClock.now
        _ = try await session.respond {
            prompt
            Attachment(imageURL: photo)
        }
        return (ContinuousClock.now - start).secondsValue
    }

    /// curl's own `time_total` for POSTing `body` to `url`.
    static func curlSeconds(body: URL, url: String) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = [
            "-s", "-o", "/dev/null", "-w", "%{time_total}", "-H", "Content-Type: application/json", "-H", "Expect:",
            "--data-binary", "@" + body.path, url,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let seconds = Double(String(decoding: data, as: UTF8.self)) else {
            throw WorkerError.failed("curl", process.terminationStatus)
        }
        return seconds
    }

    /// `--image-worker BASE_URL IMAGE RESULT`: one text request, then one with the image; writes both peak resident
    /// sizes (bytes, `VmHWM`) to RESULT.
    static func worker(baseURL: String, image: String, result: String) async throws {
        let provider = Self.provider(baseURL: baseURL)
        _ = try await LanguageModelSession(model: provider).respond(to: prompt)
        let before = Self.peakResident()
        _ = try await Self.genuiSeconds(provider, photo: URL(fileURLWithPath: image))
        let after = Self.peakResident()
        try "\(before) \(after)".write(toFile: result, atomically: true, encoding: .utf8)
    }

    /// `VmHWM` of this process, in bytes: its peak resident set since it started.
    static func peakResident() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
        }
        return 0
    }
}
