import GenUI
import GenUIConfig

/// The provider of `SystemLanguageModel.default` this module contributes: the configured default chain.
///
/// It is registered with `SystemLanguageModel.registerDefault(_:)` as the program starts (a constructor in the
/// `CGenUIDefaultModel` target, which this module links, calls ``register()``), so linking the product is the whole
/// setup; `SystemLanguageModel.use(_:)` still replaces the model explicitly.
public enum DefaultModelRegistration: DefaultLanguageModelProvider {
    /// The default chain of the `providers.yml` the usual lookup finds (`ConfigurationLoader`, with its trust rule
    /// for `./providers.yml`), built with the process's environment.
    public static func makeDefaultLanguageModel() -> any RoutableModel {
        ConfiguredDefaultModel(loader: ConfigurationLoader())
    }

    /// Registers this provider for `SystemLanguageModel.default`. Done at start-up already; calling it again
    /// restores it after another provider was registered.
    public static func register() {
        SystemLanguageModel.registerDefault(Self.self)
    }
}

/// The start-up hook's entry point (see `CGenUIDefaultModel.h`): registers ``DefaultModelRegistration``.
@_cdecl("genui_register_default_model")
public func registerDefaultModelAtStartup() {
    DefaultModelRegistration.register()
}
