import Foundation
import GenUI
import GenUITestSupport
import Testing

/// Feeds the JSON parser generated hostile input: it must never crash or hang, and every rejection must be a
/// located decoding failure. `GENUI_FUZZ_COUNT` raises the number of inputs (`make fuzz` runs 100,000).
@Suite("JSON parser fuzzing", .tags(.unit))
struct JSONParserFuzzTests {
    static var count: Int { ProcessInfo.processInfo.environment["GENUI_FUZZ_COUNT"].flatMap(Int.init) ?? 5_000 }

    static let seeds = [
        #"{"title":"Sign in","sections":[{"title":"Account","components":[{"type":"field","label":"Email","kind":"email"},{"type":"divider"}]}]}"#,
        #"[1,-2.5e3,true,false,null,"a\"b\\c\u00e9",{"k":[{}]}]"#,
        #"{"a":{"b":{"c":{"d":[1,2,{"e":"f"}]}}}}"#,
    ]

    @Test("mutated documents parse or fail with a located error, in strict and partial mode")
    func mutatedDocuments() throws {
        var rng = SeededGenerator(seed: 2026)
        var accepted = 0
        var rejected = 0
        for iteration in 0..<Self.count {
            let input = Self.mutate(Self.seeds[iteration % Self.seeds.count], using: &rng)
            do {
                let content = try JSONParser.parse(input)
                // Whatever parses writes back to JSON that parses to the same value.
                #expect(try GeneratedContent(json: content.jsonString) == content)
                accepted += 1
            } catch {
                guard case .decodingFailure(_, let details, _) = error else {
                    Issue.record("unexpected error kind \(error.code) for \(input.debugDescription)")
                    return
                }
                #expect(details.contains("line") || details.contains("limit"), "\(details)")
                rejected += 1
            }
            _ = try? JSONParser.parsePartial(input)
        }
        #expect(accepted > 0 && rejected > 0)
    }

    @Test("invalid UTF-8, huge numbers, deep nesting and a 10 MB string are handled within the limits")
    func extremes() throws {
        let invalidUTF8 = String(decoding: [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D], as: UTF8.self)
        // Decoding repairs invalid bytes to U+FFFD, so the document is valid JSON with a replacement character.
        #expect(try JSONParser.parse(invalidUTF8).value(String.self, forProperty: "a").contains("\u{FFFD}"))
        #expect(throws: GenUIError.self) { try JSONParser.parse("[" + String(repeating: "9", count: 400) + "]") }
        #expect(throws: GenUIError.self) { try JSONParser.parse(String(repeating: "{\"a\":", count: 5_000)) }
        let tenMegabytes = "\"" + String(repeating: "x", count: 10 << 20) + "\""
        #expect(try JSONParser.parse(tenMegabytes).jsonString.utf8.count == tenMegabytes.utf8.count)
        let overLimit = JSONParser.Limits(maximumBytes: 1 << 20, maximumDepth: 32)
        #expect(throws: GenUIError.self) { try JSONParser.parse(tenMegabytes, limits: overLimit) }
    }

    /// One random mutation of `seed`: truncation, insertion, deletion, duplication or byte noise.
    static func mutate(_ seed: String, using rng: inout SeededGenerator) -> String {
        var scalars = Array(seed.unicodeScalars)
        let noise: [Unicode.Scalar] = [
            "{", "}", "[", "]", ",", ":", "\"", "\\", "-", "e", "0", "9", " ", "\n", "n", "t", "\u{0}", "\u{FFFD}", "é",
        ]
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            guard !scalars.isEmpty else { break }
            let position = Int.random(in: 0..<scalars.count, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: scalars.removeSubrange(position...)
            case 1: scalars.insert(noise.randomElement(using: &rng) ?? "x", at: position)
            case 2: scalars.remove(at: position)
            case 3:
                let end = min(scalars.count, position + Int.random(in: 1...12, using: &rng))
                scalars.insert(contentsOf: scalars[position..<end], at: position)
            default: scalars[position] = noise.randomElement(using: &rng) ?? "x"
            }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }
}
