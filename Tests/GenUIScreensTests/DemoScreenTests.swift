import Foundation
import GenUI
import GenUIScreens
import GenUITestSupport
import Testing

/// The screen `make demo` shows first: its login intent through the real `genui` and the embedded default
/// (SmolLM2-135M in llama-server), greedy.
@Suite("The demo's login screen from the on-device model", .tags(.llamaServer), .serialized)
struct DemoScreenTests {
    static let intent = "A login form with username and password fields and Login and Register buttons"

    static func generate(_ arguments: [String]) throws -> ProcessResult {
        try OnDeviceScreenTests.requireRuntime()
        guard CLI.isBuilt else {
            Issue.record("the genui executable is not built")
            throw CommandLineTests.SkipMissingBinary()
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("genui-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("providers.yml").path
        try """
        version: 1
        chains:
          default: [on-device]
        providers:
          on-device: { type: llama.cpp, model: "\(OnDeviceScreenTests.modelPath)", binary: "\(OnDeviceScreenTests.serverPath)", context: 4096, threads: 1 }
        """.write(toFile: config, atomically: true, encoding: .utf8)
        return try CLI.run(
            ["generate", intent] + arguments,
            environment: CLI.inheritedEnvironment(["GENUI_CONFIG": config, "LC_ALL": "C"]),
            directory: FileManager.default.currentDirectoryPath, timeout: 900)
    }

    @Test(
        "the login intent gives two fields, the password one secure, and two distinct buttons; -v names the outline",
        .enabled(
            if: OnDeviceScreenTests.enabled && CommandLineTests.enabled, "llama-server, SmolLM2 or genui is missing"))
    func loginScreenShowsWhatTheIntentNames() throws {
        let result = try Self.generate(["--format", "json", "-v"])
        #expect(result.status == 0, "\(result.stderr)")
        let screen = try ScreenDocument.read(json: result.stdout)
        let components = screen.sections.flatMap(\.components)
        let fields = components.compactMap {
            if case .field(let label, _, let kind) = $0 { (label.text, kind) } else { nil }
        }
        let buttons = components.compactMap { if case .button(let label, _) = $0 { label.text } else { nil } }
        #expect(fields.map(\.0) == ["Username", "Password"])
        #expect(fields.filter { $0.1 == .secure }.map(\.0) == ["Password"])
        #expect(buttons == ["Login", "Register"])
        #expect(
            result.stderr.contains(
                "outline read from the intent, each shown once: field “Username”, field “Password”, button “Login”, button “Register”"
            ))
    }

    @Test(
        "--composition free composes without the outline and says so under -v",
        .enabled(
            if: OnDeviceScreenTests.enabled && CommandLineTests.enabled, "llama-server, SmolLM2 or genui is missing"))
    func freeCompositionIsNamed() throws {
        let result = try Self.generate(["--composition", "free", "--format", "json", "-v"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("composed freely (--composition free)"))
        #expect(!result.stderr.contains("outline read from the intent"))
    }
}
