extension LanguageModel where Self == SystemLanguageModel {
    /// The system's default model, so that `LanguageModelSession(model: .default)` reads as in Foundation Models.
    public static var `default`: SystemLanguageModel { SystemLanguageModel.default }
}
