import Foundation
@testable import GenUI
import Testing

@Suite("DefensiveDecoder")
struct DefensiveDecoderTests {
    let decoder = DefensiveDecoder(schema: cardSchema)

    @Test("strips fences and prose and keeps the outermost object")
    func fencesAndProse() throws {
        let result = try decoder.decode("Here you go:\n```json\n{\"title\":\"Hi\",\"stars\":3,\"tags\":[]}\n```\nBye")
        #expect(result.content.jsonString == #"{"title":"Hi","stars":3,"tags":[]}"#)
        #expect(result.repairs.contains("stripped code fence"))
        let prose = try decoder.decode("Sure. {\"title\":\"Hi\",\"stars\":3,\"tags\":[\"{x}\"]} Hope that helps!")
        #expect(prose.repairs == ["dropped text around the JSON value"])
    }

    @Test("coerces numeric strings, rounds integers and clamps into guide ranges")
    func numbers() throws {
        let result = try decoder.decode(#"{"title":"Hi","stars":"0.6","tags":[]}"#)
        #expect(result.content.jsonString == #"{"title":"Hi","stars":1,"tags":[]}"#)
        #expect(result.repairs == ["coerced /stars to a number", "rounded /stars to an integer"])
        let high = try decoder.decode(#"{"title":"Hi","stars":12,"tags":[]}"#)
        #expect(high.repairs == ["clamped /stars to 5"])
    }

    @Test("truncates long strings and arrays and drops invalid elements and undeclared properties")
    func truncation() throws {
        let result = try decoder.decode(#"{"title":"A very long title","stars":2,"tags":["a",{"x":1},"b","c"],"extra":true}"#)
        #expect(result.content.jsonString == #"{"title":"A very lon","stars":2,"tags":["a","b"]}"#)
        #expect(result.repairs.contains("dropped invalid element /tags/1"))
        #expect(result.repairs.contains("truncated /tags to 2 elements"))
        #expect(result.repairs.contains("dropped undeclared property /extra"))
    }

    @Test("never invents a missing required property: the error names its path")
    func missingProperty() throws {
        #expect(throws: LanguageModelError.self) { try decoder.decode(#"{"title":"Hi","tags":[]}"#) }
        do {
            _ = try decoder.decode(#"{"title":"Hi","tags":[]}"#)
        } catch {
            #expect(error.code == "decodingFailure")
            #expect("\(error)".contains("stars"))
        }
    }

    @Test("rejects input over the size limit and text without JSON")
    func limits() throws {
        let small = DefensiveDecoder(schema: cardSchema, limits: .init(maximumBytes: 16, maximumDepth: 8))
        #expect(throws: LanguageModelError.self) { try small.decode(String(repeating: " ", count: 17)) }
        #expect(throws: LanguageModelError.self) { try decoder.decode("I cannot help with that.") }
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: LanguageModelError.self) { try decoder.decode(deep) }
    }

    /// `GENUI_FUZZ_COUNT` raises the number of inputs (`make fuzz` runs 100,000); `GENUI_FUZZ_SEED` picks the
    /// sequence (each run otherwise uses a new one, printed so a failure can be replayed).
    @Test("fuzzed model output never crashes the decoder")
    func fuzz() {
        let seedText = #"Sure: ```json {"title":"Hi","stars":"3","tags":["a","b"],"note":null} ``` ok"#
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["GENUI_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        print("defensive decoder fuzz seed: \(seed) (replay with GENUI_FUZZ_SEED=\(seed))")
        var generator = SeededGenerator(seed: seed)
        let count = environment["GENUI_FUZZ_COUNT"].flatMap(Int.init) ?? 2000
        let alphabet = Array(#"{}[]",:0123456789-.eE "\abtrufnl`"#)
        var bytes = Array(seedText)
        for _ in 0..<count {
            var mutated = bytes
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<mutated.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: mutated[index] = alphabet.randomElement(using: &generator) ?? " "
                case 1: mutated.remove(at: index)
                default: mutated.insert(alphabet.randomElement(using: &generator) ?? " ", at: index)
                }
                if mutated.isEmpty { mutated = bytes }
            }
            _ = try? decoder.decode(String(mutated))
            if Bool.random(using: &generator) { bytes = mutated.isEmpty ? bytes : bytes }
        }
    }
}

@Suite("Defensive decoder slicing")
struct DefensiveDecoderSlicingTests {
    @Test("a closing bracket before the opening one is not taken as its end")
    func closerBeforeOpener() {
        var repairs: [String] = []
        #expect(DefensiveDecoder.slice("} prose {\"a\":1", repairs: &repairs) == "{\"a\":1")
        #expect(DefensiveDecoder.slice("]] [1,2", repairs: &repairs) == "[1,2")
    }
}
