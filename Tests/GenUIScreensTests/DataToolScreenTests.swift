import Foundation
import GenUI
import GenUIOnDevice
import GenUIScreens
import GenUITestSupport
import Testing

/// Records from a file, offered to the model as a tool: facts from the tool, layout from the model.
@Suite("Screens whose facts come from a data file", .tags(.llamaServer), .serialized)
struct DataToolScreenTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/serie-b-standings.json")

    static func standings() throws -> RecordSet {
        try RecordSet(json: String(contentsOf: fixture, encoding: .utf8), title: "serie-b-standings.json")
    }

    @Test("a file holding one array of objects reads as records, named after the array")
    func readsRecords() throws {
        let records = try Self.standings()
        #expect(records.records.count == 12)
        #expect(records.title == "standings")
        #expect(records.fields == ["team", "played", "won", "drawn", "lost", "points"])
        #expect(records.numericFields == ["played", "won", "drawn", "lost", "points"])
    }

    @Test("text that is not a record set says why")
    func rejectsNonRecords() {
        #expect(throws: RecordSet.Problem.noRecords) { try RecordSet(json: #"{"a": 1}"#, title: "x") }
        #expect(throws: RecordSet.Problem.noRecords) { try RecordSet(json: "[1, 2]", title: "x") }
        #expect { try RecordSet(json: "{", title: "x") } throws: { error in
            if case RecordSet.Problem.notJSON = error { return true }
            return false
        }
    }

    @Test(
        "a ranked file's name field and ranking field are found: the first text field, the monotone numeric field with the most distinct values"
    )
    func namesAndRanking() throws {
        let records = try Self.standings()
        #expect(records.nameField == "team")
        #expect(records.rankingField == "points")
        let unranked = try RecordSet(
            json: #"[{"city":"Oslo","temp":3},{"city":"Rome","temp":18},{"city":"Bari","temp":9}]"#, title: "t")
        #expect(unranked.rankingField == nil)
    }

    @Test("the lookup tool answers with a standings component of the file's names and values, ranked as asked")
    func lookupSortsAndLimits() async throws {
        let tool = RecordLookupTool(records: try Self.standings())
        func rows(_ json: String) async throws -> [StandingRow] {
            let output = try await tool.call(arguments: RecordLookupTool.Arguments(GeneratedContent(json: json)))
            guard case .standings(_, let rows) = try UIComponent(GeneratedContent(json: output)) else { return [] }
            return rows.elements
        }
        #expect(
            try await rows(#"{"limit":3,"sortBy":"points"}"#) == [
                StandingRow(name: "Venezia", value: "76"), StandingRow(name: "Frosinone", value: "72"),
                StandingRow(name: "Monza", value: "71"),
            ])
        #expect(
            try await rows(#"{"limit":2,"sortBy":"lost"}"#) == [
                StandingRow(name: "Pescara", value: "18"), StandingRow(name: "Reggiana", value: "15"),
            ])
        #expect(
            try await rows(#"{"limit":2,"sortBy":"team"}"#) == [
                StandingRow(name: "Bari", value: "54"), StandingRow(name: "Catanzaro", value: "48"),
            ])
        #expect(
            try await rows(#"{"limit":2,"sortBy":"file order"}"#) == [
                StandingRow(name: "Venezia", value: "76"), StandingRow(name: "Frosinone", value: "72"),
            ])
        #expect(tool.parameters.firstViolation(in: try GeneratedContent(json: #"{"limit":3,"sortBy":"goals"}"#)) != nil)
        #expect(
            tool.parameters.firstViolation(in: try GeneratedContent(json: #"{"limit":13,"sortBy":"points"}"#)) != nil)
    }

    @Test(
        "the on-device model builds the standings from the tool: every team and point value on the screen is in the file",
        .enabled(if: OnDeviceScreenTests.enabled, "llama-server and SmolLM2 are not installed"))
    func onDeviceStandingsFromFile() async throws {
        try OnDeviceScreenTests.requireRuntime()
        let records = try Self.standings()
        var composer = ScreenComposer(model: OnDeviceScreenTests.model)
        composer.tools = [RecordLookupTool(records: records)]
        composer.schema = records.screenSchema()
        let composed = try await composer.compose("The Serie B table with the top six teams")
        #expect(composed.metadata.toolCalls.map(\.tool) == ["lookup_records"], "\(composed.metadata.toolCalls)")
        let fileValues = Self.valuesByTeam(records)
        var rows: [StandingRow] = []
        for section in composed.screen.sections {
            for component in section.components {
                if case .standings(_, let table) = component { rows += table.elements }
            }
        }
        #expect(!rows.isEmpty, "no standings in \(composed.screen)")
        for row in rows {
            let values = try #require(fileValues[row.name], "\(row.name) is not a team of the file")
            #expect(values.contains(row.value), "\(row.name): \(row.value) is not one of its values in the file")
        }
    }

    /// Each team's values in the file, as text ("76").
    static func valuesByTeam(_ records: RecordSet) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for record in records.records {
            let properties = record.orderedProperties ?? []
            guard case .string(let team)? = properties.first(where: { $0.key == "team" })?.value.kind else { continue }
            result[team] = Set(
                properties.compactMap { _, value in
                    if case .number(let number) = value.kind { return String(Int(number)) }
                    return nil
                })
        }
        return result
    }
}
