import Foundation
import Logging
import Synchronization

/// A conversation with a model: the Foundation Models `LanguageModelSession`.
///
/// A session holds instructions and the transcript, turns typed requests into schema requests, validates what comes
/// back, and decodes it into your types. One request at a time: a second request while one is running fails with
/// ``LanguageModelSession/Error/concurrentRequests`` instead of interleaving. What a session throws is described
/// at ``GenUIError``.
///
/// ```swift
/// let session = LanguageModelSession(model: chain, instructions: "You design app screens.")
/// let screen = try await session.respond(to: "A login form", generating: UIScreen.self).content
/// ```
public final class LanguageModelSession: Sendable {
    /// The model the session talks to (a provider or a chain); with a profile, the model its latest request used.
    public var model: any RoutableModel { state.withLock { $0.model } }
    /// The tools the model may call while answering; with a profile, those of its latest request.
    public var tools: [any Tool] { state.withLock { $0.tools } }
    /// How many rounds of tool calls one request may take before the session stops it with
    /// ``GenUIError/toolRoundLimitReached(rounds:_:)``: a round is one turn of the model asking for calls.
    public let maximumToolRounds: Int
    /// Where the session logs (debug: each request's end and each tool call; info: a request stopped at the tool
    /// round limit). Discards every line unless a logger is given; never logs a prompt, an answer or a tool's
    /// arguments or output. See docs/observability.md.
    public let logger: Logger
    /// The values of the session's properties: the history, and those your ``SessionPropertyKey``s name (Foundation
    /// Models 27).
    public let properties = SessionPropertyValues()
    /// The profile evaluated before each request, when the session was made with one.
    let profile: ProfileBox?
    let state: Mutex<State>

    /// The rounds of tool calls a request may take unless the session is told otherwise: 8.
    public static let defaultMaximumToolRounds = 8

    struct State {
        var model: any RoutableModel
        var tools: [any Tool]
        var transcript: Transcript
        /// The life-cycle modifiers of the profile as the latest request found it, by their place.
        var activeLifecycles: [String: ProfileLifecycle] = [:]
        var isResponding = false
        var usage = Usage()
        /// What a failed request does to the transcript; `nil` for the profile's choice, or a revert.
        var transcriptErrorHandlingPolicy: TranscriptErrorHandlingPolicy?
    }

    /// Creates a session.
    /// - Parameters:
    ///   - model: the model to use; ``SystemLanguageModel/default`` when omitted.
    ///   - instructions: the system prompt, kept as the transcript's first entry.
    ///   - logger: where the session logs; by default nowhere.
    public convenience init(
        model: some LanguageModel = SystemLanguageModel.default, instructions: String? = nil,
        logger: Logger = ProviderInstrumentation.disabledLogger
    ) {
        self.init(model: model, tools: [], instructions: instructions, logger: logger)
    }

    /// Creates a session whose model may call `tools` while it answers (Foundation Models'
    /// `init(model:tools:instructions:)`).
    /// - Parameters:
    ///   - model: the model to use; ``SystemLanguageModel/default`` when omitted. With tools, a chain routes only to
    ///     members that can call tools (``LanguageModelCapability/toolCalling``).
    ///   - tools: the tools the model may call; their names must differ.
    ///   - maximumToolRounds: how many rounds of calls one request may take (``defaultMaximumToolRounds``).
    ///   - instructions: the system prompt, kept as the transcript's first entry.
    ///   - logger: where the session logs each request and tool call; by default nowhere.
    public convenience init(
        model: some LanguageModel = SystemLanguageModel.default, tools: [any Tool],
        maximumToolRounds: Int = LanguageModelSession.defaultMaximumToolRounds, instructions: String? = nil,
        logger: Logger = ProviderInstrumentation.disabledLogger
    ) {
        self.init(
            routing: model.routable, tools: tools, maximumToolRounds: maximumToolRounds,
            transcript: Self.openingTranscript(instructions: instructions, tools: tools), profile: nil, logger: logger)
    }

    /// Creates a session whose instructions come from a builder closure.
    public convenience init(
        model: some LanguageModel = SystemLanguageModel.default,
        @InstructionsBuilder instructions: () -> String
    ) {
        self.init(model: model, instructions: instructions())
    }

    /// Creates a session with tools whose instructions come from a builder closure.
    public convenience init(
        model: some LanguageModel = SystemLanguageModel.default, tools: [any Tool],
        @InstructionsBuilder instructions: () -> String
    ) {
        self.init(model: model, tools: tools, instructions: instructions())
    }

    /// Creates a session that continues a transcript, with the tools its model may call; `logger` is where it logs
    /// (by default nowhere).
    public convenience init(
        model: some LanguageModel = SystemLanguageModel.default, tools: [any Tool] = [],
        maximumToolRounds: Int = LanguageModelSession.defaultMaximumToolRounds, transcript: Transcript,
        logger: Logger = ProviderInstrumentation.disabledLogger
    ) {
        self.init(
            routing: model.routable, tools: tools, maximumToolRounds: maximumToolRounds, transcript: transcript,
            profile: nil, logger: logger)
    }

