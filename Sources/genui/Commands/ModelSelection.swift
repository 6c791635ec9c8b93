import GenUI
import GenUIConfig
import GenUIRouter

/// Why `genui generate` could not build the model it composes with.
struct ModelSelectionError: Error, CustomStringConvertible {
    let description: String
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
    loadedFrom: (ConfigurationSource) -> Void = { _ in }
) throws -> ProviderChain {
    let loaded = try configuration.load()
    loadedFrom(loaded.source)
    let name = chain ?? loaded.defaultChain
    guard let settings = loaded.chain(named: name) else {
        let known = loaded.chains.map(\.name).joined(separator: ", ")
        throw ModelSelectionError(
            description: "no chain named '\(name)' in \(loaded.source.description); the chains are: \(known)")
    }
    var options = settings.options
    if allowUnguided { options.allowUnguided = true }
    guard let built = loaded.makeChain(named: name, models: loaded.makeProviders(), options: options) else {
        throw ModelSelectionError(description: "the chain '\(name)' could not be built")
    }
    return built
}
