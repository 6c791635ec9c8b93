import Foundation
import GenUITestSupport
import Testing

/// Each exit code means one thing in every command (docs/exit-status.md): a configuration error is 2 and an invalid
/// screen is 4, whichever command meets it, and each command's --help lists the codes it uses.
@Suite("exit status: one meaning per code", .tags(.integration))
struct ExitStatusTests {
    @Test("a configuration error ends generate with 2, an invalid screen ends render with 4")
    func configurationAndInvalidScreenDiffer() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let config = home + "/providers.yml"
        try "version: 1\nproviders:\n  broken: { type: nonsense }\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        let environment = CLI.freshEnvironment(home: home)

        let generate = try CLI.run(["generate", "A login form", "--config", config], environment: environment)
        #expect(generate.status == 2, "\(generate.stderr)")
        #expect(generate.stderr.contains("providers.yml:3:"), "\(generate.stderr)")
        let doctor = try CLI.run(["doctor", "--config", config], environment: environment)
        #expect(doctor.status == 2, "\(doctor.stderr)")

        let screen = home + "/screen.json"
        try #"{"title":"T","sections":[{"title":"A","components":[{"type":"button","label":"  ","style":"primary"}]}]}"#
            .write(toFile: screen, atomically: true, encoding: .utf8)
        let render = try CLI.run(["render", screen], environment: environment)
        #expect(render.status == 4, "\(render.stderr)")
        #expect(render.stderr.contains("sections[0].components[0].label"), "\(render.stderr)")
    }

    @Test(
        "each command's --help names the codes it ends with",
        arguments: [
            (["doctor"], ["0", "1", "2", "64"]),
            (["config", "check"], ["0", "2"]),
            (["generate"], ["0", "1", "2", "3", "4", "64"]),
            (["render"], ["0", "3", "4", "64"]),
            (["models", "list"], ["0", "2"]),
            (["models", "pull"], ["0", "1", "2", "64", "130"]),
            (["models", "rm"], ["0", "1", "2"]),
            (["models", "verify"], ["0", "1", "2"]),
        ])
    func helpListsCodes(_ command: [String], _ codes: [String]) throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let help = try CLI.run(command + ["--help"], environment: CLI.freshEnvironment(home: home))
        #expect(help.status == 0, "\(help.stderr)")
        let text = help.stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        let section = try #require(text.range(of: "Exit ").map { String(text[$0.lowerBound...]) }, "\(help.stdout)")
        for code in codes {
            #expect(
                section.contains(" \(code) ") || section.contains(": \(code) "),
                "\(command) --help lacks \(code): \(section)")
        }
        #expect(!section.contains(" 2 the screen") && !section.contains(" 2 the output"), "\(section)")
    }
}
