import GenUI
import GenUIConfig
import GenUIDiagnostics
import GenUIDoctor
import GenUIRouter

/// Why `genui generate` could not build the model it composes with.
struct ModelSelectionError: Error, CustomStringConvertible {
    /// What is wrong, for any language.
    let text: LocalizedText
    var description: String { Diagnostics(language: .english, catalog: .commandLine).text(text) }
}

/// The chain `genui generate` composes with, and the configuration it was built from (which says each member's
/// timeout, for advice after a failure).
struct GenerationModel {
    let chain: ProviderChain
    let configuration: Configuration
    let settings: ChainSettings
}

/// The model `genui generate` composes with: the configured chain (`--chain`, or the configuration's default chain),
/// built from `providers.yml` following the usual lookup order.
///
/// - Parameters:
///   - configuration: where the configuration comes from (`--config`, `GENUI_CONFIG`, ...).
///   - chain: the chain named with `--chain`, or `nil` for the configured default.
///   - allowUnguided: whether providers without guided generation may serve (their output is repaired).
///   - loadedFrom: told where the configuration came from, before anything is built from it.
func makeGenerationModel(
    configuration: ConfigurationOptions, chain: String?, allowUnguided: Bool,
    observability: ChainObservability = ChainObservability(), loadedFrom: (ConfigurationSource) -> Void = { _ in }
) throws -> GenerationModel {
    let loaded = try configuration.load()
    loadedFrom(loaded.source)
    let name = chain ?? loaded.defaultChain
    guard let settings = loaded.chain(named: name) else {
        throw ModelSelectionError(
            text: LocalizedText(
                "cli.unknownChain",
                [
                    "chain": .verbatim(name), "source": .phrase(ConfigurationNaming.source(loaded.source)),
                    "chains": .list(loaded.chains.map(\.name)),
                ]))
    }
    var options = settings.options
    if allowUnguided { options.allowUnguided = true }
    guard
        let built = loaded.makeChain(
            named: name,
            models: loaded.makeProviders(context: ProviderBuildContext(logger: observability.logger)),
            options: options, observability: observability)
    else {
        throw ModelSelectionError(text: LocalizedText("generate.chainNotBuilt", ["chain": .verbatim(name)]))
    }
    return GenerationModel(chain: built, configuration: loaded, settings: settings)
}
