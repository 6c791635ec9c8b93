extension LanguageModelSession {
    /// What a request has produced before it failed, kept under ``TranscriptErrorHandlingPolicy/preserveTranscript``.
    struct PartialExchange {
        /// The entries of the finished tool rounds: the reasoning before the calls, the calls and their outputs.
        var rounds: [Transcript.Entry] = []
        /// The text of the turn being streamed, as far as it came (the stream writes it here as it grows).
        var text = OutputText()
        /// The policy of the profile as its latest evaluation set it.
        var profilePolicy: TranscriptErrorHandlingPolicy?
        /// `true` once the exchange is in the transcript (a response action may still fail the request).
        var isRecorded = false

        /// What the transcript keeps: the finished rounds and, when text was streamed, a response entry with it.
        var entries: [Transcript.Entry] {
            guard !text.text.isEmpty else { return rounds }
            return rounds + [
                .response(Transcript.Response(assetIDs: [], segments: [.text(.init(content: text.text))]))
            ]
        }
    }

    /// How the answer's text grows while the session waits for it.
    enum AnswerProgress {
        /// The text starts, or starts over: a new turn after a round of tool calls, or a chain moved to another
        /// provider.
        case started
        /// The text so far, after a delta.
        case text(OutputText)
    }

    /// Runs `ask`, the session's one way to answer: marks the session as responding, streams the model's turns with
    /// the tool rounds between them, validates the answer, records the exchange and logs its end.
    /// ``respond(to:options:)`` collects the answer; ``ResponseStream`` also shows `progress` as snapshots (`streaming`
    /// says which, for the log), and may wait there: the next delta is not read until it returns, so a reader that
    /// lags holds the model's stream back instead of queuing snapshots. Errors are those Foundation Models throws
    /// where it has a type for them (see ``GenUIError``).
    func perform(
        _ ask: Ask, streaming: Bool = false, progress: (AnswerProgress) async -> Void = { _ in }
    ) async throws -> Performed {
        try await SessionPropertyValues.$current.withValue(properties) {
            try await performWithProperties(ask, streaming: streaming, progress: progress)
        }
    }

    /// ``perform(_:streaming:progress:)`` with the session's properties in effect for its profile and tools.
    private func performWithProperties(
        _ ask: Ask, streaming: Bool, progress: (AnswerProgress) async -> Void
    ) async throws -> Performed {
        let started = ContinuousClock.now
        do {
            try ask.prompt.options.validate()
            try beginResponding()
            let prepared: Prepared
            do {
                prepared = try await preparing(ask)
            } catch {
                endResponding()
                throw error
            }
            // With the prompt already in the transcript, the exchange adds what follows it.
            let promptRecorded = prepared.transcriptBefore != nil
            let performed: Performed
            // A request the session rejects before the model is asked leaves the transcript as it was, whatever the
            // policy.
            let request: GenerationRequest
            do {
                request = try makeRequest(prepared.ask, promptInTranscript: promptRecorded)
            } catch {
                endResponding(restoring: prepared.transcriptBefore)
                throw error
            }
            var exchange = PartialExchange()
            do {
                let answered = try await answer(
                    request, asking: prepared.ask, caller: ask, profile: prepared.profile,
                    streaming: streaming, progress: progress, exchange: &exchange)
                performed = answered.performed
                let recorded = promptRecorded ? Array(performed.entries.dropFirst()) : performed.entries
                // The profile's response actions run with the exchange in the transcript, the session still
                // responding (a second request waits), and what they throw fails the request like any error.
                record(recorded, metadata: performed.metadata)
                exchange.isRecorded = true
                try await runResponseActions(of: answered.profile, after: performed)
                endResponding()
            } catch {
                let policy = transcriptErrorHandlingPolicy ?? exchange.profilePolicy
                if policy?.preserves == true {
                    let prompt: [Transcript.Entry] = promptRecorded ? [] : [.prompt(prepared.ask.prompt)]
                    endResponding(appending: exchange.isRecorded ? [] : prompt + exchange.entries)
                } else {
                    endResponding(restoring: prepared.transcriptBefore)
                }
                throw error
            }
            logEnd(since: started, streaming: streaming, metadata: performed.metadata, failure: nil)
            return performed
        } catch {
            logEnd(since: started, streaming: streaming, metadata: nil, failure: error)
            throw surfaced(error, asking: ask)
        }
    }

    /// Asks the model for turns of `request` until one answers: a turn of tool calls runs them (``ToolLoop``) and asks
    /// again with their output. When `streaming`, each turn is streamed and its text shown to `progress`; otherwise
    /// the model answers each turn whole (a provider then need not stream on its wire).
    private func answer(
        _ request: GenerationRequest, asking ask: Ask, caller: Ask, profile: ProfileResolution?,
        streaming: Bool, progress: (AnswerProgress) async -> Void, exchange: inout PartialExchange
    ) async throws -> (performed: Performed, profile: ProfileResolution?) {
        var request = request
        var profile = profile
        exchange.profilePolicy = profile?.transcriptErrorHandlingPolicy
        var loop = ToolLoop(tools: tools, maximumRounds: maximumToolRounds, logger: logger)
        if let profile { loop.adopt(profile, tools: tools) }
        while true {
            let sent = Self.viewed(request, through: profile)
            let response =
                if streaming {
                    try await streamTurn(sent, into: &exchange.text, progress: progress)
                } else {
                    try await model.respond(to: sent)
                }
            guard response.toolCalls.isEmpty else {
                exchange.text.removeAll()
                try await loop.runCalls(of: response, appendingTo: &request)
                exchange.rounds = loop.entries
                profile = try await refreshing(&request, loop: &loop, caller: caller) ?? profile
                if let profile { exchange.profilePolicy = profile.transcriptErrorHandlingPolicy }
                await progress(.started)
                continue
            }
            return (loop.finishing(try Self.finish(response, for: ask)), profile)
        }
    }

    /// Streams one turn of `request`: its text, bounded by ``ResponseLimits/maximumOutputBytes``, grows in `text`
    /// (emptied first; what it holds when the turn fails is the partial answer) and is shown to `progress`; returns
    /// the turn's response.
    private func streamTurn(
        _ request: GenerationRequest, into text: inout OutputText, progress: (AnswerProgress) async -> Void
    ) async throws -> GenerationResponse {
        text.removeAll()
        var completed: GenerationResponse?
        for try await event in model.streamResponse(to: request) {
            switch event {
            case .delta(let delta):
                do {
                    try text.append(delta)
                } catch {
                    throw error.attributed(to: model.name)
                }
                await progress(.text(text))
            case .restarted:
                text.removeAll()
                await progress(.started)
            case .completed(let response):
                completed = response
            }
        }
        guard let completed else {
            throw GenUIError.serverError(
                status: nil,
                .init(provider: model.name, debugDescription: "the stream ended before the response was complete"))
        }
        return completed
    }
}
