import Synchronization

/// A streamed response: an async sequence of snapshots, each the partial content so far.
///
/// Iterate it to show progress, or call ``collect()`` for the final, validated response. While a structured response
/// streams, the text is parsed as a prefix of a JSON document, so `content` grows property by property; the last
/// snapshot is the complete, validated value.
///
/// Snapshots are amortised: one per delta while the text is short, then one each time the text has grown by a
/// fraction of its length, so a stream of many tiny deltas costs time linear in its length (never quadratic). The
/// text is bounded by ``ResponseLimits/maximumOutputBytes``; more is ``GenUIError/responseTooLarge(limit:_:)``.
public struct ResponseStream<Content: Generable & Sendable>: AsyncSequence, Sendable
where Content.PartiallyGenerated: Sendable {
    /// The content so far.
    public struct Snapshot: Sendable {
        /// The partially generated value.
        public var content: Content.PartiallyGenerated
        /// The raw content so far (`isComplete == false` until the end).
        public var rawContent: GeneratedContent
    }

    public typealias Element = Snapshot

    private let snapshots: AsyncThrowingStream<Snapshot, any Error>
    private let final: FinalResponse

    final class FinalResponse: Sendable {
        let value = Mutex<LanguageModelSession.Response<Content>?>(nil)
        /// How many times the text so far was read for a snapshot (parsed, for structured responses).
        let snapshotReads = Mutex(0)
    }

    /// How many times the text so far was read for a snapshot, final value excluded (for tests of the amortisation).
    var partialReadCount: Int { final.snapshotReads.withLock { $0 } }

    init(session: LanguageModelSession, prompt: String, schema: GenerationSchema?, includeSchemaInPrompt: Bool,
         options: GenerationOptions) {
        let final = FinalResponse()
        self.final = final
        self.snapshots = AsyncThrowingStream { continuation in
            let task = Task {
                let started = ContinuousClock.now
                do {
                    let request = try session.makeRequest(
                        prompt: prompt, schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
                    try session.beginResponding()
                    do {
                        let response = try await Self.run(
                            session: session, request: request, prompt: prompt, schema: schema,
                            continuation: continuation, final: final)
                        final.value.withLock { $0 = response }
                        session.endResponding(recording: response.transcriptEntries, metadata: response.metadata)
                        session.logEnd(since: started, streaming: true, metadata: response.metadata, failure: nil)
                        continuation.finish()
                    } catch {
                        session.endResponding(recording: nil)
                        throw error
                    }
                } catch {
                    session.logEnd(since: started, streaming: true, metadata: nil, failure: error)
                    continuation.finish(throwing: session.surfaced(error, prompt: prompt))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private static func run(
        session: LanguageModelSession, request: GenerationRequest, prompt: String, schema: GenerationSchema?,
        continuation: AsyncThrowingStream<Snapshot, any Error>.Continuation, final: FinalResponse
    ) async throws -> LanguageModelSession.Response<Content> {
        var request = request
        var loop = ToolLoop(tools: session.tools, maximumRounds: session.maximumToolRounds, logger: session.logger)
        while true {
            var text = OutputText()
            var schedule: SnapshotSchedule = schema == nil ? .copying : .parsing
            var completed: GenerationResponse?
            for try await event in session.model.streamResponse(to: request) {
                switch event {
                case .delta(let delta):
                    do {
                        try text.append(delta)
                    } catch {
                        throw error.attributed(to: session.model.name)
                    }
                    guard schedule.isDue(at: text.byteCount) else { continue }
                    final.snapshotReads.withLock { $0 += 1 }
                    if let snapshot = partialSnapshot(of: text.text, structured: schema != nil) {
                        continuation.yield(snapshot)
                    }
                case .restarted:
                    text.removeAll()
                    schedule.reset()
                case .completed(let response):
                    completed = response
                }
            }
            guard let response = completed else {
                throw GenUIError.serverError(
                    status: nil,
                    .init(provider: session.model.name, debugDescription: "the stream ended before the response was complete"))
            }
            // A turn of tool calls: run them and stream the model's next turn.
            guard response.toolCalls.isEmpty else {
                try await loop.runCalls(of: response, appendingTo: &request)
                continue
            }
            let performed = loop.finishing(
                try LanguageModelSession.finish(response, prompt: prompt, schema: schema, options: request.options))
            let value: Content = try schema == nil
                ? Content(GeneratedContent(kind: .string(performed.text)))
                : LanguageModelSession.decode(Content.self, from: performed)
            continuation.yield(Snapshot(content: try value.partiallyGenerated(), rawContent: performed.content))
            return LanguageModelSession.Response(
                content: value, rawContent: performed.content, transcriptEntries: performed.entries,
                metadata: performed.metadata)
        }
    }

    private static func partialSnapshot(of text: String, structured: Bool) -> Snapshot? {
        let raw: GeneratedContent
        if structured {
            guard let parsed = try? JSONParser.parsePartial(text) else { return nil }
            raw = parsed
        } else {
            raw = GeneratedContent(kind: .string(text), isComplete: false)
        }
        guard let partial = try? Content.PartiallyGenerated(raw) else { return nil }
        return Snapshot(content: partial, rawContent: raw)
    }

    public func makeAsyncIterator() -> AsyncThrowingStream<Snapshot, any Error>.AsyncIterator {
        snapshots.makeAsyncIterator()
    }

    /// Waits for the end of the stream and returns the final, validated response.
    public func collect() async throws -> LanguageModelSession.Response<Content> {
        for try await _ in snapshots {}
        guard let response = final.value.withLock({ $0 }) else {
            throw CancellationError()
        }
        return response
    }
}

extension LanguageModelSession {
    /// Streams a text answer.
    public func streamResponse(to prompt: String, options: GenerationOptions = GenerationOptions())
        -> ResponseStream<String>
    {
        ResponseStream(session: self, prompt: prompt, schema: nil, includeSchemaInPrompt: false, options: options)
    }

    /// Streams a value of a generable type, snapshot by snapshot.
    public func streamResponse<Content: Generable & Sendable>(
        to prompt: String, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) -> ResponseStream<Content> where Content.PartiallyGenerated: Sendable {
        ResponseStream(
            session: self, prompt: prompt, schema: Content.generationSchema,
            includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Streams content following a (dynamic) schema.
    public func streamResponse(
        to prompt: String, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) -> ResponseStream<GeneratedContent> {
        ResponseStream(
            session: self, prompt: prompt, schema: schema, includeSchemaInPrompt: includeSchemaInPrompt,
            options: options)
    }
}
