// Foundation Models' `Prompt` and `Instructions` forms of the session's initializers and requests. Each one turns
// the prompt or instructions into text and calls the `String` form, so both behave the same in every way.

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
    public convenience init(model: some LanguageModel = SystemLanguageModel.default, tools: [any Tool],
                            instructions: Instructions?) {
        self.init(model: model, tools: tools, instructions: instructions?.text)
    }

    // MARK: - Text

    /// Answers a ``Prompt`` with text.
    @discardableResult
    public func respond(to prompt: Prompt, options: GenerationOptions = GenerationOptions()) async throws
        -> Response<String>
    {
        try await respond(to: prompt.text, options: options)
    }

    /// Answers the prompt a builder closure makes with text: `try await session.respond { "…" }`.
    @discardableResult
    public func respond(
        options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<String> {
        try await respond(to: prompt().text, options: options)
    }

    // MARK: - Generable

    /// Answers a ``Prompt`` with a value of a generable type.
    nonisolated(nonsending) public func respond<Content: Generable>(
        to prompt: Prompt, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<Content> {
        try await respond(
            to: prompt.text, generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Answers the prompt a builder closure makes with a value of a generable type.
    nonisolated(nonsending) public func respond<Content: Generable>(
        generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<Content> {
        try await respond(
            to: prompt().text, generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    // MARK: - Dynamic schema

    /// Answers a ``Prompt`` with content following a (dynamic) schema.
    public func respond(
        to prompt: Prompt, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<GeneratedContent> {
        try await respond(to: prompt.text, schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Answers the prompt a builder closure makes with content following a (dynamic) schema.
    public func respond(
        schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<GeneratedContent> {
        try await respond(
            to: prompt().text, schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    // MARK: - Streaming

    /// Streams a text answer to a ``Prompt``.
    public func streamResponse(to prompt: Prompt, options: GenerationOptions = GenerationOptions())
        -> ResponseStream<String>
    {
        streamResponse(to: prompt.text, options: options)
    }

    /// Streams a text answer to the prompt a builder closure makes.
    public func streamResponse(
        options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> ResponseStream<String> {
        streamResponse(to: try prompt().text, options: options)
    }

    /// Streams a value of a generable type answering a ``Prompt``, snapshot by snapshot.
    public func streamResponse<Content: Generable>(
        to prompt: Prompt, generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) -> ResponseStream<Content> {
        streamResponse(
            to: prompt.text, generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Streams a value of a generable type answering the prompt a builder closure makes.
    public func streamResponse<Content: Generable>(
        generating type: Content.Type = Content.self, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> ResponseStream<Content> {
        streamResponse(
            to: try prompt().text, generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Streams content following a (dynamic) schema, answering a ``Prompt``.
    public func streamResponse(
        to prompt: Prompt, schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) -> ResponseStream<GeneratedContent> {
        streamResponse(to: prompt.text, schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Streams content following a (dynamic) schema, answering the prompt a builder closure makes.
    public func streamResponse(
        schema: GenerationSchema, includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> ResponseStream<GeneratedContent> {
        streamResponse(
            to: try prompt().text, schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }
}
