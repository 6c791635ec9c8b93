import Foundation
import Synchronization

/// User-facing messages in every shipped language: the templates of one or more String Catalogs.
///
/// The messages live in String Catalog files (`.xcstrings`), the format Apple's localization tools and translation
/// services read: genui's own in this module's resources (``standard``), a program's in its own (the `genui` command
/// line keeps its keys beside it and merges them in with ``merging(_:)``). They are read by genui's own reader, not
/// through Foundation's bundle lookup, which on Linux ignores `LANG`.
///
/// A catalog costs nothing until a message is worded. Then its file is read and indexed (its structure checked, the
/// place of each key's entry noted), and each entry is read when one of its messages is first needed: a program
/// that words a few dozen messages reads a few dozen entries, not the whole file (docs/performance.md).
///
/// Messages use named placeholders (`{provider}`); every language has the same keys and, per key, the same
/// placeholders, which the catalog tests check. A key missing in a language falls back to English, then to the key.
public struct MessageCatalog: Sendable {
    /// The catalogs merged into this one, in order; keys are looked up in each, the first that has one wins.
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
    ///   - url: the `.xcstrings` file.
    ///   - languages: languages whose messages are read now, every entry of the file read and checked for them
    ///     (the catalog tests use this); `nil` reads only the file's structure now, and each entry when first used.
    public init(contentsOf url: URL, languages: Set<DiagnosticLanguage>? = nil) throws(StringCatalogError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw StringCatalogError(source: url.path, line: 0, column: 0, problem: "cannot be read (\(error))")
        }
        try self.init(bytes: Array(data), source: url.path, languages: languages)
    }

    /// The catalog in the String Catalog `bytes`, which came from `source` (named in errors): its structure is
    /// checked now, and `languages` (if any) are read for every entry now, which checks each entry too.
    public init(
        bytes: [UInt8], source: String, languages: Set<DiagnosticLanguage>? = nil
    ) throws(StringCatalogError) {
        let catalog = StringCatalogBytes(bytes, source: source)
        let index = try StringCatalogReader.index(catalog)
        guard index.sourceLanguage == DiagnosticLanguage.english.rawValue else {
            throw StringCatalogError(
                source: source, line: 0, column: 0,
                problem: "the source language is \(index.sourceLanguage); genui's catalogs are written in en")
        }
        let source = Source(catalog: catalog, entries: index.entries)
        for language in languages ?? [] where language != .pseudo {
            try source.readTable(language)
        }
        self.sources = [source]
    }

    /// The catalog in `file`, read when it is first used (making a ``Diagnostics`` costs nothing until it words a
    /// message). When `file` is `nil` or cannot be read, the catalog is empty and says why (``problem``): a program
    /// that lost its catalog still runs, its messages shown by key.
    public static func loading(_ file: URL?, named name: String) -> MessageCatalog {
        MessageCatalog(source: Source(file: file, name: name))
    }

    /// genui's own messages: `Diagnostics.xcstrings` in this module's resources, read when first used.
    public static let standard: MessageCatalog = loading(
        ResourceLocator.file(
            "Diagnostics.xcstrings", inBundleOf: "GenUIDiagnostics", sourceFile: #filePath,
            sourceFolder: "Resources"),
        named: "Diagnostics.xcstrings")

    /// This catalog with `other`'s keys added. Catalogs merged are meant not to share keys (genui's tests check its
    /// own two); where they do, this catalog's template is used.
    public func merging(_ other: MessageCatalog) -> MessageCatalog {
        var merged = self
        merged.sources += other.sources
        return merged
    }

    /// The messages of one language (every entry of every catalog read for it).
    public func messages(for language: DiagnosticLanguage) -> [String: String] {
        guard language != .pseudo else { return messages(for: .english).mapValues(PseudoLocale.transform) }
        var messages: [String: String] = [:]
        for source in sources { messages.merge(source.table(language)) { earlier, _ in earlier } }
        return messages
    }

    /// Whether the catalog has a message for `key` (in English, which every key has): reads that key's entry only.
    public func contains(_ key: String) -> Bool {
        lookup(key, .english) != nil
    }

    /// The message for `key` in `language`, falling back to English, then to the key itself.
    public func template(_ key: String, language: DiagnosticLanguage) -> String {
        guard language != .pseudo else { return lookup(key, .english).map(PseudoLocale.transform) ?? key }
        return lookup(key, language) ?? lookup(key, .english) ?? key
    }

    private func lookup(_ key: String, _ language: DiagnosticLanguage) -> String? {
        for source in sources {
            if let template = source.template(key, language) { return template }
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
    /// One catalog's templates: a file's index and the entries read so far, or templates given as they are.
    final class Source: Sendable {
        private enum Content {
            /// A file not read yet (`nil`: none was found), and its name for errors.
            case unread(URL?, name: String)
            /// A file read and indexed: the place of each key's entry.
            case indexed(StringCatalogBytes, entries: [String: Range<Int>])
            /// A file that could not be read.
            case failed(StringCatalogError)
            /// Templates given as they are.
            case fixed
        }

        private struct State {
            var content: Content
            /// Whole languages: given, or read for every entry.
            var tables: [DiagnosticLanguage: [String: String]] = [:]
            /// Entries read one by one: their templates by language code.
            var entries: [String: [String: String]] = [:]
        }

        private let state: Mutex<State>

        init(tables: [DiagnosticLanguage: [String: String]]) {
            state = Mutex(State(content: .fixed, tables: tables))
        }

        init(catalog: StringCatalogBytes, entries: [String: Range<Int>]) {
            state = Mutex(State(content: .indexed(catalog, entries: entries)))
        }

        init(file: URL?, name: String) {
            state = Mutex(State(content: .unread(file, name: name)))
        }

        /// Why the file could not be read, reading it first if it has not been.
        var problem: StringCatalogError? {
            state.withLock { state in
                Self.readIfNeeded(&state)
                if case .failed(let problem) = state.content { return problem }
                return nil
            }
        }

        /// The template of `key` in `language`: reads the key's entry the first time. An entry that cannot be read
        /// has no templates (its messages fall back to the key).
        func template(_ key: String, _ language: DiagnosticLanguage) -> String? {
            state.withLock { state in
                if let table = state.tables[language] { return table[key] }
                Self.readIfNeeded(&state)
                if let templates = state.entries[key] { return templates[language.rawValue] }
                guard case .indexed(let catalog, let entries) = state.content, let range = entries[key] else {
                    return nil
                }
                let templates =
                    (try? StringCatalogReader.templates(of: key, at: range, in: catalog, languages: nil)) ?? [:]
                state.entries[key] = templates
                return templates[language.rawValue]
            }
        }

        /// Every template of `language` (each entry read for it); entries that cannot be read are left out.
        func table(_ language: DiagnosticLanguage) -> [String: String] {
            (try? readTable(language, strict: false)) ?? [:]
        }

        /// Reads every entry for `language`; `strict`: an entry that cannot be read is an error.
        @discardableResult
        func readTable(_ language: DiagnosticLanguage, strict: Bool = true) throws(StringCatalogError) -> [String:
            String]
        {
            let result = state.withLock { state -> Result<[String: String], StringCatalogError> in
                if let table = state.tables[language] { return .success(table) }
                Self.readIfNeeded(&state)
                guard case .indexed(let catalog, let entries) = state.content else { return .success([:]) }
                var table: [String: String] = [:]
                for (key, range) in entries {
                    do throws(StringCatalogError) {
                        let templates = try StringCatalogReader.templates(
                            of: key, at: range, in: catalog, languages: [language.rawValue])
                        if let template = templates[language.rawValue] { table[key] = template }
                    } catch {
                        if strict { return .failure(error) }
                    }
                }
                state.tables[language] = table
                return .success(table)
            }
            return try result.get()
        }

        /// Reads and indexes an unread file.
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
