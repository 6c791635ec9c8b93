/// Text that tells a model what shape to answer in, for backends that do not see the schema (or do not enforce it).
extension GenerationSchema {
    /// Instructions describing the schema: its JSON Schema and one compact example of a valid answer.
    ///
    /// Used when a request asks for `includeSchemaInPrompt` (the default, as in Foundation Models). The example is
    /// built deterministically by ``ContentSynthesizer`` so the prompt, and with it greedy output, is stable.
    public func promptInstructions() -> String {
        var text = "Respond only with one JSON value, no prose and no code fences, that follows this JSON schema:\n"
        text += jsonSchemaString()
        var synthesizer = ContentSynthesizer(schema: self, vocabulary: [], seed: 0)
        if let example = try? synthesizer.content() {
            text += "\nExample of the format (replace the values with ones that fit the request):\n"
            text += example.jsonString
        }
        return text
    }
}
