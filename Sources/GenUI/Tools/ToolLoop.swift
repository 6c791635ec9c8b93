import Logging

/// The session's side of tool calling: runs the calls a model asks for, feeds their output back into the request,
/// and keeps the transcript entries and records of every round.
///
/// Each round is one request to the model (through a chain, one routed request: a fallback continues from the calls
/// and outputs already in the request, so no tool runs twice). The arguments of every call are checked against its
/// tool's schema before any call of the round runs; the calls of a round run concurrently; the number of rounds is
/// bounded.
///
/// It logs each call (debug: `tool call finished` or `tool call failed`, with the tool's name, the round and the
/// seconds it took) and a request stopped at the round limit (info: `tool round limit reached`): names, counts and
/// durations, never arguments or outputs.
struct ToolLoop {
    private(set) var tools: [any Tool]
    let maximumRounds: Int
    let logger: Logger
    private(set) var round = 0
    private(set) var entries: [Transcript.Entry] = []
    private(set) var records: [ToolCallRecord] = []

    /// What a profile runs when the model calls a tool (before it runs) and when its output is in.
    private var callActions: [(Transcript.ToolCall) async throws -> Void] = []
    private var outputActions: [(Transcript.ToolCall, Transcript.ToolOutput) async throws -> Void] = []

    init(tools: [any Tool], maximumRounds: Int, logger: Logger = ProviderInstrumentation.disabledLogger) {
        self.tools = tools
        self.maximumRounds = maximumRounds
        self.logger = logger
    }

    /// Offers `tools` from now on, and runs the tool actions of `profile` around each call.
    mutating func adopt(_ profile: ProfileResolution, tools: [any Tool]) {
        self.tools = tools
        callActions = profile.toolCallActions
        outputActions = profile.toolOutputActions
    }

