@_spi(Reading) import GenUI
import Synchronization

/// The part of a templated prompt that every request with the same instructions shares: the prompt up to the end of
/// the system message's text. llama-server keeps it evaluated in its slot (see ``SlotGate``), so a request evaluates
/// only its own messages.
struct PromptPrefix: Sendable, Hashable {
    /// The templated text, from the start of the prompt to the end of the instructions.
    let text: String

    /// The prefix of `prompt` that ends where `instructions` end, or `nil` when the prompt does not contain them
    /// verbatim (a chat template that rewrites the system message) or there are none.
    init?(prompt: String, instructions: String?) {
        guard let instructions, !instructions.isEmpty, let range = prompt.range(of: instructions) else { return nil }
        text = String(prompt[..<range.upperBound])
    }

    /// The body of the `/completion` request that leaves exactly this prefix in the slot: no output, prompt cache on
    /// (or off, to evaluate it again from the first token).
    func establishingBody(cachePrompt: Bool) -> CompletionRequest {
        CompletionRequest(prompt: text, tokenLimit: 0, cachePrompt: cachePrompt)
    }
}

/// How many of a prefix's tokens llama-server evaluated for an establishing request, from its `/completion` answer.
struct PrefixEvaluation: Sendable, Hashable {
    /// Tokens evaluated for this request (`timings.prompt_n`).
    let evaluated: Int
    /// Tokens in the prompt (`tokens_evaluated`, the whole prompt whether cached or not).
    let total: Int

    /// Reads the counts from a `/completion` answer; `nil` when the answer lacks them.
    init?(_ counts: PromptEvaluationCounts) {
        guard let evaluated = counts.timings?.promptTokens, let total = counts.tokensEvaluated, evaluated >= 0,
            total >= 0
        else { return nil }
        self.evaluated = evaluated
        self.total = total
    }

    /// What the slot holds after this request, and what to do next to reach the canonical state.
    var next: PrefixStep {
        if evaluated == 1 { return .ready }
        // The slot held nothing of the prefix: all of it was evaluated in one batch. Evaluating it once more leaves
        // the first tokens as they are and evaluates the last one alone, the state every later request finds.
        if evaluated >= total { return .repeatCached }
        // Part of the prefix came from another prompt's evaluation (different batches): start again from scratch.
        return .evaluateAfresh
    }
}

/// The next step in establishing a prefix.
enum PrefixStep: Sendable, Hashable {
    /// The slot holds the prefix in its canonical state: all tokens but the last evaluated together from the first
    /// token on, the last one evaluated alone.
    case ready
    /// Send the prefix again with the prompt cache on.
    case repeatCached
    /// Send the prefix with the prompt cache off (evaluating it from the first token), then again with it on.
    case evaluateAfresh
}

/// One at a time through a llama-server's single slot.
///
/// Greedy decoding is deterministic only if the prompt is evaluated the same way every time: llama.cpp's results for
/// a token depend slightly on the batch it was evaluated in, and at a near tie that can change the chosen token. So a
/// request first puts its instructions prefix into the slot in one canonical state (``PrefixStep``), then sends its
/// whole prompt with the prompt cache on: the server reuses the prefix and evaluates the rest in one batch, the same
/// batch every time. The two requests must not be interleaved with another's, so the gate lets one request at a time
/// through per server; llama-server has a single slot, so requests were queued there anyway.
actor SlotGate {
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` while no other request holds this gate.
    func exclusively<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        if busy {
            await withCheckedContinuation { waiters.append($0) }
        } else {
            busy = true
        }
        defer { handOver() }
        return try await body()
    }

    private func handOver() {
        if waiters.isEmpty {
            busy = false
        } else {
            waiters.removeFirst().resume()
        }
    }

    /// The gate of the server `owner`, shared by every copy of a model (they share one server).
    static func gate(for owner: AnyObject) -> SlotGate {
        registry.withLock { entries in
            entries = entries.filter { $0.value.owner != nil }
            let key = ObjectIdentifier(owner)
            if let entry = entries[key], entry.owner === owner { return entry.gate }
            let gate = SlotGate()
            entries[key] = Entry(owner: owner, gate: gate)
            return gate
        }
    }

    private struct Entry: @unchecked Sendable {
        weak var owner: AnyObject?
        let gate: SlotGate
    }

    private static let registry = Mutex<[ObjectIdentifier: Entry]>([:])
}
