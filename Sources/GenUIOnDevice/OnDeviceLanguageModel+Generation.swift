import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP

extension OnDeviceLanguageModel {
    /// One turn: with tools, a JSON choice between a call and the answer (asked again without a tool whose call
    /// repeats an earlier one); without, the completion, each token's text sent to `events` when `streaming`.
    func turn(_ request: GenerationRequest, streaming: Bool, events: TurnEvents) async throws -> GenerationResponse {
        guard !request.offeredTools.isEmpty else {
            return try await generate(request, events: streaming ? events : nil)
        }
        let turn = ToolTurn(request)
        var response = turn.reading(try await generate(turn.request, events: nil))
        if let repeated = response.toolCalls.first(where: turn.repeatsEarlierCall) {
            // The call's output is already in the conversation: ask again, offering every tool but that one.
            let narrowed = ToolTurn(request, excluding: [repeated.toolName])
            response = narrowed.reading(try await generate(narrowed.request, events: nil))
        }
        // Only the answer is output; a call is sent when the turn ends.
        if response.toolCalls.isEmpty, !response.text.isEmpty { await events.appendText(response.text) }
        return response
    }

    /// Evaluates `prefix` as a system prompt with no output, leaving it in the server's slot in the state every
    /// request with these instructions then finds there (``SlotGate``).
    func cachePrefix(_ prefix: String) async throws {
        let endpoint = try await server.acquire()
        defer { Task { await server.release(succeeded: true) } }
        let request = GenerationRequest(instructions: prefix, messages: [])
        let builder = CompletionRequestBuilder(configuration: configuration)
        let template = try await server.client.send(
            endpoint.post("apply-template", body: builder.templateBody(for: request), timeout: requestTimeout))
        guard template.status == 200, let prompt = WireReading.decode(TemplateAnswer.self, from: template.json)?.prompt,
            let promptPrefix = PromptPrefix(prompt: prompt, instructions: request.effectiveInstructions)
        else { return }
        _ = try await SlotGate.gate(for: server).exclusively {
            try await establish(promptPrefix, endpoint: endpoint)
        }
    }

    /// Puts `prefix` into the server's slot in its canonical state: evaluated from the first token in one go, then
    /// its last token evaluated once more on its own (see ``PrefixStep``). Returns the milliseconds llama-server
    /// spent on it. Call it only inside the server's ``SlotGate``.
    func establish(_ prefix: PromptPrefix, endpoint: ServerEndpoint) async throws -> Double {
        var milliseconds = 0.0
        var cachePrompt = true
        var evaluatedAfresh = false
        // At most: afresh, then cached (ready). A server that never reports the counts gets the prefix evaluated
        // afresh and then cached, which is the canonical state too.
        for _ in 0..<4 {
            let response = try await server.client.send(
                endpoint.post(
                    "completion", body: prefix.establishingBody(cachePrompt: cachePrompt), timeout: requestTimeout))
            guard response.status == 200 else {
                throw mapStatus(response.status, headers: response.head.headers, body: response.body)
            }
            let counts = try WireReading.decode(
                PromptEvaluationCounts.self, from: response.json,
                what: "llama-server's answer to the instructions prefix",
                status: response.status, text: response.text, secrets: [])
            milliseconds += ExternalNumber.measurement(counts.timings?.promptMilliseconds) ?? 0
            if !cachePrompt {
                cachePrompt = true
                evaluatedAfresh = true
                continue
            }
            guard let evaluation = PrefixEvaluation(counts) else {
                // No counts: evaluated afresh, then its last token alone, is the canonical state by construction.
                if evaluatedAfresh { return milliseconds }
                cachePrompt = false
                continue
            }
            switch evaluation.next {
            case .ready: return milliseconds
            case .repeatCached: continue
            case .evaluateAfresh: cachePrompt = false
            }
        }
        throw GenUIError.serverError(
            status: nil,
            .init(
                provider: name,
                debugDescription:
                    "llama-server did not keep the instructions in its prompt cache (it evaluated them again on every request)"
            ))
    }

