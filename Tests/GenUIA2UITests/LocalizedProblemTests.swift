import Foundation
import GenUI
import GenUIDiagnostics
import GenUITestSupport
import Testing
@testable import GenUIA2UI

/// The catalog problems in the user's language: every detail key is in genui's localized catalog (English word for
/// word as the library writes it), and `genui render --from a2ui` prints each problem located and translated — in
/// the pseudo-locale too, where a line that bypassed the catalog would stand out.
@Suite("A2UI problems in the user's language", .tags(.integration))
struct A2UILocalizedProblemTests {
    @Test("every detail key is in the catalog of every language, in English exactly as the library writes it")
    func keysInCatalog() {
        let english = MessageCatalog.messages(for: .english)
        for (key, template) in A2UIProblemText.englishTemplates {
            #expect(english[key] == template, "\(key)")
            for language in DiagnosticLanguage.allCases {
                let translated = MessageCatalog.messages(for: language)[key]
                #expect(translated != nil, "\(key) is missing in \(language)")
                #expect(MessageCatalog.placeholders(in: translated ?? "") == MessageCatalog.placeholders(in: template), "\(language) \(key)")
            }
        }
        for kind in A2UIProblem.Kind.allCases {
            #expect(english["a2ui.kind." + kind.rawValue] != nil, "a2ui.kind.\(kind.rawValue)")
        }
    }

    /// A stream with a Text whose `formatCurrency` call lacks its currency, next to a valid Text.
    static let stream = A2UICatalogProblemTests.stream(#"{"id":"bad","component":"Text","text":{"call":"formatCurrency","args":{"value":9.99}}}"#)

    func genui(_ locale: String) throws -> ProcessResult {
        try renderA2UI(["-", "--locale", locale], stdin: Self.stream, environment: ["NO_COLOR": "1"])
    }

    @Test("in English the problem names line, surface, component, pointer and the missing argument; the rest renders")
    func english() throws {
        let result = try genui("en")
        #expect(result.status == 4)
        #expect(result.stdout.contains("Still shown"))
        #expect(result.stderr.contains(
            #"line 2, surface s, component bad, at /updateComponents/components/2/text/args: function call that cannot run: formatCurrency requires the argument "currency" (at Text.text)"#))
    }

    @Test("in German the same problem is translated, with the stream's names as they are")
    func german() throws {
        let result = try genui("de")
        #expect(result.status == 4)
        #expect(result.stdout.contains("Still shown"))
        #expect(result.stderr.contains(
            "Zeile 2, Oberfläche s, Komponente bad, bei /updateComponents/components/2/text/args: "), "\(result.stderr)")
        #expect(result.stderr.contains(#"formatCurrency verlangt das Argument „currency“ (bei Text.text)"#), "\(result.stderr)")
    }

    @Test("a message for a surface that was never created is reported in German, located, and says what to send first")
    func unknownSurfaceGerman() throws {
        let stream = #"{"version":"v0.9.1","updateDataModel":{"surfaceId":"nowhere","value":{}}}"# + "\n"
        let result = try renderA2UI(["-", "--locale", "de"], stdin: stream)
        #expect(result.status == 4)
        #expect(result.stderr.contains(
            "Zeile 1, Oberfläche nowhere, bei /updateDataModel/surfaceId: Nachricht für eine unbekannte Oberfläche: keine Oberfläche mit dieser ID wurde angelegt; zuerst createSurface senden"),
            "\(result.stderr)")
    }

    @Test("in the pseudo-locale every word of the line comes from the catalog; the names stay readable")
    func pseudo() throws {
        let result = try genui("en-XA")
        #expect(result.status == 4)
        #expect(result.stdout.contains("Still shown"))
        let line = try #require(result.stderr.split(separator: "\n").first { $0.contains("/updateComponents/components/2/text/args") }, "\(result.stderr)")
        let pseudo = Diagnostics(language: .pseudo)
        let location = [
            pseudo.text("a2ui.location.line", ["line": "2"]), pseudo.text("a2ui.location.surface", ["id": "s"]),
            pseudo.text("a2ui.location.component", ["id": "bad"]),
            pseudo.text("a2ui.location.pointer", ["pointer": "/updateComponents/components/2/text/args"]),
        ].joined(separator: ", ")
        let detail = pseudo.text("a2ui.detail.missingArgument", ["function": "formatCurrency", "argument": "currency", "type": "Text", "property": "text"])
        #expect(String(line) == pseudo.text("a2ui.problem", ["location": location, "kind": pseudo.text("a2ui.kind.invalidFunction"), "detail": detail]))
        #expect(detail.hasPrefix("⟦formatCurrency " + PseudoLocale.accent("requires the argument")))
        #expect(!line.contains("requires the argument"))
        #expect(line.contains("currency") && line.contains("Text.text"))
    }
}