    /// Runs the calls `response` asks for and appends the model's turn and the outputs to `request`.
    mutating func runCalls(of response: GenerationResponse, appendingTo request: inout GenerationRequest) async throws {
        let provider = response.metadata.provider
        let calls = response.toolCalls
        round += 1
        guard round <= maximumRounds else {
            logger.info(
                "tool round limit reached",
                metadata: [
                    SessionLogKey.provider: .string(provider),
                    SessionLogKey.toolRounds: .stringConvertible(maximumRounds),
                ])
            throw GenUIError.toolRoundLimitReached(
                rounds: maximumRounds,
                .init(
                    provider: provider,
                    debugDescription:
                        "the model asked for tool calls in \(maximumRounds) rounds without answering (maximumToolRounds)",
                    trace: response.metadata.trace))
        }
        // A call the options forbid is checked against no tools: it fails as a call of an unknown tool.
        let callable = request.options.toolCallingMode?.kind == .disallowed ? [] : tools
        let prepared = try calls.map { call in
            (call, try Self.check(call, against: callable, provider: provider, trace: response.metadata.trace))
        }
        for call in calls {
            for action in callActions { try await action(call) }
        }
        let round = self.round
        let logger = self.logger
        let results = try await withThrowingTaskGroup(of: (Int, [Transcript.Segment], Double).self) { group in
            for (index, (call, tool)) in prepared.enumerated() {
                group.addTask {
                    let start = ContinuousClock.now
                    do {
                        let segments = try await Self.run(tool, call: call, provider: provider)
                        let seconds = (ContinuousClock.now - start).seconds
                        Self.log(call, round: round, provider: provider, seconds: seconds, failure: nil, to: logger)
                        return (index, segments, seconds)
                    } catch {
                        let seconds = (ContinuousClock.now - start).seconds
                        Self.log(call, round: round, provider: provider, seconds: seconds, failure: error, to: logger)
                        throw error
                    }
                }
            }
            var results: [(Int, [Transcript.Segment], Double)] = []
            for try await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }
        }
        let outputs = results.map { index, segments, _ in
            Transcript.ToolOutput(id: calls[index].id, toolName: calls[index].toolName, segments: segments)
        }
        for (call, output) in zip(calls, outputs) {
            for action in outputActions { try await action(call, output) }
        }
        for (index, _, duration) in results {
            records.append(
                ToolCallRecord(
                    round: round, id: calls[index].id, tool: calls[index].toolName, requestedBy: provider,
                    durationSeconds: duration, outcome: .succeeded))
        }
        let turn = Transcript.ToolCalls(calls)
        // The reasoning the model showed before its calls stays with them (a backend may require it back, signed).
        let reasoning = response.metadata.executorEntries.compactMap { entry -> Transcript.Reasoning? in
            if case .reasoning(let shown) = entry { return shown }
            return nil
        }
        entries.append(contentsOf: reasoning.map(Transcript.Entry.reasoning))
        entries.append(.toolCalls(turn))
        entries.append(contentsOf: outputs.map(Transcript.Entry.toolOutput))
        request.appendToolRound(turn, outputs: outputs, reasoning: reasoning)
    }

    /// The final answer's entries with the rounds before it, and its metadata with the records.
    func finishing(_ performed: LanguageModelSession.Performed) -> LanguageModelSession.Performed {
        guard !entries.isEmpty else { return performed }
        var performed = performed
        performed.entries.insert(contentsOf: entries, at: min(1, performed.entries.count))
        performed.metadata.toolCalls = records
        performed.metadata.trace?.toolCalls = records
        return performed
    }

    /// The debug line of one call: the tool's name, the round, who asked and how long it took.
    static func log(
        _ call: Transcript.ToolCall, round: Int, provider: String, seconds: Double, failure: (any Error)?,
        to logger: Logger
    ) {
        guard logger.logLevel <= .debug else { return }
        var metadata: Logger.Metadata = [
            SessionLogKey.tool: .string(call.toolName), SessionLogKey.round: .stringConvertible(round),
            SessionLogKey.provider: .string(provider), SessionLogKey.seconds: .stringConvertible(seconds),
        ]
        guard let failure else {
            logger.debug("tool call finished", metadata: metadata)
            return
        }
        metadata[SessionLogKey.errorType] = .string(ProviderInstrumentation.errorType(failure))
        logger.debug("tool call failed", metadata: metadata)
    }

    /// The tool a call names, once its arguments are known to follow the tool's schema.
    static func check(_ call: Transcript.ToolCall, against tools: [any Tool], provider: String, trace: RouteTrace?)
        throws(GenUIError) -> any Tool
    {
        if let invalid = call.invalidity(against: tools.map(\.definition), provider: provider, trace: trace) {
            throw invalid
        }
        // `invalidity` found the tool by this name.
        guard let tool = tools.first(where: { $0.name == call.toolName }) else {
            throw .invalid("no tool \(call.toolName)")
        }
        return tool
    }

    /// Runs one call: the tool's output as transcript segments, ``LanguageModelSession/ToolCallError`` when the tool
    /// throws.
    static func run(_ tool: any Tool, call: Transcript.ToolCall, provider: String) async throws -> [Transcript.Segment]
    {
        let result: ToolInvocationResult
        do {
            result = try await tool.invoke(with: call.arguments)
        } catch let error as CancellationError {
            throw error
        } catch {
            throw LanguageModelSession.ToolCallError(tool: tool, underlyingError: error)
        }
        switch result {
        case .output(let segments):
            return segments
        case .argumentsRejected(let error):
            let (path, details): (String, String) =
                if case .decodingFailure(let path, let details, _) = error {
                    (path, details)
                } else {
                    ("", error.context.debugDescription)
                }
            throw GenUIError.invalidToolCall(
                tool: call.toolName, path: path, details: details,
                .init(
                    provider: provider,
                    debugDescription: "the arguments of \(call.toolName) could not be decoded: \(details)"))
        }
    }
}
