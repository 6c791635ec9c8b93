// Foundation Models' `Prompt` and `Instructions` forms of the session's initializers and requests. A `Prompt` keeps
// its segments (structured content, attachments) in the transcript; the `String` forms ask `Prompt(text:)`, so both
// behave the same in every way.

extension LanguageModelSession {
    /// Creates a session with ``Instructions``, as Foundation Models' `init(model:instructions:)`.
    /// - Parameters:
    ///   - model: the model to use; ``SystemLanguageModel/default`` when omitted.
    ///   - instructions: the system prompt, kept as the transcript's first entry; `nil` for none.
    ///
    /// Disfavoured so that `instructions: nil`, which both this and the `String?` form accept, means the other one
    /// (the same session) instead of being ambiguous.
    @_disfavoredOverload
    public convenience init(model: some LanguageModel = SystemLanguageModel.default, instructions: Instructions?) {
        self.init(model: model, instructions: instructions?.text)
    }

    /// Creates a session with tools and ``Instructions``, as Foundation Models' `init(model:tools:instructions:)`.
    @_disfavoredOverload
    public convenience init(
        model: some LanguageModel = SystemLanguageModel.default, tools: [any Tool],
        instructions: Instructions?
    ) {
        self.init(model: model, tools: tools, instructions: instructions?.text)
    }

    // MARK: - Text

    /// Answers a ``Prompt`` with text (Foundation Models 27's `respond(to:options:contextOptions:metadata:)`):
    /// `contextOptions` say how the conversation is presented (a reasoning level needs a model with
    /// ``LanguageModelCapability/reasoning``), and `metadata` travels with the request to the model's executor and
    /// stays on the prompt's transcript entry.
    @discardableResult
    public func respond(
        to prompt: Prompt, options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any ConvertibleToGeneratedContent] = [:]
    ) async throws -> Response<String> {
        let response = try await perform(
            Ask(prompt, options: options, contextOptions: contextOptions, metadata: metadata))
        return Response(
            content: response.text, rawContent: response.content, transcriptEntries: ArraySlice(response.entries),
            metadata: response.metadata)
    }

    /// Answers the prompt a builder closure makes with text: `try await session.respond { "…" }`.
    @discardableResult
    public func respond(
        options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<String> {
        try await respond(to: prompt(), options: options)
    }

    // MARK: - Generable

    /// Answers a ``Prompt`` with a value of a generable type, decoded in the caller's isolation; `contextOptions`
    /// and `metadata` as for text.
    nonisolated(nonsending) public func respond<Content: Generable>(
        to prompt: Prompt, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions(), contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any ConvertibleToGeneratedContent] = [:]
    ) async throws -> Response<Content> {
        let response = try await perform(
            Ask(
                prompt, schema: Content.generationSchema, includeSchemaInPrompt: includeSchemaInPrompt,
                options: options,
                contextOptions: contextOptions, metadata: metadata))
        let value = try Self.decode(Content.self, from: response)
        return Response(
            content: value, rawContent: response.content, transcriptEntries: ArraySlice(response.entries),
            metadata: response.metadata)
    }

    /// Answers the prompt a builder closure makes with a value of a generable type.
    nonisolated(nonsending) public func respond<Content: Generable>(
        generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<Content> {
        try await respond(
            to: prompt(), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    // MARK: - Dynamic schema

    /// Answers a ``Prompt`` with content following a (dynamic) schema; `contextOptions` and `metadata` as for text.
    public func respond(
        to prompt: Prompt, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions(), contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any ConvertibleToGeneratedContent] = [:]
    ) async throws -> Response<GeneratedContent> {
        let response = try await perform(
            Ask(
                prompt, schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options,
                contextOptions: contextOptions, metadata: metadata))
        return Response(
            content: response.content, rawContent: response.content, transcriptEntries: ArraySlice(response.entries),
            metadata: response.metadata)
    }

    /// Answers the prompt a builder closure makes with content following a (dynamic) schema.
    public func respond(
        schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<GeneratedContent> {
        try await respond(
            to: prompt(), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    // MARK: - Streaming

    /// Streams a text answer to a ``Prompt``; `contextOptions` and `metadata` as for
    /// ``respond(to:options:contextOptions:metadata:)``.
    public func streamResponse(
        to prompt: Prompt, options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any ConvertibleToGeneratedContent] = [:]
    ) -> ResponseStream<String> {
        ResponseStream(
            session: self, asking: Ask(prompt, options: options, contextOptions: contextOptions, metadata: metadata))
    }

    /// Streams a text answer to the prompt a builder closure makes.
    public func streamResponse(
        options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> ResponseStream<String> {
        streamResponse(to: try prompt(), options: options)
    }

    /// Streams a value of a generable type answering a ``Prompt``, snapshot by snapshot; `contextOptions` and
    /// `metadata` as for text.
    public func streamResponse<Content: Generable>(
        to prompt: Prompt, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions(), contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any ConvertibleToGeneratedContent] = [:]
    ) -> ResponseStream<Content> {
        ResponseStream(
            session: self,
            asking: Ask(
                prompt, schema: Content.generationSchema, includeSchemaInPrompt: includeSchemaInPrompt,
                options: options,
                contextOptions: contextOptions, metadata: metadata))
    }

    /// Streams a value of a generable type answering the prompt a builder closure makes.
    public func streamResponse<Content: Generable>(
        generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> ResponseStream<Content> {
        streamResponse(
            to: try prompt(), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Streams content following a (dynamic) schema, answering a ``Prompt``; `contextOptions` and `metadata` as for
    /// text.
    public func streamResponse(
        to prompt: Prompt, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions(), contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any ConvertibleToGeneratedContent] = [:]
    ) -> ResponseStream<GeneratedContent> {
        ResponseStream(
            session: self,
            asking: Ask(
                prompt, schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options,
                contextOptions: contextOptions, metadata: metadata))
    }

    /// Streams content following a (dynamic) schema, answering the prompt a builder closure makes.
    public func streamResponse(
        schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> ResponseStream<GeneratedContent> {
        streamResponse(
            to: try prompt(), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }
}
