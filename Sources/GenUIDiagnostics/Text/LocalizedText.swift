import GenUI

/// A message named by its catalog key, with its arguments: built where something happens (a parser, a validator),
/// rendered in the user's language where it is printed (``Diagnostics/text(_:)-(LocalizedText)``).
///
/// Arguments say what they are, so each is written the reader's way: the user's own data (``Argument/verbatim(_:)``)
/// as it is, numbers, sizes and durations in the language's notation, and phrases that are ours
/// (``Argument/phrase(_:)``) from the catalog too.
public struct LocalizedText: Sendable, Hashable {
    /// One value for a placeholder.
    public indirect enum Argument: Sendable, Hashable {
        /// Data that is not ours to translate: a name, a path, a value from the user's file, a server's text.
        case verbatim(String)
        /// A phrase of our own, from the catalog.
        case phrase(LocalizedText)
        /// A whole number, written in digits.
        case integer(Int)
        /// A number with a fraction, in the language's notation ("2.5", "2,5").
        case decimal(Double)
        /// A size in bytes ("1.9 GB").
        case bytes(Int64)
        /// A duration in seconds ("1.3 s", "2 min 5 s").
        case seconds(Double)
        /// Names joined the language's way ("a, b"; "a、b").
        case list([String])
        /// Why a model is unavailable, as the catalog words it (``Diagnostics/describe(_:)-(UnavailableReason)``'s
        /// message, without the remedy).
        case reason(UnavailableReason)
    }

    /// The catalog key.
    public var key: String
    /// The placeholder values, by placeholder name.
    public var arguments: [String: Argument]

    /// A message for `key` with `arguments`.
    public init(_ key: String, _ arguments: [String: Argument] = [:]) {
        self.key = key
        self.arguments = arguments
    }

    /// Text that is not ours, shown as it is in every language: a library's or the system's explanation. Its
    /// template is just the text (`{text}`), so the pseudo-locale shows it untransformed.
    public static func verbatim(_ text: String) -> LocalizedText {
        LocalizedText("text.verbatim", ["text": .verbatim(text)])
    }

    /// The text in English, for logs and `description`s.
    public var english: String { Diagnostics(language: .english).text(self) }
}

extension LocalizedText.Argument: ExpressibleByStringLiteral {
    /// A string literal is data (``verbatim(_:)``).
    public init(stringLiteral value: String) { self = .verbatim(value) }
}

extension Diagnostics {
    /// `text` in this language: its template from the catalog, every argument written for this language.
    public func text(_ text: LocalizedText) -> String {
        self.text(text.key, text.arguments.mapValues(render))
    }

    private func render(_ argument: LocalizedText.Argument) -> String {
        switch argument {
        case .verbatim(let value): value
        case .phrase(let phrase): text(phrase)
        case .integer(let value): String(value)
        case .decimal(let value):
            // Beyond what a fixed notation shows well (and what the formatter's rounding holds), as Swift writes it.
            abs(value) < 1e15 ? format.decimal(value, maximumFractionDigits: 6) : String(value)
        case .bytes(let count): format.bytes(count)
        case .seconds(let value): format.duration(seconds: value)
        case .list(let items): format.list(items)
        case .reason(let reason): describe(reason).message
        }
    }
}
