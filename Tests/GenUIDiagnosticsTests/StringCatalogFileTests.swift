import Foundation
import GenUI
import GenUIDiagnostics
import GenUITestSupport
import Testing

/// The String Catalogs genui ships, read from the checkout: genui's own and the command line's.
enum ShippedCatalog: String, CaseIterable, CustomTestStringConvertible {
    case diagnostics = "Sources/GenUIDiagnostics/Resources/Diagnostics.xcstrings"
    case commandLine = "Sources/genui/Resources/CLI.xcstrings"

    var url: URL { TestEnvironment.packageRoot.appendingPathComponent(rawValue) }
    var testDescription: String { url.lastPathComponent }

    /// The file with every language read at once (one pass, where asking language by language would read it again
    /// for each).
    func load() throws -> MessageCatalog {
        try MessageCatalog(contentsOf: url, languages: Set(DiagnosticLanguage.shipped))
    }
}

@Suite("String Catalog files", .tags(.unit))
struct StringCatalogFileTests {
    @Test("every language has exactly the English keys", arguments: ShippedCatalog.allCases)
    func sameKeys(_ file: ShippedCatalog) throws {
        let catalog = try file.load()
        let reference = Set(catalog.messages(for: .english).keys)
        #expect(reference.count > 100)
        for language in DiagnosticLanguage.allCases {
            let keys = Set(catalog.messages(for: language).keys)
            #expect(
                reference.subtracting(keys).isEmpty, "missing in \(language): \(reference.subtracting(keys).sorted())")
            #expect(
                keys.subtracting(reference).isEmpty, "extra in \(language): \(keys.subtracting(reference).sorted())")
        }
    }

    @Test("every message has the same placeholders as in English", arguments: ShippedCatalog.allCases)
    func samePlaceholders(_ file: ShippedCatalog) throws {
        let catalog = try file.load()
        for language in DiagnosticLanguage.allCases {
            let messages = catalog.messages(for: language)
            for (key, template) in catalog.messages(for: .english) {
                let translated = messages[key] ?? ""
                #expect(
                    MessageCatalog.placeholders(in: translated) == MessageCatalog.placeholders(in: template),
                    "\(language) \(key): \(translated)")
            }
        }
    }

    @Test("translations are translated, not copied", arguments: ShippedCatalog.allCases)
    func translated(_ file: ShippedCatalog) throws {
        let catalog = try file.load()
        let sentences = catalog.messages(for: .english).filter { $0.value.count > 30 }
        for language in DiagnosticLanguage.shipped where language != .english {
            let messages = catalog.messages(for: language)
            let copied = sentences.filter { messages[$0.key] == $0.value }.map(\.key)
            #expect(copied.isEmpty, "\(language) copies English for \(copied)")
        }
    }

    @Test("no key is in both catalogs: the command line adds keys, it does not reword genui's")
    func catalogsAreDisjoint() throws {
        let own = Set(try ShippedCatalog.diagnostics.load().messages(for: .english).keys)
        let commandLine = Set(try ShippedCatalog.commandLine.load().messages(for: .english).keys)
        #expect(own.intersection(commandLine).isEmpty, "\(own.intersection(commandLine).sorted())")
    }

    @Test("the catalog genui loads at run time is the file in its resources")
    func standardIsTheResource() throws {
        #expect(MessageCatalog.standard.problem == nil)
        let file = try ShippedCatalog.diagnostics.load()
        for language in DiagnosticLanguage.allCases {
            let loaded = MessageCatalog.standard.messages(for: language)
            let differing = Set(loaded.keys).union(file.messages(for: language).keys)
                .filter { loaded[$0] != file.messages(for: language)[$0] }
            #expect(differing.isEmpty, "\(language) differs in \(differing.sorted())")
        }
    }

    @Test("a key a library's source names is in genui's own catalog, not only in the command line's")
    func librariesUseTheirOwnCatalog() throws {
        let own = Set(try ShippedCatalog.diagnostics.load().messages(for: .english).keys)
        let commandLineOnly = Set(try ShippedCatalog.commandLine.load().messages(for: .english).keys)
        let sources = TestEnvironment.packageRoot.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var misplaced: [String] = []
        var checked = 0
        for case let file as URL in enumerator where file.pathExtension == "swift" {
            let target = file.pathComponents[sources.pathComponents.count]
            guard target != "genui", target != "genui-bench" else { continue }
            // The text between quotes, a superset of the file's string literals: enough to find a key's literal.
            let quoted = Set(
                try String(contentsOf: file, encoding: .utf8).split(separator: "\"", omittingEmptySubsequences: false)
                    .enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
            misplaced += quoted.intersection(commandLineOnly).map { "\(target): \($0)" }
            checked += quoted.intersection(own).count
        }
        #expect(checked > 100)
        #expect(misplaced.isEmpty, "\(misplaced)")
    }
}
