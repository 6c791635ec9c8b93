import Synchronization

/// A streamed response: an async sequence of snapshots, each the partial content so far.
///
/// Iterate it to show progress, or call ``collect()`` for the final, validated response. While a structured response
/// streams, the text is parsed as a prefix of a JSON document, so `content` grows property by property; the last
/// snapshot is the complete, validated value.
///
/// Snapshots are amortised: one per delta while the text is short, then one each time the text has grown by a
/// fraction of its length, so a stream of many tiny deltas costs time linear in its length (never quadratic). The
/// text is bounded by ``ResponseLimits/maximumOutputBytes``; more is ``GenUIError/responseTooLarge(limit:_:)``. A
/// reader that lags holds the model's stream back: at most two snapshots wait unread, and the generation waits for the
/// reader rather than queuing more.
public struct ResponseStream<Content: Generable>: AsyncSequence, Sendable {
    /// The content so far.
    public struct Snapshot {
        /// The partially generated value.
        public var content: Content.PartiallyGenerated
        /// The raw content so far (`isComplete == false` until the end).
        public var rawContent: GeneratedContent
        /// The tokens the response used (Foundation Models 27): zero until the final snapshot, which carries the
        /// response's whole usage.
        public var usage: LanguageModelSession.Usage = LanguageModelSession.Usage()
        /// The entries the exchange added to the transcript (Foundation Models 27): empty until the final snapshot,
        /// which carries them all (the prompt, tool calls and outputs, reasoning, the response).
        public var transcriptEntries: [Transcript.Entry] = []
    }

    /// Each element is a snapshot of the content so far.
    public typealias Element = Snapshot
    /// A stream fails with the error that ended the response.
    public typealias Failure = any Error

    /// What the generating task hands to the reader: raw content, `Sendable` whatever `Content` is. The reader turns
    /// it into `Content` in its own isolation, so a generated type need not be `Sendable` (as in Foundation Models).
    enum Raw: Sendable {
        /// The content so far.
        case partial(GeneratedContent)
        /// The whole, validated response.
        case final(LanguageModelSession.Performed)
    }

    /// The most snapshots that wait for a reader that lags before the generation waits for it: each holds the whole
    /// text so far, so a queue of them would grow with the square of the answer.
    static var unreadSnapshotLimit: Int { 2 }

    private let raws: AsyncThrowingStream<Raw, any Error>
    private let final: FinalResponse
    private let structured: Bool
    private let backlog: ReaderBacklog
    /// Cancels the generation when neither the stream nor an iterator of it is left: a stream dropped unread would
    /// otherwise wait for its reader for good (`ReaderBacklog`).
    private let generation: Generation

    /// The generating task, cancelled when the last stream or iterator that holds this goes away.
    final class Generation: Sendable {
        let task: Task<Void, Never>

        init(_ task: Task<Void, Never>) { self.task = task }

        deinit { task.cancel() }
    }

    final class FinalResponse: Sendable {
        let value = Mutex<LanguageModelSession.Performed?>(nil)
        /// How many times the text so far was read for a snapshot (parsed, for structured responses).
        let snapshotReads = Mutex(0)
    }

    /// How many times the text so far was read for a snapshot, final value excluded (for tests of the amortisation).
    var partialReadCount: Int { final.snapshotReads.withLock { $0 } }

