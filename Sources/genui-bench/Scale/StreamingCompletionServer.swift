import Foundation
import GenUI
import GenUIHTTP
import GenUIOpenAI
import NIOCore
import NIOHTTP1
import NIOPosix

/// The load section's OpenAI-compatible server: on one event-loop thread, it streams a fixed answer to every
/// `POST …/chat/completions` as Server-Sent Events, one chunk per token, with a pause between tokens, and answers
/// `GET …/models`. Connections are kept alive, so clients reuse them as they would a real server's.
///
/// The pause and the answer's length come from the request's path: `/bench/<pause ms>/<tokens>/v1/…` (the base URL
/// a client is given), so one server serves every variant. A request without `"stream":true` gets the answer whole.
/// It runs in a process of its own (`genui-bench --serve-completions <port file> <ports>`), so its CPU time is not
/// the client's: the section reads both.
enum StreamingCompletionServer {
    /// The text of one token; an answer is this, `tokens` times.
    static let token = "tok "

    /// genui's OpenAI-compatible provider named `name` for the server at `baseURL`, sending through `client`.
    static func provider(_ name: String, baseURL: String, client: HTTPClient) -> OpenAILanguageModel {
        OpenAILanguageModel(
            configuration: OpenAIConfiguration(
                name: name, baseURL: URL(validLiteral: baseURL), model: "bench-model", apiKeyEnvironmentVariable: nil),
            client: client)
    }

    /// Starts the server on `portCount` ephemeral loopback ports, writes them (one per line) to `portFile`, and
    /// serves until the process is killed.
    static func serve(portCount: Int, portFile: String) throws -> Never {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 4096)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(CompletionHandler())
                }
            }
        var ports: [Int] = []
        for _ in 0..<portCount {
            let channel = try bootstrap.bind(host: "127.0.0.1", port: 0).wait()
            ports.append(channel.localAddress?.port ?? 0)
        }
        try ports.map(String.init).joined(separator: "\n").write(toFile: portFile, atomically: true, encoding: .utf8)
        while true { sleep(3600) }
    }
}

/// One connection's requests: reads each whole, then answers it.
private final class CompletionHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var head: HTTPRequestHead?
    private var body = ByteBuffer()
    private var active = true

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body.clear()
        case .body(var part):
            body.writeBuffer(&part)
        case .end:
            guard let head else { return }
            self.head = nil
            answer(head, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        active = false
        context.fireChannelInactive()
    }

    /// Whether `buffer`'s readable bytes contain `needle`'s UTF-8 bytes.
    private static func contains(_ buffer: ByteBuffer, _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        return buffer.withUnsafeReadableBytes { bytes in
            guard let first = pattern.first, bytes.count >= pattern.count else { return false }
            var start = bytes.startIndex
            while let found = bytes[start...].firstIndex(of: first) {
                guard found + pattern.count <= bytes.endIndex else { return false }
                if bytes[found..<(found + pattern.count)].elementsEqual(pattern) { return true }
                start = found + 1
            }
            return false
        }
    }

    private func answer(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        let (pause, tokens) = Self.variant(of: head.uri)
        if head.uri.hasSuffix("/models") {
            respond(
                #"{"object":"list","data":[{"id":"bench-model","object":"model"}]}"#, type: "application/json",
                context: context)
        } else if head.method == .POST, head.uri.hasSuffix("/chat/completions") {
            // A byte search, not a text one: a request with a 1 MB image is 1.3 MB of JSON, which the server must
            // not take longer to read than the clients it measures take to write.
            if Self.contains(body, #""stream":true"#) || Self.contains(body, #""stream": true"#) {
                stream(tokens: tokens, pause: pause, context: context)
            } else {
                let answer = String(repeating: StreamingCompletionServer.token, count: tokens)
                respond(
                    #"{"id":"chatcmpl-bench","object":"chat.completion","created":0,"model":"bench-model","choices":[{"index":0,"message":{"role":"assistant","content":"\#(answer)"},"finish_reason":"stop"}],"usage":{"prompt_tokens":8,"completion_tokens":\#(tokens),"total_tokens":\#(tokens + 8)}}"#,
                    type: "application/json", context: context)
            }
        } else {
            var head = HTTPResponseHead(version: .http1_1, status: .notFound)
            head.headers.add(name: "Content-Length", value: "0")
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }

    private func respond(_ text: String, type: String, context: ChannelHandlerContext) {
        var head = HTTPResponseHead(version: .http1_1, status: .ok)
        head.headers.add(name: "Content-Type", value: type)
        head.headers.add(name: "Content-Length", value: String(text.utf8.count))
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: text)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    private func stream(tokens: Int, pause: Int, context: ChannelHandlerContext) {
        var head = HTTPResponseHead(version: .http1_1, status: .ok)
        head.headers.add(name: "Content-Type", value: "text/event-stream")
        head.headers.add(name: "Cache-Control", value: "no-cache")
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(Self.first))), promise: nil)
        context.flush()
        send(remaining: tokens, pause: pause, context: context)
    }

    /// Writes one token, then schedules the next after `pause` milliseconds (writes them all at once when 0).
    private func send(remaining: Int, pause: Int, context: ChannelHandlerContext) {
        guard active else { return }
        if remaining == 0 {
            context.write(wrapOutboundOut(.body(.byteBuffer(Self.last))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            return
        }
        context.write(wrapOutboundOut(.body(.byteBuffer(Self.chunk))), promise: nil)
        if pause == 0 {
            if remaining % 16 == 1 { context.flush() }
            send(remaining: remaining - 1, pause: pause, context: context)
            return
        }
        context.flush()
        context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(pause))) {
            self.send(remaining: remaining - 1, pause: pause, context: context)
        }
    }

    /// `/bench/<pause>/<tokens>/…` → (pause, tokens); (0, 200) otherwise.
    static func variant(of uri: String) -> (pause: Int, tokens: Int) {
        let parts = uri.split(separator: "/")
        guard parts.count >= 3, parts[0] == "bench", let pause = Int(parts[1]), let tokens = Int(parts[2]) else {
            return (0, 200)
        }
        return (pause, tokens)
    }

    private static let first = ByteBuffer(
        string:
            #"data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":0,"model":"bench-model","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}"#
            + "\n\n")
    private static let chunk = ByteBuffer(
        string:
            #"data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":0,"model":"bench-model","choices":[{"index":0,"delta":{"content":"\#(StreamingCompletionServer.token)"},"finish_reason":null}]}"#
            + "\n\n")
    private static let last = ByteBuffer(
        string:
            #"data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":0,"model":"bench-model","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#
            + "\n\n" + "data: [DONE]\n\n")
}
