import GenUI
import GenUIConfig

/// What makes ``SystemLanguageModel/default`` the configured default chain in an app that links this module.
///
/// A Swift module runs no code when it is loaded, so nothing here is installed at start-up. Instead, on first use
/// of `SystemLanguageModel.default`, the core looks this type up by name in the running program (the Swift
/// runtime's type lookup, `_typeByName`) and, when it is there, asks it for the model. Linking the product is
/// therefore the whole setup; ``SystemLanguageModel/use(_:)`` still replaces the model explicitly.
public enum DefaultModelRegistration: DefaultLanguageModelProvider {
    /// The default chain of the `providers.yml` the usual lookup finds (``ConfigurationLoader``, with its trust rule
    /// for `./providers.yml`), built with the process's environment.
    public static func makeDefaultLanguageModel() -> any RoutableModel {
        ConfiguredDefaultModel(loader: ConfigurationLoader())
    }
}