    init(session: LanguageModelSession, asking ask: LanguageModelSession.Ask) {
        let final = FinalResponse()
        let backlog = ReaderBacklog(limit: Self.unreadSnapshotLimit)
        self.final = final
        self.backlog = backlog
        self.structured = ask.schema != nil
        let (raws, continuation) = AsyncThrowingStream<Raw, any Error>.makeStream()
        self.raws = raws
        let task = Task {
            var schedule: SnapshotSchedule = ask.schema == nil ? .copying : .parsing
            do {
                let performed = try await session.perform(ask, streaming: true) { progress in
                    switch progress {
                    case .started:
                        schedule.reset()
                    case .text(let text):
                        guard schedule.isDue(at: text.byteCount) else { return }
                        final.snapshotReads.withLock { $0 += 1 }
                        if let content = Self.partialContent(of: text.text, structured: ask.schema != nil) {
                            backlog.handedOut()
                            continuation.yield(.partial(content))
                            // A reader that lags holds the model's stream back rather than a queue of snapshots.
                            await backlog.waitForReader()
                        }
                    }
                }
                final.value.withLock { $0 = performed }
                continuation.yield(.final(performed))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        self.generation = Generation(task)
    }

    private static func partialContent(of text: String, structured: Bool) -> GeneratedContent? {
        guard structured else { return GeneratedContent(kind: .string(text), isComplete: false) }
        return try? JSONParser.parsePartial(text)
    }

    /// The final value of a response, decoded in the reader's isolation.
    static func decode(_ performed: LanguageModelSession.Performed, structured: Bool) throws -> Content {
        try structured
            ? LanguageModelSession.decode(Content.self, from: performed)
            : Content(GeneratedContent(kind: .string(performed.text)))
    }

    /// Reads snapshots, decoding each in the caller's isolation.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Raw, any Error>.AsyncIterator
        let structured: Bool
        let backlog: ReaderBacklog
        let generation: Generation

        /// The next snapshot; `nil` after the final one.
        public mutating func next() async throws -> Snapshot? {
            try await next(isolation: nil)
        }

        /// The next snapshot, decoded in `actor`'s isolation; `nil` after the final one. A partial snapshot that
        /// does not yet decode is skipped; the final one is the complete, validated value (its decoding error is
        /// thrown).
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Snapshot? {
            while let raw = try await base.next(isolation: actor) {
                switch raw {
                case .partial(let content):
                    backlog.taken()
                    guard let partial = try? Content.PartiallyGenerated(content) else { continue }
                    return Snapshot(content: partial, rawContent: content)
                case .final(let performed):
                    let value = try ResponseStream.decode(performed, structured: structured)
                    return Snapshot(
                        content: try value.partiallyGenerated(), rawContent: performed.content,
                        usage: LanguageModelSession.Usage(performed.metadata.usage),
                        transcriptEntries: performed.entries)
                }
            }
            return nil
        }
    }

    /// An iterator over the snapshots; the stream has one reader.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: raws.makeAsyncIterator(), structured: structured, backlog: backlog, generation: generation)
    }

    /// Waits for the end of the stream and returns the final, validated response, decoded in the caller's
    /// isolation.
    nonisolated(nonsending) public func collect() async throws -> LanguageModelSession.Response<Content> {
        for try await raw in raws {
            if case .partial = raw { backlog.taken() }
        }
        guard let performed = final.value.withLock({ $0 }) else {
            throw CancellationError()
        }
        return LanguageModelSession.Response(
            content: try Self.decode(performed, structured: structured), rawContent: performed.content,
            transcriptEntries: ArraySlice(performed.entries), metadata: performed.metadata)
    }
}

extension ResponseStream.Snapshot: Sendable where Content.PartiallyGenerated: Sendable {}

extension LanguageModelSession {
    /// Streams a text answer.
    public func streamResponse(to prompt: String, options: GenerationOptions = GenerationOptions())
        -> ResponseStream<String>
    {
        streamResponse(to: Prompt(text: prompt), options: options)
    }

    /// Streams a value of a generable type, snapshot by snapshot.
    public func streamResponse<Content: Generable>(
        to prompt: String, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) -> ResponseStream<Content> {
        streamResponse(
            to: Prompt(text: prompt), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Streams content following a (dynamic) schema.
    public func streamResponse(
        to prompt: String, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) -> ResponseStream<GeneratedContent> {
        streamResponse(
            to: Prompt(text: prompt), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }
}
