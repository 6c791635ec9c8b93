import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

/// The round trip with the official Python agent SDK (PyPI `a2ui-agent-sdk`): its validator accepts genui's A2UI
/// export, and the streams its builder writes, in v0.9 and v0.9.1, render with no problem. Enabled when
/// `GENUI_A2UI_SDK_PYTHON` names a Python that has the SDK installed (for example a virtual environment made with
/// `python3 -m venv sdk && sdk/bin/pip install a2ui-agent-sdk`).
@Suite(
    "A2UI round trip with the agent SDK", .tags(.integration),
    .enabled(if: AgentSDK.python != nil, "GENUI_A2UI_SDK_PYTHON does not name a Python with a2ui-agent-sdk"))
struct A2UIAgentSDKRoundTripTests {
    @Test("genui's A2UI export of three screens passes the agent SDK's validator")
    func exportValidates() throws {
        let python = try #require(AgentSDK.python)
        let folder = try AgentSDK.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("providers.yml")
        try "version: 1\nproviders:\n  s:\n    type: scripted\n".write(to: config, atomically: true, encoding: .utf8)
        var files: [String] = []
        for (index, intent) in [
            "a sign-in form", "a contact form with name, email and a send button", "a settings page with toggles",
        ].enumerated() {
            let result = try CLI.run(
                ["generate", intent, "--config", config.path, "--format", "a2ui"],
                environment: CLI.inheritedEnvironment(["NO_COLOR": "1"]), timeout: 120)
            #expect(result.status == 0, "\(result.stderr)")
            let path = folder.appendingPathComponent("export-\(index).jsonl").path
            try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            files.append(path)
        }
        let result = try runProcess(python, ["-c", AgentSDK.validate] + files, stdin: "")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.split(separator: "\n").filter { $0.hasPrefix("valid ") }.count == files.count,
            "\(result.stdout)")
    }

    @Test("streams the agent SDK's builder writes, in v0.9 and v0.9.1, render with no problem")
    func sdkStreamsRender() throws {
        let python = try #require(AgentSDK.python)
        let folder = try AgentSDK.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let built = try runProcess(python, ["-c", AgentSDK.build, folder.path], stdin: "")
        #expect(built.status == 0, "\(built.stdout)\(built.stderr)")
        for version in ["v0.9", "v0.9.1"] {
            let stream = try String(contentsOf: folder.appendingPathComponent("sdk-\(version).jsonl"), encoding: .utf8)
            #expect(stream.contains(#""version": "\#(version)""#))
            let result = try renderA2UI(["-"], stdin: stream)
            #expect(result.status == 0, "\(version): \(result.stderr)")
            #expect(result.stderr == "")
            #expect(
                result.stdout.contains("Account Overview") && result.stdout.contains("active")
                    && result.stdout.contains("[ View Details ]"))
        }
    }
}

/// The agent SDK's Python and the scripts run with it.
enum AgentSDK {
    /// `GENUI_A2UI_SDK_PYTHON`, when it names an executable.
    static let python: String? = ProcessInfo.processInfo.environment["GENUI_A2UI_SDK_PYTHON"].flatMap {
        FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil
    }

    /// A new empty folder for one test.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "genui-a2ui-sdk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Validates each JSONL file named on the command line with the SDK's `validate_payload` and the basic catalog.
    static let validate = #"""
        import json, sys
        from a2ui.core.basic_catalog.v0_9 import BasicCatalog
        from a2ui.utils.validation import validate_payload
        catalog = BasicCatalog()
        for path in sys.argv[1:]:
            messages = [json.loads(line) for line in open(path) if line.strip()]
            validate_payload([catalog], messages)
            print("valid", path, len(messages))
        """#

    /// Builds a card with the SDK's builder and writes it as a stream of each version, checked by the SDK's own
    /// validator, into the folder named on the command line.
    static let build = #"""
        import json, sys
        from a2ui.builder.v0_9 import Action, ActionEvent, Button, Card, Column, DataBinding, Text
        from a2ui.core.schema.v0_9 import CreateSurface, CreateSurfaceMessage, UpdateComponents, UpdateComponentsMessage
        from a2ui.core.basic_catalog.v0_9 import BasicCatalog
        from a2ui.utils.validation import validate_payload
        tree = Card(id="root", child=Column(children=[
            Text(text="Account Overview", variant="h2"),
            Text(text=DataBinding(path="/user/status"), variant="caption"),
            Button(child=Text(text="View Details"), action=Action(event=ActionEvent(name="view_details", context={"accountId": "123"}))),
        ]))
        catalog_id = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"
        for version in ["v0.9", "v0.9.1"]:
            messages = [
                CreateSurfaceMessage(create_surface=CreateSurface(surface_id="surface_main", catalog_id=catalog_id)),
                UpdateComponentsMessage(update_components=UpdateComponents(surface_id="surface_main", components=tree.flatten())),
            ]
            lines = [message.model_dump(by_alias=True, exclude_none=True, mode="json") for message in messages]
            for line in lines:
                line["version"] = version
            lines.append({"version": version, "updateDataModel": {"surfaceId": "surface_main", "path": "/user", "value": {"status": "active"}}})
            validate_payload([BasicCatalog()], lines)
            with open(f"{sys.argv[1]}/sdk-{version}.jsonl", "w") as out:
                for line in lines:
                    out.write(json.dumps(line) + "\n")
        """#
}
