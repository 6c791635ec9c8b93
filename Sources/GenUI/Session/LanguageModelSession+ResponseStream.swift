extension LanguageModelSession {
    /// A streamed response, under the name Foundation Models gives it: ``GenUI/ResponseStream``.
    public typealias ResponseStream<Content: Generable & Sendable> = GenUI.ResponseStream<Content>
        where Content.PartiallyGenerated: Sendable
}
