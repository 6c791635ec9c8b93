import AsyncHTTPClient
import Foundation
import NIOCore

/// The baseline of the load section: what a Swift server would write without genui — AsyncHTTPClient on SwiftNIO,
/// one `POST /chat/completions` with `"stream": true`, the Server-Sent Events split into lines and each `data:`
/// chunk decoded with `JSONDecoder`.
struct BareStreamingClient: Sendable {
    private let client: AsyncHTTPClient.HTTPClient

    /// A client whose connection pool allows `connections` connections to one host (AsyncHTTPClient's default is 8).
    init(connections: Int) {
        var configuration = AsyncHTTPClient.HTTPClient.Configuration()
        configuration.connectionPool = .init(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connections)
        configuration.redirectConfiguration = .disallow
        client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func shutdown() async throws { try await client.shutdown() }

    /// Streams one answer; `firstToken` is called when the first non-empty piece of text arrives, after which the
    /// reader stops reading for `stall`.
    func stream(baseURL: String, prompt: String, stall: Duration = .zero, firstToken: () -> Void) async throws
        -> String
    {
        var request = HTTPClientRequest(url: baseURL + "/chat/completions")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: try Self.requestBody(prompt: prompt)))
        let response = try await client.execute(request, timeout: .seconds(300))
        guard response.status == .ok else { throw BareClientError.status(Int(response.status.code)) }
        var reader = CompletionChunkReader()
        var stalled = stall == .zero
        for try await buffer in response.body {
            if try reader.feed(buffer.readableBytesView, firstToken: firstToken) { break }
            if !stalled, !reader.text.isEmpty {
                stalled = true
                try await Task.sleep(for: stall)
            }
        }
        return reader.text
    }

    /// The request body both baseline clients send.
    static func requestBody(prompt: String) throws -> Data {
        try JSONEncoder().encode(
            ChatRequest(model: "bench-model", messages: [.init(role: "user", content: prompt)], stream: true))
    }

    private struct ChatRequest: Encodable {
        struct Message: Encodable {
            var role: String
            var content: String
        }
        var model: String
        var messages: [Message]
        var stream: Bool
    }

}

/// The baseline's reading of a streamed chat completion: lines split by hand, each `data:` chunk decoded with
/// `JSONDecoder`, the text pieces appended.
struct CompletionChunkReader {
    private(set) var text = ""
    private var pending: [UInt8] = []
    private let decoder = JSONDecoder()

    /// Feeds body bytes; `true` once `data: [DONE]` arrived.
    mutating func feed(_ bytes: some Sequence<UInt8>, firstToken: () -> Void) throws -> Bool {
        pending.append(contentsOf: bytes)
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = pending[..<newline]
            defer { pending.removeSubrange(...newline) }
            guard line.starts(with: Self.dataPrefix) else { continue }
            let payload = line.dropFirst(Self.dataPrefix.count)
            if payload.elementsEqual(Self.done) { return true }
            let chunk = try decoder.decode(Chunk.self, from: Data(payload))
            if let piece = chunk.choices.first?.delta.content, !piece.isEmpty {
                if text.isEmpty { firstToken() }
                text += piece
            }
        }
        return false
    }

    private static let dataPrefix = Array("data: ".utf8)
    private static let done = Array("[DONE]".utf8)

    private struct Chunk: Decodable {
        struct Choice: Decodable {
            struct Delta: Decodable { var content: String? }
            var delta: Delta
        }
        var choices: [Choice]
    }
}

enum BareClientError: Error {
    case status(Int)
}
