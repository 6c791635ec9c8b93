import Foundation
import GenUITestSupport
import Testing

@testable import GenUI

@Suite("DefensiveDecoder", .tags(.unit))
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
        let result = try decoder.decode(
            #"{"title":"A very long title","stars":2,"tags":["a",{"x":1},"b","c"],"extra":true}"#)
        #expect(result.content.jsonString == #"{"title":"A very lon","stars":2,"tags":["a","b"]}"#)
        #expect(result.repairs.contains("dropped invalid element /tags/1"))
        #expect(result.repairs.contains("truncated /tags to 2 elements"))
        #expect(result.repairs.contains("dropped undeclared property /extra"))
    }

    @Test("never invents a missing required property: the error names its path")
    func missingProperty() throws {
        #expect(throws: GenUIError.self) { try decoder.decode(#"{"title":"Hi","tags":[]}"#) }
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
        #expect(throws: GenUIError.self) { try small.decode(String(repeating: " ", count: 17)) }
        #expect(throws: GenUIError.self) { try decoder.decode("I cannot help with that.") }
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: GenUIError.self) { try decoder.decode(deep) }
    }
}

@Suite("Defensive decoder slicing", .tags(.unit))
struct DefensiveDecoderSlicingTests {
    @Test("a closing bracket before the opening one is not taken as its end")
    func closerBeforeOpener() {
        var repairs: [String] = []
        #expect(DefensiveDecoder.slice("} prose {\"a\":1", repairs: &repairs) == "{\"a\":1")
        #expect(DefensiveDecoder.slice("]] [1,2", repairs: &repairs) == "[1,2")
    }
}
