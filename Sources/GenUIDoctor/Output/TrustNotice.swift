import GenUIConfig
import GenUIDiagnostics

/// What every command says when it passed over an untrusted or unreadable `./providers.yml`: that the file was ignored,
/// why, and how to trust it (or what to use instead). `nil` when no file was passed over.
package enum TrustNotice {
    /// The notice's lines: the file and the reason, then the command that trusts it.
    package static func lines(for source: ConfigurationSource, diagnostics: Diagnostics) -> [String]? {
        lines(for: source.untrusted, source: source.description, diagnostics: diagnostics)
    }

    /// The notice for `skipped`, when the configuration `source` was loaded in its place.
    package static func lines(for skipped: SkippedConfiguration?, source: String, diagnostics: Diagnostics) -> [String]?
    {
        guard let skipped else { return nil }
        if let reason = skipped.unreadable {
            return [
                diagnostics.text(
                    "trust.skipped.unreadable", ["path": skipped.path, "reason": reason, "source": source]),
                diagnostics.text("trust.skipped.unreadable.remedy", ["path": skipped.path]),
            ]
        }
        let key = skipped.changedSinceTrusted ? "trust.skipped.changed" : "trust.skipped"
        return [
            diagnostics.text(key, ["path": skipped.path, "hash": skipped.sha256, "source": source]),
            diagnostics.text("trust.skipped.remedy", ["path": skipped.path]),
        ]
    }
}
