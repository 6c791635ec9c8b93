import Foundation
@_spi(Reading) import GenUI
import GenUITestSupport
import Testing

@Suite("JSON parsing and writing", .tags(.unit))
struct JSONParserTests {
    static let document = #"""
        {"title":"Sign in","sections":[{"title":"Account","components":[{"type":"field","label":"Email \"work\"","kind":"email"},{"type":"divider"},{"type":"toggle","label":"Remember me","isOn":true},{"type":"number","value":-12.5e2}]}],"meta":null,"emoji":"caf\u00e9 ☕️ 𝄞","count":3}
        """#

    @Test("object key order is kept through parse and write")
    func keepsKeyOrder() throws {
        let content = try GeneratedContent(json: #"{"z":1,"a":2,"m":[true,false,null]}"#)
        #expect(content.jsonString == #"{"z":1,"a":2,"m":[true,false,null]}"#)
        #expect(content.orderedProperties?.map(\.key) == ["z", "a", "m"])
    }

    @Test("escapes and non-ASCII text round-trip")
    func roundTripsText() throws {
        let content = try GeneratedContent(json: Self.document)
        let again = try GeneratedContent(json: content.jsonString)
        #expect(again == content)
        #expect(try content.value(String.self, forProperty: "emoji") == "café ☕️ 𝄞")
    }

    @Test("every prefix of a valid document parses in partial mode without throwing")
    func everyPrefixParses() throws {
        let text = Self.document
        var lastComplete: GeneratedContent?
        for end in text.indices + [text.endIndex] {
            let prefix = String(text[..<end])
            let partial = try JSONParser.parsePartial(prefix)
            if let partial, partial.isComplete { lastComplete = partial }
        }
        #expect(lastComplete == (try GeneratedContent(json: text)))
    }

    @Test("every UTF-8 byte prefix of a document with multi-byte characters parses in partial mode")
    func everyBytePrefixParses() throws {
        let bytes = Array(#"{"name":"naïve 日本語 🎉","list":["é","ü"]}"#.utf8)
        for end in 0...bytes.count {
            guard let prefix = String(validating: bytes[..<end], as: UTF8.self) else { continue }
            _ = try JSONParser.parsePartial(prefix)
        }
    }

    @Test("a partial object keeps finished properties and the unfinished string so far")
    func partialShape() throws {
        let partial = try #require(try JSONParser.parsePartial(#"{"title":"Sign in","sections":[{"title":"Acc"#))
        #expect(!partial.isComplete)
        #expect(try partial.value(String.self, forProperty: "title") == "Sign in")
        let sections = try partial.value(GeneratedContent.self, forProperty: "sections")
        let first = try #require(sections.elements?.first)
        #expect(try first.value(String.self, forProperty: "title") == "Acc")
    }

    @Test(
        "syntax errors name the line and column",
        arguments: [
            ("{\"a\":1,}", "line 1, column 8"),
            ("{\n  \"a\": tru\n}", "line 2, column 11"),
            ("[1 2]", "line 1, column 4"),
            ("{\"a\":1} x", "line 1, column 9"),
            ("\"unterminated", "unterminated string"),
            ("{\"a\":01}", "leading zero"),
            ("", "unexpected end of input"),
        ])
    func locatedSyntaxErrors(input: String, expected: String) throws {
        let error = try #require(throws: GenUIError.self) { try JSONParser.parse(input) }
        #expect(String(describing: error).contains(expected), "\(error)")
    }

    @Test("GeneratedContent(json:) accepts the beginning of a document as incomplete content and refuses the rest")
    func incompleteDocuments() throws {
        let prefix = try GeneratedContent(json: #"{"title":"Log"#)
        #expect(!prefix.isComplete)
        #expect(prefix.orderedProperties?.first?.key == "title")
        let unterminated = try GeneratedContent(json: "\"unterminated")
        #expect(!unterminated.isComplete)
        #expect(try GeneratedContent(json: #"{"a":1}"#).isComplete)
        for invalid in ["{\"a\":1,}", "[1 2]", "{\"a\":1} x", "", "{\"a\":01}", "hello"] {
            #expect(throws: GenUIError.self, "\(invalid)") { try GeneratedContent(json: invalid) }
        }
    }

    @Test("nesting beyond the depth limit is rejected, not a stack overflow")
    func depthLimit() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let error = try #require(throws: GenUIError.self) { try GeneratedContent(json: deep) }
        #expect(String(describing: error).contains("nesting deeper than the limit of 128"))
        let limits = JSONParser.Limits(maximumBytes: 1 << 20, maximumDepth: 3)
        #expect(throws: GenUIError.self) { try JSONParser.parse("[[[[1]]]]", limits: limits) }
        #expect(throws: Never.self) { try JSONParser.parse("[[[1]]]", limits: limits) }
    }

    @Test("input over the size limit is rejected before parsing")
    func sizeLimit() throws {
        let limits = JSONParser.Limits(maximumBytes: 16, maximumDepth: 8)
        let error = try #require(throws: GenUIError.self) {
            try JSONParser.parse(#"{"a":"0123456789abcdef"}"#, limits: limits)
        }
        #expect(String(describing: error).contains("over the limit of 16 bytes"))
    }

    @Test("duplicate keys are rejected on request and otherwise keep the last value")
    func duplicateKeys() throws {
        #expect(throws: GenUIError.self) { try JSONParser.parse(#"{"a":1,"a":2}"#, duplicateKeys: .reject) }
        let kept = try JSONParser.parse(#"{"a":1,"a":2}"#)
        #expect(try kept.value(Int.self, forProperty: "a") == 2)
        #expect(kept.orderedProperties?.count == 1)
    }

    @Test("numbers out of Double range and lone surrogates are errors")
    func badAtoms() {
        #expect(throws: GenUIError.self) { try GeneratedContent(json: "1e999") }
        #expect(throws: GenUIError.self) { try GeneratedContent(json: #""\ud800""#) }
    }

    @Test("control characters are escaped when written")
    func writesEscapes() {
        let content = GeneratedContent(kind: .string("a\u{01}\n\"b\"\\"))
        #expect(content.jsonString == #""a\u0001\n\"b\"\\""#)
    }

    @Test("every escape lands between the runs of text around it, whatever the text's length and script")
    func writesEscapesInRuns() throws {
        let text =
            "café\u{2028}☕️\t𝄞\u{1F}\u{7F}\u{2029}end\u{08}\u{0C}\r" + String(repeating: "ab", count: 50_000) + "\""
        let written = GeneratedContent(kind: .string(text)).jsonString
        #expect(
            written.hasPrefix(#""café\u2028☕️\t𝄞\u001f\#u{7F}\u2029end\b\f\rabab"#),
            "\(written.prefix(60))")
        #expect(written.hasSuffix(#"abab\"""#))
        #expect(try GeneratedContent(json: written).stringValue == text)
    }

    @Test("the JSON text, its UTF-8 bytes and its Data are the same, escapes and nesting included")
    func writesTheSameTextEveryWay() throws {
        let content = try GeneratedContent(
            json: #"{"a":[1,2.5,true,null,"x\ny"],"b":{"c":"\u2028\"q\"","d":""},"e":"café ☕️"}"#)
        let text = JSONWriter.write(content)
        #expect(text == #"{"a":[1,2.5,true,null,"x\ny"],"b":{"c":"\u2028\"q\"","d":""},"e":"café ☕️"}"#)
        #expect(JSONWriter.utf8(content) == Array(text.utf8))
        #expect(JSONWriter.data(content) == Data(text.utf8))
        #expect(JSONWriter.data(GeneratedContent(kind: .string(""))) == Data(#""""#.utf8))
    }

    @Test("a character that needs an escape is found at every offset of a long run, and its near misses are not")
    func escapesAtEveryOffset() throws {
        let escaped: [(Character, String)] = [
            ("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\u{01}", #"\u0001"#), ("\u{1F}", #"\u001f"#),
            ("\u{2028}", #"\u2028"#), ("\u{2029}", #"\u2029"#),
        ]
        // Bytes one away from those the writer escapes, and a character that starts like U+2028 (E2 81 87).
        let plain: [Character] = [" ", "!", "#", "[", "]", "\u{7F}", "\u{2047}", "\u{2027}", "\u{202A}", "é"]
        for offset in 0..<24 {
            let head = String(repeating: "x", count: offset)
            let tail = String(repeating: "y", count: 40)
            for (character, escape) in escaped {
                let text = head + String(character) + tail
                let written = GeneratedContent(kind: .string(text)).jsonString
                #expect(written == "\"" + head + escape + tail + "\"", "offset \(offset)")
                #expect(try GeneratedContent(json: written).stringValue == text)
            }
            for character in plain {
                let text = head + String(character) + tail
                #expect(GeneratedContent(kind: .string(text)).jsonString == "\"" + text + "\"", "offset \(offset)")
            }
        }
    }
}
