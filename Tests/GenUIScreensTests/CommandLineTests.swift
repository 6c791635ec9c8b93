import Foundation
import GenUI
import GenUIScreens
import GenUITestSupport
import Testing

/// Runs the real `genui` executable (built next to the test bundle) as a subprocess.
@Suite("genui generate and render", .tags(.integration))
struct CommandLineTests {
    static func genui(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
        guard CLI.isBuilt else {
            if TestEnvironment.isCI { Issue.record("CI=true requires the genui executable next to the tests") }
            throw SkipMissingBinary()
        }
        return try CLI.run(
            arguments, environment: CLI.inheritedEnvironment(["GENUI_CONFIG": scriptedConfiguration]),
            directory: FileManager.default.currentDirectoryPath, stdin: stdin.map(ProcessInput.text), timeout: 120)
    }

    /// These tests are about the command line, not a model: they compose with the scripted provider alone, so the
    /// output is deterministic and no server starts. (Screens from the real model are tested in
    /// OnDeviceScreenTests.)
    static let scriptedConfiguration: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "genui-cli-scripted-\(UUID().uuidString).yml"
        ).path
        try? "version: 1\nchains:\n  default: [scripted]\nproviders:\n  scripted: { type: scripted }\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }()

    struct SkipMissingBinary: Error {}

    static let enabled = CLI.isBuilt || TestEnvironment.isCI
    let login = "A login form with username and password fields and Login and Register buttons"

    @Test(
        "generate prints a text screen on stdout and nothing on stderr by default",
        .enabled(if: enabled, "genui is not built"))
    func generateText() throws {
        let result = try Self.genui(["generate", login])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("╔"))
        #expect(!result.stdout.contains("\u{1B}["), "no colours when stdout is not a terminal")
        #expect(result.stderr.isEmpty)
    }

    @Test(
        "generate --format json writes a screen that render reads back into every format",
        .enabled(if: enabled, "genui is not built"))
    func jsonRoundTrip() throws {
        let generated = try Self.genui(["generate", login, "--format", "json"])
        #expect(generated.status == 0)
        let screen = try ScreenDocument.read(json: generated.stdout)
        for format in ["text", "html", "a2ui", "json"] {
            let rendered = try Self.genui(["render", "-", "--format", format], stdin: generated.stdout)
            #expect(rendered.status == 0, "\(format): \(rendered.stderr)")
            switch format {
            case "html": #expect(rendered.stdout == HTMLRenderer().render(screen))
            case "a2ui": #expect(rendered.stdout == A2UIRenderer().render(screen))
            case "json": #expect(rendered.stdout == generated.stdout)
            default: #expect(rendered.stdout == TerminalRenderer().render(screen))
            }
        }
    }

    @Test(
        "the same intent gives the same screen (greedy); --out writes the file and leaves no temporary file",
        .enabled(if: enabled, "genui is not built"))
    func outFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("genui-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("screen.html").path
        let result = try Self.genui(["generate", login, "--format", "html", "--out", path])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let first = try String(contentsOfFile: path, encoding: .utf8)
        #expect(first.hasPrefix("<!DOCTYPE html>"))
        _ = try Self.genui(["generate", login, "--format", "html", "--out", path])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["screen.html"])
    }

    @Test(
        "-v prints the provider, tokens and repairs to stderr, never to stdout",
        .enabled(if: enabled, "genui is not built"))
    func verbose() throws {
        let result = try Self.genui(["generate", login, "-v", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("served by scripted"))
        #expect(result.stderr.contains("tokens"))
        #expect(result.stderr.contains("repairs"))
        #expect(try ScreenDocument.read(json: result.stdout).title.isEmpty == false)
    }

    @Test("render reports an invalid screen with its path and exit code 4", .enabled(if: enabled, "genui is not built"))
    func renderInvalid() throws {
        let json =
            #"{"title":"T","sections":[{"title":"A","components":[{"type":"heading","text":"x"}]},{"title":"B","components":[{"type":"button","label":"  ","style":"primary"}]}]}"#
        let result = try Self.genui(["render", "-"], stdin: json)
        #expect(result.status == 4)
        #expect(result.stderr.contains("sections[1].components[0].label"))
        #expect(result.stdout.isEmpty)
    }

    @Test("bad arguments and missing files have their own exit codes", .enabled(if: enabled, "genui is not built"))
    func exitCodes() throws {
        #expect(try Self.genui(["generate", login, "--temperature", "3"]).status == 64)
        #expect(try Self.genui(["generate", "   "]).status == 64)
        #expect(try Self.genui(["generate", login, "--format", "pdf"]).status == 64)
        let missing = try Self.genui(["render", "/nonexistent/screen.json"])
        #expect(missing.status == 3)
        #expect(missing.stderr.contains("no such file"))
        #expect(try Self.genui(["generate", login, "--out", "/nonexistent/dir/x.html"]).status == 3)
    }
}
