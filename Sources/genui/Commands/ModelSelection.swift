import GenUI

/// The model `genui generate` composes with.
///
/// - Parameters:
///   - chain: the chain named with `--chain`, or `nil` for the configured default.
///   - allowUnguided: whether providers without guided generation may serve (their output is repaired).
func makeGenerationModel(chain: String?, allowUnguided: Bool) async throws -> any LanguageModel {
    // Replaced by the configured chain
    ScriptedLanguageModel()
}
