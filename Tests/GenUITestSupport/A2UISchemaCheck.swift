import Foundation
import Testing

/// Validates A2UI messages against the official v0.9 JSON Schemas with Python's `jsonschema` (a real Draft 2020-12
/// validator, formats checked) run as a subprocess: server-to-client streams, or client-to-server messages (actions).
/// The schemas are read from ``TestEnvironment/a2uiSchemas``.
public enum A2UISchemaCheck {
    /// The schema of server-to-client messages (surfaces and their components).
    public static let serverToClient = "server_to_client.json"
    /// The schema of client-to-server messages (actions).
    public static let clientToServer = "client_to_server.json"

    /// Why validation cannot run here, or `nil` when it can.
    public static let unavailableReason: String? = {
        guard let folder = TestEnvironment.a2uiSchemas else {
            return "GENUI_A2UI_SCHEMAS does not name the folder of the official A2UI v0.9 schemas"
        }
        for schema in [serverToClient, clientToServer, "common_types.json", "catalog.json"]
        where !FileManager.default.fileExists(atPath: folder.appendingPathComponent(schema).path) {
            return "the A2UI v0.9 schemas are not at \(folder.path) (GENUI_A2UI_SCHEMAS)"
        }
        guard let python = TestEnvironment.executable("python3") else { return "python3 is not installed" }
        guard let result = try? runProcess(python, ["-c", "import jsonschema, referencing"], timeout: 60),
            result.status == 0
        else {
            return "the Python package jsonschema is not installed (pip install jsonschema)"
        }
        return nil
    }()

    /// Skips (outside CI) or fails (under CI) when validation cannot run; returns whether to go on.
    public static func ready(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let reason = unavailableReason else { return true }
        if TestEnvironment.isCI {
            Issue.record("CI=true requires A2UI schema validation, but \(reason)", sourceLocation: sourceLocation)
        } else {
            print("Skipping A2UI schema validation: \(reason)")
        }
        return false
    }

    /// The schema errors of each line of `jsonl` against `schema` (``serverToClient`` or ``clientToServer``); empty
    /// when every message validates. A failing server-to-client component is also checked against its own schema.
    public static func errors(in jsonl: String, schema: String = serverToClient) throws -> [String] {
        guard let python = TestEnvironment.executable("python3") else {
            throw CheckFailure(message: "python3 is missing")
        }
        guard let folder = TestEnvironment.a2uiSchemas else {
            throw CheckFailure(message: "GENUI_A2UI_SCHEMAS is not set")
        }
        let result = try runProcess(python, ["-c", script, folder.path, schema], stdin: jsonl)
        guard result.status == 0 else {
            throw CheckFailure(message: "the validator failed (status \(result.status)): \(result.stderr)")
        }
        let lines = result.stdout.split(separator: "\n").map(String.init)
        guard lines.last?.hasPrefix("checked ") == true else {
            throw CheckFailure(message: "the validator did not finish: \(result.stdout)\(result.stderr)")
        }
        return Array(lines.dropLast())
    }

    /// Validation could not run to the end.
    public struct CheckFailure: Error, CustomStringConvertible {
        /// What went wrong.
        public var message: String
        /// The message.
        public var description: String { message }
    }

    /// Registers the schemas (the catalog also under the id the message schemas refer to) and validates each line;
    /// for a failing component it also reports the error against that component's own schema.
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
            message = json.loads(line)
            for error in validator.iter_errors(message):
                print(f"line {number}: /{'/'.join(map(str, error.absolute_path))}: {error.message[:200]}")
                components = message.get("updateComponents", {}).get("components", []) if isinstance(message, dict) else []
                for component in components:
                    kind = component.get("component")
                    if kind not in catalog["components"]:
                        print(f"  component {component.get('id')}: unknown component {kind!r}")
                        continue
                    single = Draft202012Validator({"$ref": catalog["$id"] + "#/components/" + kind}, registry=registry)
                    for detail in single.iter_errors(component):
                        print(f"  component {component.get('id')} ({kind}): {detail.message[:200]}")
        print(f"checked {count} messages")
        """#
}
