extension LanguageModelSession.DynamicProfile {
    private func configured(_ configure: @escaping (inout ProfileResolution) -> Void)
        -> LanguageModelSession.ConfiguredProfile<Self>
    {
        LanguageModelSession.ConfiguredProfile(content: self, configure: configure)
    }

    // MARK: - The model and its options

    /// Sets the model: a provider, a chain, or any Foundation Models 27 model.
    public func model(_ model: any LanguageModel) -> some LanguageModelSession.DynamicProfile {
        configured { $0.model = model }
    }

    /// Sets the model: a provider, a chain, or any Foundation Models 27 model.
    public func model(_ model: some LanguageModel) -> some LanguageModelSession.DynamicProfile {
        configured { $0.model = model }
    }

    /// Sets the temperature; `nil` leaves it to an outer modifier or the model.
    public func temperature(_ temperature: Double?) -> some LanguageModelSession.DynamicProfile {
        configured { if let temperature { $0.options.temperature = temperature } }
    }

    /// Sets the sampling mode; `nil` leaves it to an outer modifier or the model.
    public func samplingMode(_ samplingMode: GenerationOptions.SamplingMode?)
        -> some LanguageModelSession.DynamicProfile
    {
        configured { if let samplingMode { $0.options.sampling = samplingMode } }
    }

    /// Sets the reasoning level; `nil` leaves it to an outer modifier or the model.
    public func reasoningLevel(_ reasoningLevel: ContextOptions.ReasoningLevel?)
        -> some LanguageModelSession.DynamicProfile
    {
        configured { if let reasoningLevel { $0.reasoningLevel = reasoningLevel } }
    }

    /// Sets the most tokens a response may take; `nil` leaves it to an outer modifier or the model.
    public func maximumResponseTokens(_ maximumResponseTokens: Int?) -> some LanguageModelSession.DynamicProfile {
        configured { if let maximumResponseTokens { $0.options.maximumResponseTokens = maximumResponseTokens } }
    }

    /// Sets whether the model may, must or must not call tools; `nil` leaves it to an outer modifier.
    public func toolCallingMode(_ toolCallingMode: GenerationOptions.ToolCallingMode?)
        -> some LanguageModelSession.DynamicProfile
    {
        configured { if let toolCallingMode { $0.options.toolCallingMode = toolCallingMode } }
    }

    // MARK: - The history

    /// Gives each request of this profile `transform` of the history (the transcript after its instructions) instead
    /// of the history itself. The session's transcript is left as it is.
    ///
    /// ```swift
    /// Profile { Instructions("You suggest book ideas.") }
    ///     .historyTransform { history in Array(history.suffix(20)) }
    /// ```
    public func historyTransform(_ transform: @escaping ([Transcript.Entry]) -> [Transcript.Entry])
        -> some LanguageModelSession.DynamicProfile
    {
        configured { $0.historyTransforms.append(transform) }
    }

    /// Sets what a failed request does to the transcript; `nil` leaves it to an outer modifier. The session's own
    /// ``LanguageModelSession/transcriptErrorHandlingPolicy``, when set, wins.
    public func transcriptErrorHandlingPolicy(_ transcriptErrorHandlingPolicy: TranscriptErrorHandlingPolicy?)
        -> some LanguageModelSession.DynamicProfile
    {
        configured {
            if let transcriptErrorHandlingPolicy { $0.transcriptErrorHandlingPolicy = transcriptErrorHandlingPolicy }
        }
    }

    // MARK: - Life-cycle actions

    /// Runs `action` after the prompt joins the transcript, before the model is asked; what it throws ends the
    /// request.
    public func onPrompt(perform action: nonisolated(nonsending) sending @escaping () async throws -> Void)
        -> some LanguageModelSession.DynamicProfile
    {
        configured { $0.promptActions.append { _ in try await action() } }
    }

    /// Runs `action` with the prompt after it joins the transcript, before the model is asked.
    public func onPrompt(
        perform action: nonisolated(nonsending) sending @escaping (Transcript.Prompt) async throws -> Void
    ) -> some LanguageModelSession.DynamicProfile {
        configured { $0.promptActions.append(action) }
    }

    /// Runs `action` after the response joins the transcript; what it throws is thrown by `respond`.
    public func onResponse(perform action: nonisolated(nonsending) sending @escaping () async throws -> Void)
        -> some LanguageModelSession.DynamicProfile
    {
        configured { $0.responseActions.append { _ in try await action() } }
    }

    /// Runs `action` with the response after it joins the transcript.
    public func onResponse(
        perform action: nonisolated(nonsending) sending @escaping (Transcript.Response) async throws -> Void
    ) -> some LanguageModelSession.DynamicProfile {
        configured { $0.responseActions.append(action) }
    }

    /// Runs `action` when the model calls a tool, before the tool runs; what it throws ends the request (a way to
    /// refuse a call).
    public func onToolCall(
        perform action: nonisolated(nonsending) sending @escaping (Transcript.ToolCall) async throws -> Void
    ) -> some LanguageModelSession.DynamicProfile {
        configured { $0.toolCallActions.append(action) }
    }

    /// Runs `action` when the model calls a tool, before the tool runs.
    public func onToolCall(perform action: nonisolated(nonsending) sending @escaping () async throws -> Void)
        -> some LanguageModelSession.DynamicProfile
    {
        configured { $0.toolCallActions.append { _ in try await action() } }
    }

    /// Runs `action` with a call and its output when a tool's output is in.
    public func onToolOutput(
        perform action:
            nonisolated(nonsending) sending @escaping (Transcript.ToolCall, Transcript.ToolOutput)
            async throws -> Void
    ) -> some LanguageModelSession.DynamicProfile {
        configured { $0.toolOutputActions.append(action) }
    }

    /// Runs `action` for each reasoning entry of a response, after the response joins the transcript (only models
    /// with ``LanguageModelCapability/reasoning`` produce reasoning).
    public func onReasoning(perform action: nonisolated(nonsending) sending @escaping () async throws -> Void)
        -> some LanguageModelSession.DynamicProfile
    {
        configured { $0.reasoningActions.append { _ in try await action() } }
    }

    /// Runs `action` with each reasoning entry of a response, after the response joins the transcript.
    public func onReasoning(
        perform action: nonisolated(nonsending) sending @escaping (Transcript.Reasoning) async throws -> Void
    ) -> some LanguageModelSession.DynamicProfile {
        configured { $0.reasoningActions.append(action) }
    }

    /// Runs `action` when this profile becomes active: when a request first finds it in the session's configuration,
    /// or finds it again after it was left out (a profile's `if` chose another branch).
    public func onActivate(perform action: sending @escaping @isolated(any) () async -> Void)
        -> some LanguageModelSession.DynamicProfile
    {
        configured { resolution in
            resolution.lifecycles[resolution.place, default: ProfileLifecycle()].activate.append { await action() }
        }
    }

    /// Runs `action` when this profile becomes inactive: a request no longer finds it in the session's
    /// configuration after it was active.
    public func onDeactivate(perform action: sending @escaping @isolated(any) () async -> Void)
        -> some LanguageModelSession.DynamicProfile
    {
        configured { resolution in
            resolution.lifecycles[resolution.place, default: ProfileLifecycle()].deactivate.append { await action() }
        }
    }

    /// Runs `action` when a tool's output is in.
    public func onToolOutput(perform action: nonisolated(nonsending) sending @escaping () async throws -> Void)
        -> some LanguageModelSession.DynamicProfile
    {
        configured { $0.toolOutputActions.append { _, _ in try await action() } }
    }
}