    /// The one initializer the others call.
    init(
        routing model: any RoutableModel, tools: [any Tool], maximumToolRounds: Int, transcript: Transcript,
        profile: ProfileBox?, logger: Logger
    ) {
        self.maximumToolRounds = max(1, maximumToolRounds)
        self.logger = logger
        self.profile = profile
        self.state = Mutex(State(model: model, tools: tools, transcript: transcript))
        properties.attach(to: self)
    }

    /// The history so far.
    public var transcript: Transcript { state.withLock { $0.transcript } }

    /// `true` while a request is running.
    public var isResponding: Bool { state.withLock { $0.isResponding } }

    /// The tokens the session's responses used so far, added up (Foundation Models 27).
    public var usage: Usage { state.withLock { $0.usage } }

    /// A response of a session: the decoded content, the raw content, and metadata.
    ///
    /// `Content` need not be `Sendable` (as in Foundation Models); the response is `Sendable` when it is.
    public struct Response<Content> {
        /// The decoded content.
        public let content: Content
        /// The content as the model produced it.
        public let rawContent: GeneratedContent
        /// The entries this exchange added to the transcript (a slice, as Foundation Models declares it).
        public let transcriptEntries: ArraySlice<Transcript.Entry>
        /// Who produced it, at what cost, and how it was routed.
        public let metadata: ResponseMetadata
    }

    // MARK: - Responding

    /// Answers a prompt with text.
    @discardableResult
    public func respond(to prompt: String, options: GenerationOptions = GenerationOptions()) async throws
        -> Response<String>
    {
        try await respond(to: Prompt(text: prompt), options: options)
    }

