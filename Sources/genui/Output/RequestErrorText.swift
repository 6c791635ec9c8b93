import GenUI
import GenUIDiagnostics
import GenUIScreens

/// A failed request's error in the user's language, with what only the command line knows how to word: the issues
/// of a screen that stayed invalid after repair, which the decoding failure carries
/// (``GenUIError/Context/underlyingErrors``) beside its English description.
enum RequestErrorText {
    /// The message and remedy of `error`: ``Diagnostics/describe(_:)-(GenUIError)``, its detail worded from
    /// the screen's issues when the error carries them.
    static func describe(_ error: GenUIError, _ diagnostics: Diagnostics) -> DiagnosticMessage {
        guard case .decodingFailure(let path, _, let context) = error,
            let invalid = context.underlying(ScreenValidationError.self)
        else { return diagnostics.describe(error) }
        return DiagnosticMessage(
            message: diagnostics.text(
                "error.decodingFailure.message",
                [
                    "path": path.isEmpty ? "/" : path,
                    "detail": ScreenIssueText.summary(of: invalid, diagnostics: diagnostics),
                ]),
            remediation: diagnostics.text("error.decodingFailure.remedy"))
    }
}