    /// Throws ``GenUIError/unsupportedCapability(_:_:)`` (vision) when `request` holds an image and the model cannot
    /// see: no projector is configured, or the running server's `/props` said it cannot.
    func refuseImagesUnlessSeeing(_ request: GenerationRequest) throws(GenUIError) {
        guard !canSee, request.messages.contains(where: { !$0.imageSegments.isEmpty }) else { return }
        throw GenUIError.unsupportedCapability(
            .vision,
            .init(
                provider: name,
                debugDescription:
                    configuration.multimodalProjectorPath == nil
                    ? "\(name) cannot see images: configure its multimodal projector (mmproj) or send the image to a provider that can see"
                    : "\(name)'s llama-server says it cannot see images (/props) with the configured mmproj"))
    }

    /// Generates `request`'s completion, streamed into `events` when there are any.
    private func generate(_ request: GenerationRequest, events: TurnEvents?) async throws -> GenerationResponse {
        do {
            try request.options.validate()
        } catch {
            throw error.attributed(to: name)
        }
        if case .unavailable(let reason) = probe.check() {
            throw GenUIError.unavailable(
                reason, .init(provider: name, debugDescription: "\(name) is unavailable (\(reason.code))"))
        }
        try refuseImagesUnlessSeeing(request)
        let builder = CompletionRequestBuilder(configuration: configuration)
        let constraint = try builder.constraint(for: request)
        let started = ContinuousClock.now
        let endpoint = try await server.acquire()
        var succeeded = false
        do {
            let response = try await exchange(
                request, builder: builder, constraint: constraint, endpoint: endpoint, started: started, events: events)
            succeeded = true
            await server.release(succeeded: true)
            return response
        } catch {
            if !succeeded { await server.release(succeeded: false) }
            throw await explain(error)
        }
    }

    private func exchange(
        _ request: GenerationRequest, builder: CompletionRequestBuilder,
        constraint: CompletionRequestBuilder.Constraint,
        endpoint: ServerEndpoint, started: ContinuousClock.Instant, events: TurnEvents?
    ) async throws -> GenerationResponse {
        // The server may have started for this request: what its /props said is known only now.
        try refuseImagesUnlessSeeing(request)
        let client = server.client
        let timeout = requestTimeout
        var media = MediaPrompt(marker: server.status.mediaMarker ?? MediaPrompt.defaultMarker)
        let templateBody = try builder.templateBody(for: request, media: &media)
        let template = try await client.send(endpoint.post("apply-template", body: templateBody, timeout: timeout))
        guard template.status == 200, let prompt = WireReading.decode(TemplateAnswer.self, from: template.json)?.prompt
        else {
            throw mapStatus(template.status, headers: template.head.headers, body: template.body)
        }
        let contextSize = server.status.properties?.contextSize
        // With the instructions already in the slot, the server evaluates only the conversation after them.
        let prefix =
            configuration.reusesInstructions
            ? PromptPrefix(prompt: prompt, instructions: request.effectiveInstructions) : nil
        let body = builder.completionBody(
            prompt: prompt, request: request, constraint: constraint, contextSize: contextSize,
            stream: events != nil, cachePrompt: prefix == nil ? nil : true, media: media)
        let complete: @Sendable () async throws -> (String, CompletionChunk, Double) = {
            var prefixMilliseconds = 0.0
            if let prefix { prefixMilliseconds = try await establish(prefix, endpoint: endpoint) }
            if let events {
                let (text, final) = try await streamedCompletion(
                    endpoint.post("completion", body: body, headers: ["Accept": "text/event-stream"], timeout: timeout),
                    events: events)
                return (text, final, prefixMilliseconds)
            }
            let response = try await client.send(endpoint.post("completion", body: body, timeout: timeout))
            guard response.status == 200 else {
                throw mapStatus(response.status, headers: response.head.headers, body: response.body)
            }
            let chunk = try completionChunk(response.text)
            return (chunk.content, chunk, prefixMilliseconds)
        }
        // Every completion goes through the server's gate, so none lands between another's prefix and its prompt.
        let (text, final, prefixMilliseconds) = try await SlotGate.gate(for: server).exclusively(complete)
        let usage = TokenUsage(promptTokens: final.tokensEvaluated, completionTokens: final.tokensPredicted)
        let timings = GenerationTimings(
            promptTokensPerSecond: final.promptPerSecond, generationTokensPerSecond: final.predictedPerSecond,
            totalSeconds: (ContinuousClock.now - started).seconds,
            promptSeconds: final.promptMilliseconds.map { ($0 + prefixMilliseconds) / 1000 },
            generationSeconds: final.predictedMilliseconds.map { $0 / 1000 })
        let limit = builder.tokenLimit(for: request, constraint: constraint, contextSize: contextSize)
        do {
            return try ProviderSupport.response(
                text: text, schema: request.schema, provider: name, model: configuration.modelName, usage: usage,
                timings: timings, finishReason: final.finishReason, guided: constraint != .none)
        } catch {
            throw truncationExplained(error, finishReason: final.finishReason, limit: limit, constraint: constraint)
        }
    }

