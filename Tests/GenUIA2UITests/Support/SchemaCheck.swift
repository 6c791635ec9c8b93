import Foundation
import GenUI
import Testing
import GenUITestSupport

/// Validates A2UI messages against the official v0.9 JSON Schemas with Python's `jsonschema` (a real Draft 2020-12
/// validator) run as a subprocess: server-to-client streams, or client-to-server messages (actions).
enum SchemaCheck {
    /// Why validation cannot run here, or `nil` when it can.
    static let unavailableReason: String? = {
        guard FileManager.default.fileExists(atPath: TestEnvironment.a2uiSchemas.appendingPathComponent("client_to_server.json").path) else {
            return "the A2UI v0.9 schemas are not at \(TestEnvironment.a2uiSchemas.path) (set GENUI_A2UI_SCHEMAS)"
        }
        guard let python = TestEnvironment.executable("python3") else { return "python3 is not installed" }
        guard let result = try? runProcess(python, ["-c", "import jsonschema, referencing"], timeout: 60), result.status == 0 else {
            return "the Python package jsonschema is not installed (pip install jsonschema)"
        }
        return nil
    }()

    /// Skips (outside CI) or fails (under CI) when validation cannot run; returns whether to go on.
    static func ready(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let reason = unavailableReason else { return true }
        if TestEnvironment.isCI {
            Issue.record("CI=true requires A2UI schema validation, but \(reason)", sourceLocation: sourceLocation)
        } else {
            print("Skipping A2UI schema validation: \(reason)")
        }
        return false
    }

    /// The schema errors of each line of `jsonl` against `schema` (`server_to_client.json` or `client_to_server.json`).
    static func errors(in jsonl: String, schema: String) throws -> [String] {
        let python = try #require(TestEnvironment.executable("python3"))
        let result = try runProcess(python, ["-c", script, TestEnvironment.a2uiSchemas.path, schema], stdin: jsonl)
        let lines = result.stdout.split(whereSeparator: \.isNewline).map(String.init)
        guard result.status == 0, lines.last?.hasPrefix("checked ") == true else {
            throw CheckFailure(message: "the validator did not finish: \(result.stdout)\(result.stderr)")
        }
        return Array(lines.dropLast())
    }

    struct CheckFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static let script = #"""
        import json, pathlib, sys
        from jsonschema import Draft202012Validator, FormatChecker
        from referencing import Registry, Resource
        base = pathlib.Path(sys.argv[1])
        load = lambda name: json.loads((base / name).read_text())
        target, common, catalog = load(sys.argv[2]), load("common_types.json"), load("catalog.json")
        resources = [(common["$id"], Resource.from_contents(common)),
            ("https://a2ui.org/specification/v0_9/catalog.json", Resource.from_contents(catalog)),
            (catalog["$id"], Resource.from_contents(catalog))]
        if "$id" in target:
            resources.append((target["$id"], Resource.from_contents(target)))
        registry = Registry().with_resources(resources)
        Draft202012Validator.check_schema(target)
        validator = Draft202012Validator(target, registry=registry, format_checker=FormatChecker())
        count = 0
        for number, line in enumerate(sys.stdin, 1):
            if not line.strip():
                continue
            count += 1
            for error in validator.iter_errors(json.loads(line)):
                print(f"line {number}: /{'/'.join(map(str, error.absolute_path))}: {error.message[:200]}")
        print(f"checked {count} messages")
        """#
}
