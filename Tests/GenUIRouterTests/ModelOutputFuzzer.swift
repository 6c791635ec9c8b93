import Foundation
import GenUI

/// Generates the kinds of broken output models produce, for fuzzing ``DefensiveDecoder``. Each input starts from a
/// valid card and goes through one to three transformations of the kinds below.
struct ModelOutputFuzzer {
    /// A kind of damage.
    enum Damage: String, CaseIterable, Sendable {
        /// The output stops early, at any byte.
        case truncation
        /// Markdown code fences around it, tagged or not, sometimes unclosed.
        case fences
        /// Prose before and after it.
        case prose
        /// A value of the wrong type (a number as a string, an object for an array, null for a string).
        case wrongType
        /// Numbers out of any range: 400 digits, exponents past Double, negative zero.
        case hugeNumber
        /// Arrays and objects nested thousands deep.
        case deepNesting
        /// A string of 10 MB.
        case hugeString
        /// Bytes that are not UTF-8, decoded with replacement characters as providers decode them.
        case invalidUTF8
        /// The same property twice, with different values.
        case duplicateKeys
        /// Characters inserted, deleted or replaced at random.
        case mutation
    }

    /// The valid outputs the damage starts from.
    static let documents = [
        #"{"title":"Hi","stars":3,"tags":["a","b"],"note":"fine"}"#,
        #"{"title":"Weather","stars":5,"tags":[]}"#,
        #"{"title":"Ünïcødé ✓","stars":1,"tags":["日本","ça"],"note":"line\nbreak \"quoted\""}"#,
    ]

    /// How many inputs share one 10 MB string.
    static let hugeStringInterval = 2_000

    private var generator: SeededGenerator
    /// Inputs made so far.
    private var produced = 0
    /// Where in the current run of ``hugeStringInterval`` inputs the 10 MB string comes.
    private var hugeStringAt = 0

    /// Creates a fuzzer whose inputs follow from `seed`.
    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    /// The next input and the damage done to it. A 10 MB string comes exactly once in every 2,000 inputs, at a
    /// place drawn from the seed, so that a 100,000-input run stays within minutes and a run of 2,000 or more always
    /// has one.
    mutating func next() -> (text: String, damage: [Damage]) {
        if produced % Self.hugeStringInterval == 0 {
            hugeStringAt = Int.random(in: 0..<Self.hugeStringInterval, using: &generator)
        }
        let hugeString = produced % Self.hugeStringInterval == hugeStringAt
        produced += 1
        var text = Self.documents[Int.random(in: 0..<Self.documents.count, using: &generator)]
        var damage: [Damage] = []
        for round in 0..<Int.random(in: 1...3, using: &generator) {
            var kind = Damage.allCases.randomElement(using: &generator) ?? .mutation
            if kind == .hugeString { kind = .mutation }
            if hugeString, round == 0 { kind = .hugeString }
            text = apply(kind, to: text)
            damage.append(kind)
        }
        return (text, damage)
    }

    /// `text` with `damage` done to it.
    mutating func apply(_ damage: Damage, to text: String) -> String {
        switch damage {
        case .truncation:
            let scalars = Array(text.unicodeScalars)
            guard !scalars.isEmpty else { return text }
            var result = String.UnicodeScalarView()
            result.append(contentsOf: scalars.prefix(Int.random(in: 0..<scalars.count, using: &generator)))
            return String(result)
        case .fences:
            let tag = ["", "json", "JSON", "javascript"].randomElement(using: &generator) ?? ""
            let closing = Bool.random(using: &generator) ? "\n```" : ""
            return "```\(tag)\n\(text)\(closing)"
        case .prose:
            let before = ["Sure! Here is the card:\n", "I think this works: ", "Output:", "{note} braces in prose "]
            let after = ["\nLet me know if you need changes.", " Hope that helps! :-}", "", " ]"]
            return (before.randomElement(using: &generator) ?? "") + text
                + (after.randomElement(using: &generator) ?? "")
        case .wrongType:
            let replacements = [
                (#""stars":3"#, #""stars":"3""#), (#""stars":5"#, #""stars":"five""#), (#""stars":1"#, #""stars":[1]"#),
                (#""tags":["a","b"]"#, #""tags":{"a":"b"}"#), (#""tags":[]"#, #""tags":"none""#),
                (#""title":"Hi""#, #""title":42"#), (#""title":"Weather""#, #""title":null"#),
                (#""stars":3"#, #""stars":true"#),
            ]
            let (from, to) = replacements.randomElement(using: &generator) ?? replacements[0]
            return text.replacingOccurrences(of: from, with: to)
        case .hugeNumber:
            let numbers = [
                String(repeating: "9", count: 400), "1e400", "-1e400", "-0", "1e-400", "12345678901234567890",
                "3.000000000000000000001", "0.5e9999",
            ]
            let number = numbers.randomElement(using: &generator) ?? "1e400"
            return text.replacingOccurrences(of: #""stars":"#, with: #""stars":\#(number),"old_stars":"#)
        case .deepNesting:
            let depth = Int.random(in: 10...20_000, using: &generator)
            let (open, close) = Bool.random(using: &generator) ? ("[", "]") : (#"{"a":"#, "}")
            let nested = String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
            return text.replacingOccurrences(of: #""stars":"#, with: #""deep":\#(nested),"stars":"#)
        case .hugeString:
            return text.replacingOccurrences(
                of: #""tags":"#, with: #""note":"\#(String(repeating: "x", count: 10_000_000))","tags":"#)
        case .invalidUTF8:
            var bytes = Array(text.utf8)
            let invalid: [[UInt8]] = [
                [0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80],
            ]
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0...bytes.count, using: &generator)
                bytes.insert(contentsOf: invalid.randomElement(using: &generator) ?? [0xFF], at: position)
            }
            return String(decoding: bytes, as: UTF8.self)
        case .duplicateKeys:
            let duplicate = [#""stars":9,"#, #""title":"Second","#, #""tags":["x"],"#, #""stars":"2","#]
            let insertion = duplicate.randomElement(using: &generator) ?? duplicate[0]
            guard let brace = text.lastIndex(of: "}") else { return text }
            return text[..<brace] + "," + insertion.dropLast() + text[brace...]
        case .mutation:
            var characters = Array(text)
            let alphabet = Array(#"{}[]",:0123456789-.eE "\abtrufnl`"#)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                guard !characters.isEmpty else { break }
                let index = Int.random(in: 0..<characters.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: characters[index] = alphabet.randomElement(using: &generator) ?? " "
                case 1: characters.remove(at: index)
                default: characters.insert(alphabet.randomElement(using: &generator) ?? " ", at: index)
                }
            }
            return String(characters)
        }
    }
}