    /// Answers a prompt with a value of a generable type; the schema goes into the prompt by default.
    ///
    /// The value is decoded in the caller's isolation (the method is `nonisolated(nonsending)`, as in Foundation
    /// Models), so `Content` need not be `Sendable`.
    nonisolated(nonsending) public func respond<Content: Generable>(
        to prompt: String, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<Content> {
        try await respond(
            to: Prompt(text: prompt), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Answers a prompt with content following a (dynamic) schema.
    public func respond(
        to prompt: String, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<GeneratedContent> {
        try await respond(
            to: Prompt(text: prompt), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Starts the model early so the first response is fast; `promptPrefix`, the start of the prompt to come, lets
    /// a model that caches prompts process it ahead.
    public func prewarm(promptPrefix: Prompt? = nil) {
        let model = self.model
        let prefix = promptPrefix?.text
        Task { await model.prewarm(promptPrefix: prefix) }
    }

    /// ``prewarm(promptPrefix:)`` with the prefix as text.
    @_disfavoredOverload
    public func prewarm(promptPrefix: String?) {
        prewarm(promptPrefix: promptPrefix.map { Prompt(text: $0) })
    }

    // MARK: - Internals

    struct Performed: Sendable {
        var content: GeneratedContent
        var text: String
        var metadata: ResponseMetadata
        var entries: [Transcript.Entry]
    }

    /// The request the model is asked for `ask`: the session's transcript with the new prompt as a Foundation Models
    /// 27 request (carried as the request's turn), offering the session's tools. When `promptInTranscript`, the
    /// transcript already ends with the prompt (as a profile's prompt actions left it).
    func makeRequest(_ ask: Ask, promptInTranscript: Bool = false) throws -> GenerationRequest {
        try ask.prompt.options.validate()
        let tools = self.tools
        try Self.checkToolNames(tools)
        return state.withLock { state in
            let definitions = tools.map(\.definition)
            let turn = LanguageModelExecutorGenerationRequest(
                id: UUID(),
                transcript: promptInTranscript
                    ? state.transcript : Transcript(entries: Array(state.transcript) + [.prompt(ask.prompt)]),
                enabledTools: definitions.map(Transcript.ToolDefinition.init), schema: ask.schema,
                generationOptions: ask.prompt.options, contextOptions: ask.prompt.contextOptions,
                metadata: ask.prompt.metadata)
            return GenerationRequest(turn, tools: definitions)
        }
    }

    /// Marks the session as responding, or throws `concurrentRequests` when it already is.
    func beginResponding() throws {
        try state.withLock { state in
            guard !state.isResponding else {
                throw GenUIError.concurrentRequests(
                    .init(
                        debugDescription:
                            "this session is already responding; wait for the current request to finish or use another session"
                    ))
            }
            state.isResponding = true
        }
    }

    /// Records a successful exchange — its entries and its usage — while the session is still responding.
    func record(_ entries: [Transcript.Entry], metadata: ResponseMetadata) {
        state.withLock { state in
            state.transcript.append(contentsOf: entries)
            state.usage = state.usage + Usage(metadata.usage)
        }
    }

    /// Ends a request: puts `transcript` back when given (a failed request of a profiled session, whose prompt had
    /// joined the transcript) and clears the responding flag.
    func endResponding(restoring transcript: Transcript? = nil) {
        state.withLock { state in
            if let transcript { state.transcript = transcript }
            state.isResponding = false
        }
    }

    /// Ends a failed request whose transcript is preserved: appends what it produced (``PartialExchange``) and clears
    /// the responding flag.
    func endResponding(appending entries: [Transcript.Entry]) {
        state.withLock { state in
            state.transcript.append(contentsOf: entries)
            state.isResponding = false
        }
    }

    /// The error the session throws for `error`, which failed `ask`: Foundation Models' type for it where Foundation
    /// Models has one (see ``GenUIError``), otherwise `error` itself.
    func surfaced(_ error: any Swift.Error, asking ask: Ask) -> any Swift.Error {
        guard let error = error as? GenUIError else { return error }
        return error.thrownBySession(after: Array(transcript) + [.prompt(ask.prompt)])
    }

    /// The debug line of a request's end: `session responded` (provider, tool calls, seconds) or
    /// `session request failed` (`error.type`, seconds).
    func logEnd(
        since started: ContinuousClock.Instant, streaming: Bool, metadata: ResponseMetadata?,
        failure: (any Swift.Error)?
    ) {
        guard logger.logLevel <= .debug else { return }
        var fields: Logger.Metadata = [
            SessionLogKey.seconds: .stringConvertible((ContinuousClock.now - started).seconds),
            SessionLogKey.streaming: .stringConvertible(streaming),
        ]
        if let failure {
            fields[SessionLogKey.errorType] = .string(ProviderInstrumentation.errorType(failure))
            logger.debug("session request failed", metadata: fields)
        } else if let metadata {
            fields[SessionLogKey.provider] = .string(metadata.provider)
            fields[SessionLogKey.toolCalls] = .stringConvertible(metadata.toolCalls.count)
            logger.debug("session responded", metadata: fields)
        }
    }

    /// The transcript a new session starts with: its instructions and the tools it offers, when it has either.
    static func openingTranscript(instructions: String?, tools: [any Tool]) -> Transcript {
        guard instructions != nil || !tools.isEmpty else { return Transcript() }
        let segments: [Transcript.Segment] = instructions.map { [.text(.init(content: $0))] } ?? []
        let definitions = tools.map { Transcript.ToolDefinition(tool: $0) }
        return Transcript(entries: [.instructions(.init(segments: segments, toolDefinitions: definitions))])
    }

    /// Validates a model's final response against the schema (trust, but verify) and builds transcript entries: the
    /// prompt as the model was asked it, what the executor produced (reasoning, data) and the response (its text, or
    /// its structured content).
    static func finish(_ response: GenerationResponse, for ask: Ask) throws -> Performed {
        var response = response
        let schema = ask.schema
        if let schema {
            try OutputDecoding.validate(&response, against: schema)
            response.content = schema.representingNil(in: response.content)
        }
        let answer: Transcript.Segment =
            if let schema {
                .structure(.init(source: schema.name, content: response.content))
            } else {
                .text(.init(content: response.text))
            }
        var answerEntry = Transcript.Response(assetIDs: [], segments: [answer])
        var producedEntries: [Transcript.Entry] = []
        for entry in response.metadata.executorEntries {
            switch entry {
            case .response(let produced):
                answerEntry.id = produced.id
                answerEntry.metadata = produced.metadata
                if schema == nil {
                    answerEntry.segments = produced.segments
                } else {
                    answerEntry.segments += produced.segments.filter {
                        if case .attachment = $0 { true } else { false }
                    }
                }
            case .reasoning, .data:
                producedEntries.append(entry)
            default:
                break
            }
        }
        let entries: [Transcript.Entry] = [.prompt(ask.prompt)] + producedEntries + [.response(answerEntry)]
        return Performed(content: response.content, text: response.text, metadata: response.metadata, entries: entries)
    }

    /// Throws ``GenUIError/invalidRequest(_:)`` when two tools share a name: the model could not tell them
    /// apart.
    static func checkToolNames(_ tools: [any Tool]) throws(GenUIError) {
        var seen: Set<String> = []
        for tool in tools where !seen.insert(tool.name).inserted {
            throw .invalid("two tools are named '\(tool.name)'; give each tool of a session its own name")
        }
    }

    static func decode<Content: ConvertibleFromGeneratedContent>(_ type: Content.Type, from performed: Performed) throws
        -> Content
    {
        do {
            return try Content(performed.content)
        } catch let error as GenUIError {
            throw error.attributed(to: performed.metadata.provider)
        }
    }
}

extension LanguageModelSession.Response: Sendable where Content: Sendable {}
