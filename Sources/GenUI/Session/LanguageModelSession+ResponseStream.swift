extension LanguageModelSession {
    /// A streamed response, under the name Foundation Models gives it: ``GenUI/ResponseStream``.
    public typealias ResponseStream<Content: Generable> = GenUI.ResponseStream<Content>
}
