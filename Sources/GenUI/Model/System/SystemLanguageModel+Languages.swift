import Foundation

/// A model that says which languages it can work in. ``SystemLanguageModel/supportedLanguages`` asks the model it
/// wraps; a model that does not adopt this protocol is taken to support
/// ``SystemLanguageModel/defaultSupportedLanguages``.
public protocol LanguageSupportReporting: RoutableModel {
    /// The languages the model answers well in. Must not block: a fixed set, or one known from configuration.
    var supportedLanguages: Set<Locale.Language> { get }
}

extension SystemLanguageModel {
    /// What a model that does not say is taken to support: English. genui's built-in default model (SmolLM2) is
    /// English-only, and every provider genui ships answers in English; other languages are claimed only by a model
    /// that adopts ``LanguageSupportReporting``.
    public static let defaultSupportedLanguages: Set<Locale.Language> = [Locale.Language(identifier: "en")]

    /// The languages the model supports (Foundation Models' `supportedLanguages`): those the wrapped model claims
    /// through ``LanguageSupportReporting``, otherwise ``defaultSupportedLanguages``.
    public var supportedLanguages: Set<Locale.Language> {
        (monitor.model as? any LanguageSupportReporting)?.supportedLanguages ?? Self.defaultSupportedLanguages
    }

    /// Whether the model supports `locale`'s language (Foundation Models' `supportsLocale(_:)`), falling back from
    /// the locale's region to its language: `en-GB` is supported when English is. A supported language that names a
    /// script (`zh-Hans`) matches only locales written in that script, the locale's likely script counting when it
    /// names none (`zh-CN` is `zh-Hans`).
    public func supportsLocale(_ locale: Locale = Locale.current) -> Bool {
        Self.language(locale.language, isCoveredBy: supportedLanguages)
    }

    /// Whether `language` or a language it falls back to is in `supported`.
    static func language(_ language: Locale.Language, isCoveredBy supported: Set<Locale.Language>) -> Bool {
        guard let code = language.languageCode?.identifier.lowercased() else { return false }
        let script = Locale.Language(identifier: language.maximalIdentifier).script?.identifier
        return supported.contains { candidate in
            guard candidate.languageCode?.identifier.lowercased() == code else { return false }
            if let wanted = candidate.script?.identifier, wanted != script { return false }
            if let region = candidate.region?.identifier, region != language.region?.identifier { return false }
            return true
        }
    }
}
