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
        let english = MessageCatalog.standard.messages(for: .english)
        for (key, template) in A2UIProblemText.englishTemplates {
            #expect(english[key] == template, "\(key)")
            for language in DiagnosticLanguage.allCases {
                let translated = MessageCatalog.standard.messages(for: language)[key]
                #expect(translated != nil, "\(key) is missing in \(language)")
                #expect(
                    MessageCatalog.placeholders(in: translated ?? "") == MessageCatalog.placeholders(in: template),
                    "\(language) \(key)")
            }
        }
        for kind in A2UIProblem.Kind.allCases {
            #expect(english["a2ui.kind." + kind.rawValue] != nil, "a2ui.kind.\(kind.rawValue)")
        }
    }

    /// A stream with a Text whose `formatCurrency` call lacks its currency, next to a valid Text.
    static let stream = A2UICatalogProblemTests.stream(
        #"{"id":"bad","component":"Text","text":{"call":"formatCurrency","args":{"value":9.99}}}"#)

    func genui(_ locale: String) throws -> ProcessResult {
        try renderA2UI(["-", "--locale", locale], stdin: Self.stream, environment: ["NO_COLOR": "1"])
    }

    @Test("in English the problem names line, surface, component, pointer and the missing argument; the rest renders")
    func english() throws {
        let result = try genui("en")
        #expect(result.status == 4)
        #expect(result.stdout.contains("Still shown"))
        #expect(
            result.stderr.contains(
                #"line 2, surface s, component bad, at /updateComponents/components/2/text/args: function call that cannot run: formatCurrency requires the argument "currency" (at Text.text)"#
            ))
    }

    @Test("in German the same problem is translated, with the stream's names as they are")
    func german() throws {
        let result = try genui("de")
        #expect(result.status == 4)
        #expect(result.stdout.contains("Still shown"))
        #expect(
            result.stderr.contains(
                "Zeile 2, Oberfläche s, Komponente bad, bei /updateComponents/components/2/text/args: "),
            "\(result.stderr)")
        #expect(
            result.stderr.contains(#"formatCurrency verlangt das Argument „currency“ (bei Text.text)"#),
            "\(result.stderr)")
    }

    @Test("a message for a surface that was never created is reported in German, located, and says what to send first")
    func unknownSurfaceGerman() throws {
        let stream = #"{"version":"v0.9.1","updateDataModel":{"surfaceId":"nowhere","value":{}}}"# + "\n"
        let result = try renderA2UI(["-", "--locale", "de"], stdin: stream)
        #expect(result.status == 4)
        #expect(
            result.stderr.contains(
                "Zeile 1, Oberfläche nowhere, bei /updateDataModel/surfaceId: Nachricht für eine unbekannte Oberfläche: keine Oberfläche mit dieser ID wurde angelegt; zuerst createSurface senden"
            ),
            "\(result.stderr)")
    }

    @Test("in the pseudo-locale every word of the line comes from the catalog; the names stay readable")
    func pseudo() throws {
        let result = try genui("en-XA")
        #expect(result.status == 4)
        #expect(result.stdout.contains("Still shown"))
        let line = try #require(
            result.stderr.split(separator: "\n").first { $0.contains("/updateComponents/components/2/text/args") },
            "\(result.stderr)")
        let pseudo = Diagnostics(language: .pseudo)
        let location = [
            pseudo.text("a2ui.location.line", ["line": "2"]), pseudo.text("a2ui.location.surface", ["id": "s"]),
            pseudo.text("a2ui.location.component", ["id": "bad"]),
            pseudo.text("a2ui.location.pointer", ["pointer": "/updateComponents/components/2/text/args"]),
        ].joined(separator: ", ")
        let detail = pseudo.text(
            "a2ui.detail.missingArgument",
            ["function": "formatCurrency", "argument": "currency", "type": "Text", "property": "text"])
        #expect(
            String(line)
                == pseudo.text(
                    "a2ui.problem",
                    ["location": location, "kind": pseudo.text("a2ui.kind.invalidFunction"), "detail": detail]))
        #expect(detail.hasPrefix("⟦formatCurrency " + PseudoLocale.accent("requires the argument")))
        #expect(!line.contains("requires the argument"))
        #expect(line.contains("currency") && line.contains("Text.text"))
    }

    /// Lines that give each envelope, limit, tree and runtime problem, after ``HostileStreams/create``.
    static let everyKindOfProblem: [String] = [
        "not json", "[1]", #"{"version":"v0.9"}"#,
        #"{"version":"v0.9","deleteSurface":{"surfaceId":"s"},"updateDataModel":{}}"#,
        #"{"version":"v0.9","paintSurface":{}}"#, #"{"version":"v0.9","deleteSurface":[]}"#,
        #"{"version":"v0.9","deleteSurface":{"surfaceId":"s","x":1}}"#,
        #"{"version":"v0.9","deleteSurface":{"surfaceId":7}}"#,
        #"{"version":"v0.9","createSurface":{"surfaceId":"t"}}"#,
        #"{"version":"v0.9","createSurface":{"surfaceId":"t","catalogId":"c","sendDataModel":"yes"}}"#,
        #"{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[]}}"#,
        #"{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"x"}}"#,
        HostileStreams.data("1", path: "/n"), HostileStreams.data("2", path: "/n/deeper"),
        HostileStreams.update([
            #"{"id":"root","component":"Column","children":["ghost","loop","re","date","bad","list","values"]}"#,
            #"{"id":"loop","component":"Card","child":"loop"}"#,
            #"{"id":"re","component":"CheckBox","label":"r","value":true,"checks":[{"condition":{"call":"regex","args":{"value":"a","pattern":"("}},"message":"m"}]}"#,
            #"{"id":"date","component":"Text","text":{"call":"formatDate","args":{"value":"yesterday","format":"yyyy"}}}"#,
            #"{"id":"bad","component":"Text","text":{"path":"/missing"}}"#,
            #"{"id":"list","component":"List","children":{"componentId":"bad","path":"/nolist"}}"#,
        ]),
    ]

    @Test(
        "every problem the library reports for bad envelopes, limits, trees and evaluation is a message of the catalog")
    func everyProblemLocalized() throws {
        var client = A2UIClient(limits: A2UILimits(maximumMessageBytes: 4_096, maximumTreeDepth: 4))
        let problems = client.process(
            jsonl: ([HostileStreams.create] + Self.everyKindOfProblem + [String(repeating: "x", count: 5_000)]).joined(
                separator: "\n"))
        let resolution = try #require(client.resolve(surfaceID: "s"))
        let all = problems + resolution.problems
        let keys = Set(all.compactMap { $0.text?.key })
        #expect(all.allSatisfy { $0.text != nil }, "\(all.filter { $0.text == nil }.map(\.description))")
        for key in [
            "notJSON", "messageNotObject", "noMessageKind", "manyMessageKinds", "unknownMessageKind",
            "messageBodyNotObject",
            "messageUnknownProperty", "messageNeedsString", "messageNeedsBoolean", "componentsNotList",
            "pathNotPointer",
            "pathThroughValue", "lineTooLong", "danglingChild", "cycle", "regexInvalid", "unreadableDate",
            "missingBinding", "missingList",
        ] {
            #expect(keys.contains("a2ui.detail." + key), "\(key)")
        }
        let cut = A2UIOutputCut(surfaceID: "s", componentID: nil, maximumLines: 10, maximumBytes: 100).problem
        #expect(cut.text?.key == "a2ui.detail.outputCutLines")
        #expect(
            cut.detail
                == "the rendered output reached its limit of 10 lines or 100 bytes; the rest from here on is not shown")
    }

    @Test("a line that is not JSON is reported in German, the parser's own detail included")
    func notJSONGerman() throws {
        let result = try renderA2UI(["-", "--locale", "de"], stdin: HostileStreams.create + "\n{\"version\":\n")
        #expect(result.status == 4)
        #expect(
            result.stderr.contains(
                "Zeile 2: kein JSON: die Zeile ist kein JSON (ungültiges JSON in Zeile 1, Spalte 12: die Eingabe endet zu früh)"
            ), "\(result.stderr)")
    }

    @Test("--format json carries a missing root's and a dangling child's text in the user's language beside the code")
    func jsonLocalized() throws {
        let stream =
            HostileStreams.create + "\n"
            + HostileStreams.update([#"{"id":"root","component":"Column","children":["ghost"]}"#]) + "\n"
        let result = try renderA2UI(["-", "--format", "json", "--locale", "fr"], stdin: stream)
        #expect(result.status == 4)
        let document = try GeneratedContent(json: result.stdout)
        let problems = try document.value([GeneratedContent].self, forProperty: "problems")
        let problem = try #require(problems.first)
        #expect(try problem.value(String.self, forProperty: "kind") == "danglingChild")
        #expect(try problem.value(String.self, forProperty: "key") == "a2ui.detail.danglingChild")
        #expect(
            try problem.value(String.self, forProperty: "message")
                == "l'enfant « ghost » n'est pas un composant de cette surface")
    }
}
