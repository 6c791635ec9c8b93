import Foundation
import GenUIDiagnostics
import Testing

@Suite("String Catalog reader", .tags(.unit))
struct StringCatalogReaderTests {
    /// The catalog in `text`, every entry read for every language (strictly, as the catalog tests read).
    private func catalog(_ text: String) throws(StringCatalogError) -> MessageCatalog {
        try MessageCatalog(
            bytes: Array(text.utf8), source: "Test.xcstrings", languages: Set(DiagnosticLanguage.shipped))
    }

    private func unit(_ value: String) -> String { #"{"stringUnit":{"state":"translated","value":"\#(value)"}}"# }

    @Test("reads each language's string units and skips what genui does not use")
    func readsUnits() throws {
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "greeting" : {
                  "comment" : "Shown first.", "extractionState" : "manual", "shouldTranslate" : true,
                  "localizations" : { "en" : \(unit("Hello {name}")), "de" : \(unit("Hallo {name}")),
                                      "pt" : \(unit("Olá {name}")) }
                },
                "escapes" : { "localizations" : { "en" : \(unit(#"tab\there \"quoted\" \u00e9 \ud83d\ude00 a\/b"#)) },
                              "extra" : [1, -2.5e3, null, false, {"k" : []}] }
              },
              "version" : "1.0"
            }
            """
        let read = try catalog(text)
        #expect(read.messages(for: .english)["greeting"] == "Hello {name}")
        #expect(read.messages(for: .german)["greeting"] == "Hallo {name}")
        #expect(read.messages(for: .english)["escapes"] == "tab\there \"quoted\" é 😀 a/b")
        #expect(read.template("escapes", language: .german) == "tab\there \"quoted\" é 😀 a/b", "falls back to English")
        #expect(read.messages(for: .pseudo)["greeting"] == PseudoLocale.transform("Hello {name}"))
        #expect(read.template("absent", language: .french) == "absent")
    }

    @Test(
        "a malformed catalog is an error that says file, line and column",
        arguments: [
            (#"{"sourceLanguage":"en","strings":{"a":{}}"#, 1, 42, "expected , or }"),
            ("{\"sourceLanguage\":\"en\",\n\"strings\":{\"a\":{},\n  \"a\":{}}}", 3, 3, "\"a\" appears twice"),
            (
                #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"en":{"variations":{}}}}}}"#, 1, 63,
                "variations"
            ),
            (
                #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"en":{"stringUnit":{"state":"new"}}}}}}"#, 1,
                62,
                "has no stringUnit value"
            ),
            (
                #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"en":\#u{7B}"stringUnit":{"value":"\u12"}}}}}}"#,
                1, 86, "four hexadecimal digits"
            ),
            (#"{"sourceLanguage":"en","strings":{}} x"#, 1, 38, "text after"),
            (
                "{\"sourceLanguage\":\"en\",\"strings\":{\"a\":{\"localizations\":{\"en\":{\"stringUnit\":{\"value\":\"x\ty\"}}}}}}",
                1, 87, "control character"
            ),
            (
                #"{"sourceLanguage":"en","strings":{"a":{"localizations":{"en":]}}}"#, 1, 62,
                "closes what it did not open"
            ),
            (#"{"strings":{}}"#, 1, 1, "no sourceLanguage"),
            (#"{"sourceLanguage":"en","strings":{"a":{"x":tru}}}"#, 1, 44, "expected a JSON value"),
        ])
    func malformed(_ text: String, _ line: Int, _ column: Int, _ problem: String) {
        #expect {
            try catalog(text)
        } throws: { error in
            guard let error = error as? StringCatalogError else { return false }
            return error.source == "Test.xcstrings" && error.line == line && error.column == column
                && error.problem.contains(problem) && error.description.hasPrefix("Test.xcstrings:\(line):\(column): ")
        }
    }

    @Test("read for use, a catalog's structure is checked at once and each entry when one of its messages is needed")
    func lazyEntries() throws {
        let text = """
            {"sourceLanguage":"en","strings":{
              "good":{"localizations":{"en":\(unit("Good {name}")),"de":\(unit("Gut {name}"))}},
              "odd":{"localizations":{"en":{"variations":{"plural":{}}}}}
            }}
            """
        let read = try MessageCatalog(bytes: Array(text.utf8), source: "Lazy.xcstrings")
        #expect(read.problem == nil)
        #expect(read.template("good", language: .german) == "Gut {name}")
        #expect(read.template("odd", language: .english) == "odd", "an entry genui cannot read falls back to its key")
        #expect(read.contains("good") && !read.contains("odd") && !read.contains("absent"))
        #expect(throws: StringCatalogError.self) {
            try MessageCatalog(bytes: Array(text.utf8), source: "Lazy.xcstrings", languages: [.english])
        }
        let broken = Array(#"{"sourceLanguage":"en","strings":{"a":{"localizations":{"en":{"#.utf8)
        #expect(throws: StringCatalogError.self) { try MessageCatalog(bytes: broken, source: "Broken.xcstrings") }
    }

    @Test("a catalog in another source language is refused")
    func sourceLanguage() {
        #expect(throws: StringCatalogError.self) { try catalog(#"{"sourceLanguage":"de","strings":{}}"#) }
    }

    @Test("a program whose catalog is missing still shows every message, by key and with its values")
    func missingCatalog() {
        let lost = MessageCatalog.loading(nil, named: "Diagnostics.xcstrings")
        #expect(lost.problem?.description.contains("Diagnostics.xcstrings") == true)
        let diagnostics = Diagnostics(language: .german, catalog: lost)
        #expect(
            diagnostics.text("reason.unreachable.message", ["endpoint": "http://127.0.0.1:9"])
                == "reason.unreachable.message (endpoint: http://127.0.0.1:9)")
        #expect(diagnostics.text("reason.disabled.message") == "reason.disabled.message")
        let unreadable = MessageCatalog.loading(URL(fileURLWithPath: "/nonexistent/Diagnostics.xcstrings"), named: "x")
        #expect(unreadable.problem?.source == "/nonexistent/Diagnostics.xcstrings")
    }

    @Test("merging adds a program's keys to genui's and keeps the first problem")
    func merging() throws {
        let own = try catalog(#"{"sourceLanguage":"en","strings":{"a":{"localizations":{"en":\#(unit("A"))}}}}"#)
        let program = try catalog(#"{"sourceLanguage":"en","strings":{"b":{"localizations":{"de":\#(unit("B"))}}}}"#)
        let merged = own.merging(program)
        #expect(merged.template("a", language: .german) == "A")
        #expect(merged.template("b", language: .german) == "B")
        #expect(merged.messages(for: .pseudo)["a"] == PseudoLocale.transform("A"))
        #expect(own.merging(.loading(nil, named: "CLI.xcstrings")).problem != nil)
    }
}
