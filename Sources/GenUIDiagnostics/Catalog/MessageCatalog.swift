import Foundation
import Synchronization

/// User-facing messages in every shipped language: the templates of one or more String Catalogs.
///
/// The messages live in String Catalog files (`.xcstrings`), the format Apple's localization tools and translation
/// services read: genui's own in this module's resources (``standard``), a program's in its own (the `genui` command
/// line keeps its keys beside it and merges them in with ``merging(_:)``). They are read by genui's own reader, not
/// through Foundation's bundle lookup, which on Linux ignores `LANG`.
///
/// Reading a file checks all of it, but keeps only English and the environment's language (`LC_ALL`, `LC_MESSAGES`,
/// `LANG`); another language is read the first time it is asked for. That keeps a program's start cheap: reading one
/// language of genui's catalog takes about as long as starting the program's runtime libraries (docs/performance.md).
///
/// Messages use named placeholders (`{provider}`); every language has the same keys and, per key, the same
/// placeholders, which the catalog tests check. A key missing in a language falls back to English, then to the key.
public struct MessageCatalog: Sendable {
    /// The catalogs merged into this one; a later one's template wins.
    private var sources: [Source]

    /// Why the catalog (or the first one merged into it that failed) is empty, when it could not be read. Asking
    /// reads a catalog that ``loading(_:named:)`` has not read yet.
    public var problem: StringCatalogError? { sources.lazy.compactMap(\.problem).first }

    /// A catalog of `tables`. The pseudo-locale's templates are made from the English ones when asked for (a table
    /// given for it is ignored).
    public init(tables: [DiagnosticLanguage: [String: String]]) {
        self.sources = [Source(tables: tables.filter { $0.key != .pseudo })]
    }

    private init(source: Source) {
        self.sources = [source]
    }

