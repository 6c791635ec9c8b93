/// A language the diagnostics catalog ships.
///
/// The language is chosen explicitly — `--locale`, then `LC_ALL`, `LC_MESSAGES`, `LANG` — because on Linux
/// Foundation's bundle lookup ignores those variables. An unknown or POSIX locale gives English.
public enum DiagnosticLanguage: String, Sendable, Hashable, CaseIterable, Codable {
    /// English.
    case english = "en"
    /// German.
    case german = "de"
    /// French.
    case french = "fr"
    /// Spanish.
    case spanish = "es"
    /// Japanese.
    case japanese = "ja"
    /// Simplified Chinese.
    case simplifiedChinese = "zh-Hans"
    /// The pseudo-locale `en-XA`: English, every catalog text accented, lengthened and bracketed (``PseudoLocale``).
    /// Not a shipped language; it makes any line that does not come from the catalog stand out, in tests and by eye.
    case pseudo = "en-XA"

    /// The languages genui ships translations for (every case but ``pseudo``).
    public static var shipped: [DiagnosticLanguage] { allCases.filter { $0 != .pseudo } }

    /// The language of a locale identifier (`de`, `de_DE.UTF-8`, `fr-CA`, `zh_CN`, `zh-Hans`, `ja_JP`), or `nil`
    /// when it is not one the catalog ships (including `C` and `POSIX`).
    public init?(localeIdentifier: String) {
        let base = localeIdentifier.split(separator: ".").first.map(String.init) ?? localeIdentifier
        let withoutModifier = base.split(separator: "@").first.map(String.init) ?? base
        let parts = withoutModifier.replacingOccurrences(of: "_", with: "-").lowercased().split(separator: "-").map(
            String.init)
        guard let language = parts.first else { return nil }
        if language == "en", parts.dropFirst().first == "xa" {
            self = .pseudo
            return
        }
        switch language {
        case "en": self = .english
        case "de": self = .german
        case "fr": self = .french
        case "es": self = .spanish
        case "ja": self = .japanese
        case "zh":
            // Traditional Chinese is not shipped; everything else gets Simplified Chinese.
            let rest = Set(parts.dropFirst())
            if !rest.intersection(["hant", "tw", "hk", "mo"]).isEmpty { return nil }
            self = .simplifiedChinese
        default: return nil
        }
    }

    /// The language to use: `explicit` (from `--locale`) when given and known, else the first set of `LC_ALL`,
    /// `LC_MESSAGES`, `LANG`; English when none names a shipped language.
    public static func resolve(explicit: String?, environment: [String: String]) -> DiagnosticLanguage {
        if let explicit, !explicit.isEmpty { return DiagnosticLanguage(localeIdentifier: explicit) ?? .english }
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            // The first variable that is set decides, as in POSIX: LC_ALL=C means C (English), not LANG.
            return DiagnosticLanguage(localeIdentifier: value) ?? .english
        }
        return .english
    }
}
