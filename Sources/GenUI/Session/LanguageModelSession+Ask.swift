extension LanguageModelSession {
    /// What one request of a session asks: the prompt entry it adds to the transcript — its segments (text,
    /// structured content, attachments), options, response format, context options and metadata — and the schema the
    /// answer must follow. The model's executor is asked this very entry, and the transcript records it.
    struct Ask: Sendable {
        /// The prompt as the transcript records it.
        var prompt: Transcript.Prompt
        /// The schema of the answer; `nil` for text.
        var schema: GenerationSchema?

        /// Asks `prompt` with `options`; a schema's description goes into the prompt when `includeSchemaInPrompt` is
        /// set (it overrides `contextOptions`' own setting), and `metadata` travels with the request.
        init(
            _ prompt: Prompt, schema: GenerationSchema? = nil, includeSchemaInPrompt: Bool = true,
            options: GenerationOptions, contextOptions: ContextOptions = ContextOptions(),
            metadata: [String: any ConvertibleToGeneratedContent] = [:]
        ) {
            var contextOptions = contextOptions
            if schema != nil { contextOptions.includeSchemaInPrompt = includeSchemaInPrompt }
            self.prompt = Transcript.Prompt(
                metadata: metadata.mapValues(\.generatedContent), segments: prompt.segments, options: options,
                responseFormat: schema.map { Transcript.ResponseFormat(schema: $0) }, contextOptions: contextOptions)
            self.schema = schema
        }
    }
}
