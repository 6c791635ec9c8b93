import Foundation
import GenUITestSupport
import Synchronization
import Testing

@testable import GenUI

/// What an app-registered Foundation Models 27 model sends is reduced in linear time and within the same bounds as
/// genui's own providers' answers: the text, the reasoning and the tool calls each have their bound, an endless
/// answer ends at it with `responseTooLarge` naming the bound, and the channel holds a bounded number of events.
@Suite("Foundation Models 27 executor: linear reduction, bounded answers and a bounded channel", .tags(.unit))
struct ExecutorBoundsTests {
    @Test(
        "40,000 deltas of 100 characters are reduced in linear time: 4× the deltas take at most 5× the CPU time (best of 7 interleaved runs each)",
        .tags(.timing), .timeLimit(.minutes(3)))
    func manyDeltasInLinearTime() async throws {
        // The work is measured as this process's CPU time, not the wall clock: the test runs alone in its process
        // (its kind is timing), so that is the reduction's work, and other processes on the machine do not lengthen
        // it as they lengthen the wall-clock time of the longer run.
        func cpuTime() -> Duration {
            var usage = rusage()
            #if canImport(Glibc)
                getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            #else
                getrusage(RUSAGE_SELF, &usage)
            #endif
            let microseconds =
                Int64(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000
                + Int64(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
            return .microseconds(microseconds)
        }
        func run(deltas: Int) async throws -> Duration {
            let model = ExecutorModel(
                FloodModel(.init(label: "linear-\(deltas)", kind: .response, pieces: deltas, pieceBytes: 100)))
            let started = cpuTime()
            let response = try await model.respond(to: GenerationRequest(prompt: "Write"))
            let elapsed = cpuTime() - started
            #expect(response.text.utf8.count == deltas * 100)
            return elapsed
        }
        // Warm-up: the first executor of a kind and the first stream pay their set-up.
        _ = try await run(deltas: 1_000)
        // The sizes take turns, so a stretch of load from the tests running beside this one (or another process)
        // slows runs of both, and the fastest of each is the one least disturbed.
        var small = Duration.seconds(3600)
        var large = Duration.seconds(3600)
        for _ in 0..<7 {
            small = min(small, try await run(deltas: 10_000))
            large = min(large, try await run(deltas: 40_000))
        }
        let ratio = large / small
        print("FM 27 reduction: 10,000 deltas \(small), 40,000 deltas \(large), ratio \(ratio)")
        // Quadratic reduction (each delta copying the text so far) made this ratio about 20.
        #expect(ratio <= 5, "10,000 deltas took \(small), 40,000 took \(large): \(ratio)×")
    }

    @Test(
        "an endless answer is ended by the output bound: responseTooLarge naming the generated text and its 4 MiB, and the executor is stopped",
        .timeLimit(.minutes(2)))
    func endlessAnswerEndsAtTheOutputBound() async throws {
        let flood = FloodModel(.init(label: "endless-text", kind: .response, pieces: nil, pieceBytes: 64 << 10))
        let error = try await Self.refusal(ExecutorModel(flood, name: "flood"))
        let limit = ResponseLimits.standard.maximumOutputBytes
        guard case .responseTooLarge(let refused, let context) = error else {
            Issue.record("expected responseTooLarge, got \(error)")
            return
        }
        #expect(refused == limit)
        #expect(context.provider == "flood")
        #expect(
            context.debugDescription.contains("the generated text passed the limit of 4 MiB"),
            "\(context.debugDescription)")
        #expect(await eventually(within: .seconds(10)) { flood.counter.finished }, "the executor kept sending")
        // What was sent past the bound: at most the channel's buffer and the event that passed it.
        let pieces = limit / (64 << 10)
        #expect(
            flood.counter.sent <= pieces + LanguageModelExecutorGenerationChannel.bufferCapacity + 2,
            "\(flood.counter.sent) events sent")
    }

