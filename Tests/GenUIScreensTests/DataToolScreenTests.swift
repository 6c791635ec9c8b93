import Foundation
import GenUI
import GenUIOnDevice
import GenUIScreens
import Testing

/// Records from a file, offered to the model as a tool: facts from the tool, layout from the model.
@Suite("Screens whose facts come from a data file", .serialized)
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

    @Test("the lookup tool sorts by the field asked for, numbers numerically, and returns the file's records")
    func lookupSortsAndLimits() async throws {
        let tool = RecordLookupTool(records: try Self.standings())
        let arguments = try RecordLookupTool.Arguments(GeneratedContent(json: #"{"sortBy":"points","descending":true,"limit":3}"#))
        let output = try await tool.call(arguments: arguments)
        #expect(output.split(separator: "\n").count == 3)
        #expect(output.hasPrefix(#"{"team":"Venezia""#))
        let teams = tool.select(arguments).compactMap { record -> String? in
            if case .string(let name)? = record.orderedProperties?.first?.value.kind { return name }
            return nil
        }
        #expect(teams == ["Venezia", "Frosinone", "Monza"])
        let ascending = try RecordLookupTool.Arguments(GeneratedContent(json: #"{"sortBy":"team","descending":false,"limit":2}"#))
        #expect(tool.select(ascending).map { $0.orderedProperties?.first?.value } == [
            GeneratedContent(kind: .string("Bari")), GeneratedContent(kind: .string("Catanzaro")),
        ])
        #expect(tool.parameters.firstViolation(in: try GeneratedContent(json: #"{"sortBy":"goals","descending":true,"limit":3}"#)) != nil)
    }

    @Test("the on-device model builds the standings from the tool: every team and point value on the screen is in the file",
          .enabled(if: OnDeviceScreenTests.enabled, "llama-server and SmolLM2 are not installed"))
    func onDeviceStandingsFromFile() async throws {
        try OnDeviceScreenTests.requireRuntime()
        let records = try Self.standings()
        var composer = ScreenComposer(model: OnDeviceScreenTests.model)
        composer.tools = [RecordLookupTool(records: records)]
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
            result[team] = Set(properties.compactMap { _, value in
                if case .number(let number) = value.kind { return String(Int(number)) }
                return nil
            })
        }
        return result
    }
}
