import Foundation
import GenUI
import GenUIScreens
import GenUITestSupport
import GenUITesting
import Testing

/// Which records an intent asks for, and the standings that show them as the file has them.
@Suite(.tags(.unit)) struct RecordSelectionTests {
    func names(_ intent: String, _ file: String = "serie-b-standings.json") throws -> [String] {
        let records = try RecordSet(json: ScreenIntentCorpus.recordFiles[file] ?? "", title: file)
        return RecordSelection.read(from: intent, records: records).rows(from: records).map(\.name)
    }

    @Test func theTopNOfARankedFileAreItsFirstNInItsOrder() throws {
        #expect(
            try names("The Serie B table with the top six teams and their points") == [
                "Venezia", "Frosinone", "Monza", "Palermo", "Cesena", "Modena",
            ])
    }

    @Test func withoutACountEveryRecordIsShown() throws {
        #expect(try names("All the teams in the league with their points").count == 12)
        #expect(try names("A list of the products with their prices", "products.json").count == 8)
    }

    @Test func mostAndBestRankLargestFirstByTheFieldTheyName() throws {
        #expect(try names("The three teams with the most wins") == ["Venezia", "Frosinone", "Monza"])
        #expect(
            try names("The five best rated products", "products.json") == [
                "Water Bottle", "Day Pack", "Trail Shoes", "Wool Socks", "Headlamp",
            ])
    }

    @Test func theRowsValueIsTheFieldTheIntentNamesAsTheFileWritesIt() throws {
        let records = try RecordSet(json: ScreenIntentCorpus.recordFiles["products.json"] ?? "", title: "products.json")
        let rows = RecordSelection.read(from: "A list of the products with their prices", records: records).rows(
            from: records)
        #expect(rows.first == StandingRow(name: "Trail Shoes", value: "89"))
    }

    @Test func moreRowsThanATableHoldsAreSplitIntoTablesInOrder() throws {
        let records = try RecordSet(
            json: ScreenIntentCorpus.recordFiles["serie-b-standings.json"] ?? "", title: "serie-b-standings.json")
        let outlined = OutlinedRecords(intent: "Every team and its points", records: records)
        let tables = outlined.standings.compactMap { component -> (String, [StandingRow])? in
            if case .standings(let title, let rows) = component { return (title.text, rows.elements) }
            return nil
        }
        #expect(tables.map(\.0) == ["Standings", "Standings 7–12"])
        #expect(tables.flatMap(\.1).map(\.name) == outlined.names)
        #expect(tables[0].1.first == StandingRow(name: "Venezia", value: "76"))
    }

    @Test func recordsReachTheScreenAsTheyAreAndTheModelWritesOnlyTheTitles() async throws {
        let records = try RecordSet(
            json: ScreenIntentCorpus.recordFiles["serie-b-standings.json"] ?? "", title: "serie-b-standings.json")
        let json = #"{"title":"Serie B","records":{"title":"Top six"}}"#
        var composer = ScreenComposer(model: try FixedAnswerModel(json: json, guided: true))
        composer.records = records
        let intent = "The Serie B table with the top six teams and their points"
        let schema = try #require(composer.request(for: intent).schema)
        #expect(schema.firstViolation(in: try GeneratedContent(json: json)) == nil)
        let composed = try await composer.compose(intent)
        #expect(composed.screen.title == "Serie B")
        guard case .standings(_, let rows)? = composed.screen.sections.first?.components.first else {
            Issue.record("no standings in \(composed.screen)")
            return
        }
        #expect(rows.elements.map(\.name) == ["Venezia", "Frosinone", "Monza", "Palermo", "Cesena", "Modena"])
        #expect(rows.elements.map(\.value) == ["76", "72", "71", "69", "65", "61"])
        #expect(composed.values.map(\.source) == Array(repeating: .data, count: 6))
    }
}