    @Test(
        "an endless reasoning stream is ended by the reasoning bound, counted apart from 3 MiB of text before it",
        .timeLimit(.minutes(2)))
    func endlessReasoningEndsAtItsBound() async throws {
        let flood = FloodModel(
            .init(label: "endless-reasoning", kind: .reasoning, pieces: nil, pieceBytes: 64 << 10, textBefore: 3 << 20))
        let error = try await Self.refusal(ExecutorModel(flood, name: "thinker"))
        guard case .responseTooLarge(let refused, let context) = error else {
            Issue.record("expected responseTooLarge, got \(error)")
            return
        }
        #expect(refused == ResponseLimits.standard.maximumReasoningBytes)
        #expect(
            context.debugDescription.contains("the model's reasoning passed the limit of 4 MiB"),
            "\(context.debugDescription)")
        #expect(context.provider == "thinker")
        // 4 MiB of reasoning was taken after the 3 MiB of text: the two bounds are apart.
        #expect(flood.counter.sent >= (4 << 20) / (64 << 10), "\(flood.counter.sent) events sent")
        #expect(await eventually(within: .seconds(10)) { flood.counter.finished }, "the executor kept sending")
    }

    @Test("reasoning signatures count toward the reasoning bound")
    func reasoningSignaturesAreBounded() async throws {
        let flood = FloodModel(.init(label: "endless-signatures", kind: .signature, pieces: nil, pieceBytes: 512 << 10))
        let error = try await Self.refusal(ExecutorModel(flood, name: "signer"))
        guard case .responseTooLarge(let refused, _) = error else {
            Issue.record("expected responseTooLarge, got \(error)")
            return
        }
        // One signature replaces the one before: only an ever larger one passes the bound.
        #expect(refused == ResponseLimits.standard.maximumReasoningBytes)
    }

    @Test("a tool call's endless arguments end at the 1 MiB argument bound, and the 129th call at the call bound")
    func toolCallsAreBounded() async throws {
        let arguments = try await Self.refusal(
            ExecutorModel(
                FloodModel(.init(label: "endless-arguments", kind: .toolArguments, pieces: nil, pieceBytes: 16 << 10)),
                name: "caller"))
        guard case .responseTooLarge(let argumentLimit, let context) = arguments else {
            Issue.record("expected responseTooLarge, got \(arguments)")
            return
        }
        #expect(argumentLimit == ResponseLimits.standard.maximumToolArgumentBytes)
        #expect(
            context.debugDescription.contains("the arguments of the call of get_weather"), "\(context.debugDescription)"
        )

        let calls = try await Self.refusal(
            ExecutorModel(
                FloodModel(.init(label: "endless-calls", kind: .toolCalls, pieces: nil, pieceBytes: 2)), name: "caller")
        )
        guard case .responseTooLarge(let callLimit, let callContext) = calls else {
            Issue.record("expected responseTooLarge, got \(calls)")
            return
        }
        #expect(callLimit == ResponseLimits.standard.maximumToolCalls)
        #expect(callContext.debugDescription.contains("more than 128 tool calls"), "\(callContext.debugDescription)")
    }

    @Test(
        "the channel holds at most its buffer's capacity of unread events: a fast sender waits for a slow reader, and every event arrives in order"
    )
    func channelBufferIsBounded() async throws {
        let channel = LanguageModelExecutorGenerationChannel()
        let total = 10_000
        let sender = Task {
            defer { channel.finish() }
            for index in 0..<total {
                await channel.send(.response(action: .appendText("\(index),", tokenCount: 1)))
            }
        }
        var received = 0
        var mostUnread = 0
        var inOrder = true
        for await event in channel {
            mostUnread = max(mostUnread, channel.unreadCount)
            if case .response(let response) = event.kind, case .appendText(let text, _, _) = response.action.change {
                inOrder = inOrder && text == "\(received),"
            }
            received += 1
            // A slow reader: the sender runs ahead of it until the buffer is full.
            if received % 500 == 0 { try await Task.sleep(for: .milliseconds(5)) }
        }
        await sender.value
        #expect(received == total)
        #expect(inOrder)
        #expect(mostUnread <= LanguageModelExecutorGenerationChannel.bufferCapacity, "\(mostUnread) unread events")
        // The sender did run ahead (so the bound was met, not just never approached).
        #expect(mostUnread >= LanguageModelExecutorGenerationChannel.bufferCapacity / 2, "\(mostUnread) unread events")
    }

    /// The error `model` fails a request with.
    static func refusal(_ model: some RoutableModel) async throws -> GenUIError {
        do {
            _ = try await model.respond(to: GenerationRequest(prompt: "Write forever"))
        } catch let error as GenUIError {
            return error
        }
        Issue.record("the answer was accepted")
        return .serverError(status: nil, .init(debugDescription: "accepted"))
    }
}

/// How many events a flooding executor sent, and whether it has stopped.
final class FloodCounter: Sendable {
    private let state = Mutex((sent: 0, finished: false))
    var sent: Int { state.withLock { $0.sent } }
    var finished: Bool { state.withLock { $0.finished } }
    func add() { state.withLock { $0.sent += 1 } }
    func finish() { state.withLock { $0.finished = true } }
}

/// A Foundation Models 27 model whose executor sends many events, or never stops until it is cancelled.
struct FloodModel: LanguageModel {
    typealias Executor = FloodExecutor

    struct Plan: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case response, reasoning, signature, toolArguments, toolCalls }
        var label: String
        var kind: Kind
        /// How many pieces; `nil` for no end.
        var pieces: Int?
        var pieceBytes: Int
        /// Response text sent first, in bytes.
        var textBefore = 0
    }

    let plan: Plan
    let counter = FloodCounter()

    init(_ plan: Plan) { self.plan = plan }

    var capabilities: LanguageModelCapabilities { LanguageModelCapabilities([.toolCalling]) }
    var executorConfiguration: FloodExecutor.Configuration { .init(label: plan.label) }
}

struct FloodExecutor: LanguageModelExecutor {
    struct Configuration: Hashable, Sendable {
        var label: String
    }

    init(configuration: Configuration) {}

    func respond(
        to request: LanguageModelExecutorGenerationRequest, model: FloodModel,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        defer { model.counter.finish() }
        let plan = model.plan
        let piece = String(repeating: "a", count: plan.pieceBytes)
        var before = plan.textBefore
        while before > 0 {
            let size = min(before, 64 << 10)
            await channel.send(.response(action: .appendText(String(repeating: "t", count: size), tokenCount: 1)))
            before -= size
        }
        var index = 0
        while plan.pieces.map({ index < $0 }) ?? true {
            if Task.isCancelled { return }
            let event: LanguageModelExecutorGenerationChannel.Event =
                switch plan.kind {
                case .response: .response(action: .appendText(piece, tokenCount: 1))
                case .reasoning: .reasoning(action: .appendText(piece, tokenCount: 1))
                case .signature:
                    .reasoning(
                        action: .updateSignature(
                            Data(repeating: 1, count: plan.pieceBytes * (index + 1)), tokenCount: 0))
                case .toolArguments:
                    .toolCalls(
                        action: .toolCall(
                            id: "call", name: "get_weather", action: .appendArguments(piece, tokenCount: 1)))
                case .toolCalls:
                    .toolCalls(
                        action: .toolCall(
                            id: "call-\(index)", name: "get_weather", action: .appendArguments("{}", tokenCount: 1)))
                }
            await channel.send(event)
            model.counter.add()
            index += 1
        }
    }
}
