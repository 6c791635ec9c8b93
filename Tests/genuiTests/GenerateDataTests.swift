import Foundation
import GenUITestSupport
import Testing

/// `genui generate --data FILE.json`: facts from the file through a tool, layout from the model.
@Suite("genui generate --data", .tags(.llamaServer), .serialized)
struct GenerateDataTests {
    static let standings = TestEnvironment.packageRoot.appendingPathComponent(
        "Tests/GenUIScreensTests/Fixtures/serie-b-standings.json")
    static let serverPath = OnDeviceRuntime.serverPath
    static let modelPath = OnDeviceRuntime.modelPath
    static let runtimeInstalled = OnDeviceRuntime.installed
    static let isCI = TestEnvironment.isCI

    /// A configuration whose only chain member is the on-device model.
    static func onDeviceConfig(in home: String) throws -> String {
        let path = URL(fileURLWithPath: home).appendingPathComponent("providers.yml").path
        try """
        version: 1
        chains:
          default: [on-device]
        providers:
          on-device: { type: llama.cpp, model: "\(modelPath)", binary: "\(serverPath)", context: 4096, threads: 1, timeout: 600s }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `genui generate` with `arguments` (the intent first) and the standings file, through the on-device model.
    static func generateOnDevice(_ arguments: [String]) throws -> ProcessResult {
        try CLI.requireBinary()
        try #require(runtimeInstalled, "llama-server or the model is missing (\(serverPath), \(modelPath))")
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let config = try onDeviceConfig(in: home)
        return try CLI.run(
            ["generate"] + arguments.prefix(1) + ["--data", standings.path, "--config", config] + arguments.dropFirst(),
            environment: CLI.freshEnvironment(home: home))
    }

    @Test(
        "by default the records the intent asks for reach the screen as the file has them: six rows, in order, with their points",
        .enabled(if: runtimeInstalled || isCI, "llama-server and SmolLM2 are not installed"))
    func recordsAsAsked() throws {
        let result = try Self.generateOnDevice([
            "The Serie B table with the top six teams and their points", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let screen = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let sections = try #require(screen?["sections"] as? [[String: Any]])
        let rows = sections.flatMap { $0["components"] as? [[String: Any]] ?? [] }
            .filter { $0["type"] as? String == "standings" }
            .flatMap { $0["rows"] as? [[String: String]] ?? [] }
        #expect(
            rows.map { $0["name"] ?? "" } == ["Venezia", "Frosinone", "Monza", "Palermo", "Cesena", "Modena"],
            "\(result.stdout)")
        #expect(rows.map { $0["value"] ?? "" } == ["76", "72", "71", "69", "65", "61"])
    }

    @Test(
        "composed freely, the model looks the records up through the tool and every team and point value on the screen is one of the file's",
        .enabled(if: runtimeInstalled || isCI, "llama-server and SmolLM2 are not installed"))
    func standingsFromFile() throws {
        let result = try Self.generateOnDevice(
            ["The Serie B table with the top six teams", "--composition", "free", "--format", "json", "-v"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("lookup_records"), "the -v block lists the tool call: \(result.stderr)")

        let file = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.standings)) as? [String: Any]
        let teams = try #require(file?["standings"] as? [[String: Any]])
        var valuesByTeam: [String: Set<String>] = [:]
        for team in teams {
            guard let name = team["team"] as? String else { continue }
            valuesByTeam[name] = Set(team.values.compactMap { ($0 as? NSNumber).map { "\($0.intValue)" } })
        }
        let screen = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let sections = try #require(screen?["sections"] as? [[String: Any]])
        var rows: [[String: Any]] = []
        for section in sections {
            for component in section["components"] as? [[String: Any]] ?? []
            where component["type"] as? String == "standings" {
                rows += component["rows"] as? [[String: Any]] ?? []
            }
        }
        #expect(!rows.isEmpty, "no standings table: \(result.stdout)")
        for row in rows {
            let name = try #require(row["name"] as? String)
            let value = try #require(row["value"] as? String)
            let values = try #require(valuesByTeam[name], "\(name) is not a team of the file")
            #expect(values.contains(value), "\(name): \(value) is not one of its values in the file")
        }
    }

    @Test(
        "a data file that holds no records is refused before any model is asked, in the user's language",
        arguments: [
            ("en", "holds no records"), ("de", "enthält keine Datensätze"), ("ja", "レコードがありません"),
        ])
    func noRecords(locale: String, message: String) throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let data = URL(fileURLWithPath: home).appendingPathComponent("empty.json")
        try #"{"note": "nothing here"}"#.write(to: data, atomically: true, encoding: .utf8)
        let result = try CLI.run(
            ["generate", "A table", "--data", data.path, "--locale", locale],
            environment: CLI.freshEnvironment(home: home))
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("a data file that is not JSON says where it breaks; a missing one is a file error")
    func badFiles() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let data = URL(fileURLWithPath: home).appendingPathComponent("broken.json")
        try "[{\"team\": \"Bari\",".write(to: data, atomically: true, encoding: .utf8)
        let broken = try CLI.run(
            ["generate", "A table", "--data", data.path], environment: CLI.freshEnvironment(home: home))
        #expect(broken.status == 64)
        #expect(broken.stderr.contains("is not JSON"), "\(broken.stderr)")
        let missing = try CLI.run(
            ["generate", "A table", "--data", home + "/absent.json"], environment: CLI.freshEnvironment(home: home))
        #expect(missing.status == 3)
        #expect(missing.stderr.contains("absent.json"), "\(missing.stderr)")
    }
}
