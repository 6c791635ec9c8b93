import GenUI

extension Diagnostics {
    /// Why an adapter could not be loaded, and what to do: the localized text for
    /// `SystemLanguageModel.Adapter.AssetError`, whose own `errorDescription` is English developer text. On genui
    /// every such error means the same thing — adapters run only on Apple's model — so the remedy is one.
    public func describe(_ error: SystemLanguageModel.Adapter.AssetError) -> DiagnosticMessage {
        DiagnosticMessage(message: text("adapter.\(error.code).message"), remediation: text("adapter.remedy"))
    }
}