    /// Reads a streamed `/completion`: each event's text goes to `events`. Returns the whole text and the final
    /// event, which carries the totals.
    private func streamedCompletion(_ request: HTTPRequest, events: TurnEvents) async throws -> (
        String, CompletionChunk
    ) {
        let streaming = try await server.client.stream(request)
        guard streaming.head.status == 200 else {
            let data = try await streaming.collect(limit: 1 << 20)
            throw mapStatus(streaming.head.status, headers: streaming.head.headers, body: data)
        }
        var text = OutputText()
        for try await event in streaming.body.serverSentEvents() {
            let chunk = try completionChunk(event.data)
            if !chunk.content.isEmpty {
                try text.append(chunk.content)
                await events.appendText(chunk.content)
            }
            if chunk.isFinal { return (text.text, chunk) }
        }
        throw GenUIError.transport(
            .connectionLost(detail: "the stream ended before its final event"),
            .init(provider: name, debugDescription: "llama-server's stream ended before the final event"))
    }

    /// How long one request to the server may take (``OnDeviceConfiguration/requestTimeoutSeconds``, bounded).
    var requestTimeout: Duration {
        let seconds = configuration.requestTimeoutSeconds
        guard seconds.isFinite, seconds > 0 else { return .seconds(120) }
        return .milliseconds(Int64(min(seconds, 7 * 24 * 3600) * 1000))
    }

    /// A `/completion` body or event; an error llama-server reports inside it is thrown as a server error.
    private func completionChunk(_ data: String) throws -> CompletionChunk {
        let chunk = try CompletionChunk.parse(data)
        if let error = chunk.error {
            throw HTTPErrorMapping.error(status: 500, headers: [:], parsed: error, provider: name)
        }
        return chunk
    }

    /// A decoding failure on output cut off by the token limit says so, and what to raise.
    private func truncationExplained(
        _ error: GenUIError, finishReason: FinishReason?, limit: Int,
        constraint: CompletionRequestBuilder.Constraint
    ) -> GenUIError {
        guard finishReason == .length, case .decodingFailure = error else { return error }
        var explained = error
        var note = " — generation stopped at the limit of \(limit) tokens before the document was complete"
        if case .grammar(let grammar) = constraint {
            note +=
                "; every document of this schema fits in \(CompletionRequestBuilder.tokenBudget(for: grammar)) tokens, so raise maximumResponseTokens (or leave it unset)"
        } else if case .jsonSchema = constraint {
            note +=
                "; llama.cpp's stock json_schema grammar allows unbounded whitespace and strings (grammarMode .compiled bounds them)"
        }
        explained.context.debugDescription += note
        return explained
    }

    private func mapStatus(_ status: Int, headers: [String: String], body: Data) -> GenUIError {
        let parsed = HTTPErrorMapping.parseErrorBody(body)
        if status == 503 {
            return .unavailable(
                .modelNotReady(progress: nil, detail: parsed.message ?? "llama-server is loading the model"),
                .init(provider: name, debugDescription: "llama-server answered 503: \(parsed.message ?? "unavailable")")
            )
        }
        return HTTPErrorMapping.error(status: status, headers: headers, parsed: parsed, provider: name)
    }

    /// When the server died during the request, the error says so (exit status, last log lines) as a server error;
    /// anything else is attributed to this provider.
    private func explain(_ error: any Error) async -> any Error {
        if error is CancellationError { return error }
        // A killed server's connection can close a moment before its exit status can be collected: look a few times.
        var attempts = 1
        if let error = error as? GenUIError {
            switch error {
            case .transport, .serverError, .timedOut: attempts = 10
            default: break
            }
        }
        for attempt in 0..<attempts {
            if let report = await server.deathReport() {
                return GenUIError.serverError(status: nil, .init(provider: name, debugDescription: report))
            }
            if attempt + 1 < attempts { try? await Task.sleep(for: .milliseconds(20)) }
        }
        return ProviderSupport.attribute(error, to: name)
    }
}