    /// The catalog in the String Catalog file at `url`. Languages genui does not ship are ignored.
    ///
    /// - Parameters:
    ///   - url: the String Catalog (`.xcstrings`) file to read.
    ///   - languages: the languages read now; `nil` reads English and the environment's language (`LC_ALL`,
    ///     `LC_MESSAGES`, `LANG`). Any other language is read when first asked for.
    public init(contentsOf url: URL, languages: Set<DiagnosticLanguage>? = nil) throws(StringCatalogError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw StringCatalogError(source: url.path, line: 0, column: 0, problem: "cannot be read (\(error))")
        }
        try self.init(bytes: Array(data), source: url.path, languages: languages)
    }

    /// The catalog in the String Catalog `bytes`, which came from `source` (named in errors). The whole catalog is
    /// checked now; of its languages, `languages` are read now (`nil`: English and the environment's), the others
    /// when first asked for.
    public init(
        bytes: [UInt8], source: String, languages: Set<DiagnosticLanguage>? = nil
    ) throws(StringCatalogError) {
        let environment = DiagnosticLanguage.resolve(explicit: nil, environment: ProcessInfo.processInfo.environment)
        let first = Set((languages ?? [.english, environment]).filter { $0 != .pseudo }.map(\.rawValue))
        let catalog = try StringCatalogReader.read(bytes, source: source, languages: first)
        guard catalog.sourceLanguage == DiagnosticLanguage.english.rawValue else {
            throw StringCatalogError(
                source: source, line: 0, column: 0,
                problem: "the source language is \(catalog.sourceLanguage); genui's catalogs are written in en")
        }
        var tables: [DiagnosticLanguage: [String: String]] = [:]
        for language in DiagnosticLanguage.shipped where first.contains(language.rawValue) {
            tables[language] = catalog.tables[language.rawValue] ?? [:]
        }
        self.sources = [Source(tables: tables, bytes: bytes, path: source)]
    }

    /// The catalog in `file`, read when it is first used (making a ``Diagnostics`` costs nothing until it words a
    /// message). When `file` is `nil` or cannot be read, the catalog is empty and says why (``problem``): a program
    /// that lost its catalog still runs, its messages shown by key.
    public static func loading(_ file: URL?, named name: String) -> MessageCatalog {
        MessageCatalog(source: Source(file: file, name: name))
    }

    /// genui's own messages: `Diagnostics.xcstrings` in this module's resources, read once, when first used.
    public static let standard: MessageCatalog = loading(
        ResourceLocator.file(
            "Diagnostics.xcstrings", inBundleOf: "GenUIDiagnostics", sourceFile: #filePath,
            sourceFolder: "Resources"),
        named: "Diagnostics.xcstrings")

    /// This catalog with `other`'s keys added; where both have a key, `other`'s template is used. The merged catalog
    /// keeps the first ``problem`` of the two.
    public func merging(_ other: MessageCatalog) -> MessageCatalog {
        var merged = self
        merged.sources += other.sources
        return merged
    }

    /// The messages of one language.
    public func messages(for language: DiagnosticLanguage) -> [String: String] {
        guard language != .pseudo else { return messages(for: .english).mapValues(PseudoLocale.transform) }
        var messages: [String: String] = [:]
        for source in sources { messages.merge(source.table(language)) { _, later in later } }
        return messages
    }

    /// The message for `key` in `language`, falling back to English, then to the key itself.
    public func template(_ key: String, language: DiagnosticLanguage) -> String {
        guard language != .pseudo else { return lookup(key, .english).map(PseudoLocale.transform) ?? key }
        return lookup(key, language) ?? lookup(key, .english) ?? key
    }

    private func lookup(_ key: String, _ language: DiagnosticLanguage) -> String? {
        for source in sources.reversed() {
            if let template = source.table(language)[key] { return template }
        }
        return nil
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

extension MessageCatalog {
    /// One catalog's templates: those read so far, and where to read the others from.
    final class Source: Sendable {
        private enum Content {
            /// A file not read yet (`nil`: none was found), and its name for errors.
            case unread(URL?, name: String)
            /// A file read and checked, kept to read more languages from.
            case read(bytes: [UInt8], path: String)
            /// A file that could not be read.
            case failed(StringCatalogError)
            /// Templates given as they are.
            case fixed
        }

        private struct State {
            var content: Content
            var tables: [DiagnosticLanguage: [String: String]]
        }

        private let state: Mutex<State>

        init(tables: [DiagnosticLanguage: [String: String]]) {
            state = Mutex(State(content: .fixed, tables: tables))
        }

        init(tables: [DiagnosticLanguage: [String: String]], bytes: [UInt8], path: String) {
            state = Mutex(State(content: .read(bytes: bytes, path: path), tables: tables))
        }

        init(file: URL?, name: String) {
            state = Mutex(State(content: .unread(file, name: name), tables: [:]))
        }

        /// Why the file could not be read, reading it first if it has not been.
        var problem: StringCatalogError? {
            state.withLock { state in
                Self.readIfNeeded(&state)
                if case .failed(let problem) = state.content { return problem }
                return nil
            }
        }

        /// The templates of `language`, read from the file the first time. A file that was checked when it was first
        /// read cannot fail when read again; a language it lacks is empty.
        func table(_ language: DiagnosticLanguage) -> [String: String] {
            state.withLock { state in
                if let table = state.tables[language] { return table }
                Self.readIfNeeded(&state)
                if let table = state.tables[language] { return table }
                guard case .read(let bytes, let path) = state.content else { return [:] }
                let read = try? StringCatalogReader.read(bytes, source: path, languages: [language.rawValue])
                let table = read?.tables[language.rawValue] ?? [:]
                state.tables[language] = table
                return table
            }
        }

        /// Reads an unread file: English and the environment's language now, the rest when asked for.
        private static func readIfNeeded(_ state: inout State) {
            guard case .unread(let file, let name) = state.content else { return }
            guard let file else {
                state.content = .failed(
                    StringCatalogError(
                        source: name, line: 0, column: 0,
                        problem: "was not found beside the program; copy its .resources folders with it"))
                return
            }
            do {
                let catalog = try MessageCatalog(contentsOf: file)
                guard let source = catalog.sources.first else { return }
                state = source.state.withLock { $0 }
            } catch {
                state.content = .failed(error)
            }
        }
    }
}
