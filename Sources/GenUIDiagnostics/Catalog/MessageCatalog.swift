/// Every user-facing message of genui, in every shipped language.
///
/// Stored as Swift dictionaries rather than bundle resources: on Linux, Foundation's bundle lookup ignores `LANG`,
/// and a dictionary per language makes completeness testable. Messages use named placeholders (`{provider}`);
/// every language has the same keys and, per key, the same placeholders.
public enum MessageCatalog {
    /// The messages of one language.
    public static func messages(for language: DiagnosticLanguage) -> [String: String] {
        switch language {
        case .english: english
        case .german: german
        case .french: french
        case .spanish: spanish
        case .japanese: japanese
        case .simplifiedChinese: simplifiedChinese
        case .pseudo: pseudo
        }
    }

    /// The pseudo-locale: every English template transformed by ``PseudoLocale/transform(_:)``.
    static let pseudo: [String: String] = english.mapValues(PseudoLocale.transform)

    /// The message for `key` in `language`, falling back to English, then to the key itself.
    public static func template(_ key: String, language: DiagnosticLanguage) -> String {
        messages(for: language)[key] ?? english[key] ?? key
    }

    /// The placeholder names in a template (`{provider}` → `provider`).
    public static func placeholders(in template: String) -> Set<String> {
        var names: Set<String> = []
        var current: String?
        for character in template {
            if character == "{" {
                current = ""
            } else if character == "}", let name = current {
                if !name.isEmpty { names.insert(name) }
                current = nil
            } else if current != nil {
                current?.append(character)
            }
        }
        return names
    }

    /// Fills a template's placeholders; unknown placeholders are left visible.
    public static func fill(_ template: String, _ arguments: [String: String]) -> String {
        var text = template
        for (name, value) in arguments {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }
}
