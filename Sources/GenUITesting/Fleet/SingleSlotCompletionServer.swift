import Foundation
import GenUI
import Synchronization

/// A loopback OpenAI-compatible server that, like a llama-server with one slot, serves one chat completion at a
/// time with a fixed service time; other requests wait their turn.
///
/// `GET /v1/models` answers at once; `POST /v1/chat/completions` waits for the slot, holds it for the service
/// time and answers with a completion whose text names the server. A client that closes its connection while its
/// request waits or is being served gives the slot up at once, as llama-server cancels a task whose connection
/// closed; the server counts it (``abandoned``). A fraction of requests can be made slow, reproducibly, to give the
/// latencies a tail. For fleet tests and benchmarks.
public final class SingleSlotCompletionServer: Sendable {
    /// The name the completions carry (`served by NAME`).
    public let name: String
    private let server: LoopbackHTTPServer
    private let shared: Shared

    private final class Shared: Sendable {
        let slot = NSCondition()
        let state: Mutex<State>
        init(_ state: State) { self.state = Mutex(state) }
    }

    private struct State {
        var busy = false
        var serviceTime: Duration
        var slowFraction: Double
        var slowFactor: Double
        var random: UInt64
        var started = 0
        var completed = 0
        var abandoned = 0
        var maximumConcurrent = 0
    }

    /// Starts a server named `name` that takes `serviceTime` per completion; `slowFraction` of the completions (drawn
    /// from `seed`) take `slowFactor` times as long.
    public init(
        name: String, serviceTime: Duration, slowFraction: Double = 0, slowFactor: Double = 10, seed: UInt64 = 1
    ) throws {
        self.name = name
        let shared = Shared(
            State(
                serviceTime: serviceTime, slowFraction: slowFraction, slowFactor: slowFactor, random: seed))
        self.shared = shared
        server = try LoopbackHTTPServer { request, connection in
            Self.handle(request, connection, name: name, shared: shared)
        }
    }

    /// `http://127.0.0.1:<port>/v1`, the base URL an OpenAI provider takes.
    public var baseURL: URL { server.baseURL.appendingPathComponent("v1") }

    /// The underlying loopback server (its requests and client closures).
    public var loopback: LoopbackHTTPServer { server }

    /// Changes the service time of the completions that start from now on.
    public func setServiceTime(_ serviceTime: Duration) {
        shared.state.withLock { $0.serviceTime = serviceTime }
    }

    /// Completions that got the slot (served or abandoned while being served).
    public var started: Int { shared.state.withLock { $0.started } }
    /// Completions answered.
    public var completed: Int { shared.state.withLock { $0.completed } }
    /// Completion requests whose client closed the connection while they waited or were being served.
    public var abandoned: Int { shared.state.withLock { $0.abandoned } }
    /// Chat completion requests received.
    public var completionRequests: Int { server.requests.count { $0.path.hasSuffix("/chat/completions") } }

    /// Stops the server: new connections are refused.
    public func stop() { server.stop() }

    private static func handle(
        _ request: LoopbackRequest, _ connection: LoopbackConnection, name: String, shared: Shared
    ) {
        guard request.path.hasSuffix("/chat/completions") else {
            connection.respond(json: #"{"object":"list","data":[{"id":"fleet-model","object":"model"}]}"#)
            return
        }
        // Wait for the slot, giving up when the client goes away.
        while true {
            shared.slot.lock()
            let taken = shared.state.withLock { state -> Bool in
                guard !state.busy else { return false }
                state.busy = true
                state.started += 1
                return true
            }
            if taken {
                shared.slot.unlock()
                break
            }
            // Woken by a release: try for the slot at once. Only after a quiet wait, look whether the client left (a
            // look that may block for a poll interval).
            let woken = shared.slot.wait(until: Date().addingTimeInterval(0.05))
            shared.slot.unlock()
            if !woken, connection.stall(for: .milliseconds(1)) {
                shared.state.withLock { $0.abandoned += 1 }
                return
            }
        }
        let serviceTime = shared.state.withLock { state -> Duration in
            state.random &+= 0x9E37_79B9_7F4A_7C15
            var z = state.random
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            let draw = Double((z ^ (z >> 31)) >> 11) / Double(UInt64(1) << 53)
            return draw < state.slowFraction ? state.serviceTime * state.slowFactor : state.serviceTime
        }
        let gone = connection.stall(for: serviceTime)
        shared.slot.lock()
        shared.state.withLock { state in
            state.busy = false
            if gone { state.abandoned += 1 } else { state.completed += 1 }
        }
        shared.slot.broadcast()
        shared.slot.unlock()
        guard !gone else { return }
        let text = "served by \(name)"
        connection.respond(
            json: """
                {"id":"chatcmpl-fleet","object":"chat.completion","model":"fleet-model","choices":[{"index":0,\
                "message":{"role":"assistant","content":"\(text)"},"finish_reason":"stop"}],\
                "usage":{"prompt_tokens":5,"completion_tokens":3,"total_tokens":8}}
                """)
    }
}
