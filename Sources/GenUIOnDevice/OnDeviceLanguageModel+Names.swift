import GenUI

/// The name genui used for ``OnDeviceLanguageModel`` before it took Foundation Models 27's naming. Kept for one
/// release so that code written for it still compiles, with a warning that names the new spelling.
@available(*, deprecated, renamed: "OnDeviceLanguageModel")
public typealias OnDeviceModel = OnDeviceLanguageModel

extension OnDeviceLanguageModel {
    /// A model as an app writes it, `LanguageModelSession(model: OnDeviceLanguageModel(modelPath: "…/model.gguf"))`:
    /// the GGUF file llama-server serves, its context window, and the `llama-server` binary (`nil` searches
    /// `GENUI_LLAMA_SERVER`, then the usual places). Everything else has the defaults of ``OnDeviceConfiguration``.
    public init(modelPath: String, contextSize: Int = 4096, serverPath: String? = nil) {
        self.init(
            configuration: OnDeviceConfiguration(modelPath: modelPath, serverPath: serverPath, contextSize: contextSize)
        )
    }
}
