import Foundation
import GenUI
import Testing
import GenUITestSupport

/// Validates A2UI message streams against the official v0.9 JSON Schemas with Python's `jsonschema` (a real
/// Draft 2020-12 validator), run as a subprocess. The schemas are read from ``TestEnvironment/a2uiSchemas``.
enum A2UISchemaCheck {
    /// Why validation cannot run here, or `nil` when it can.
    static let unavailableReason: String? = {
        guard FileManager.default.fileExists(atPath: TestEnvironment.a2uiSchemas.appendingPathComponent("server_to_client.json").path) else {
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

    /// The schema errors of each line of `jsonl`; empty when every message validates.
    static func errors(in jsonl: String) throws -> [String] {
        let python = try #require(TestEnvironment.executable("python3"))
        let result = try runProcess(python, ["-c", script, TestEnvironment.a2uiSchemas.path], stdin: jsonl)
        guard result.status == 0 || result.status == 1 else {
            throw A2UICheckFailure(message: "the validator crashed (status \(result.status)): \(result.stderr)")
        }
        let lines = result.stdout.split(whereSeparator: \.isNewline).map(String.init)
        guard lines.last?.hasPrefix("checked ") == true else {
            throw A2UICheckFailure(message: "the validator did not finish: \(result.stdout)\(result.stderr)")
        }
        return Array(lines.dropLast())
    }

    struct A2UICheckFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Registers the three schemas (the catalog under the id server_to_client.json refers to, and its own) and
    /// validates each line; for a failing component it also reports the error against that component's own schema.
    static let script = #"""
        import json, pathlib, sys
        from jsonschema import Draft202012Validator
        from referencing import Registry, Resource
        base = pathlib.Path(sys.argv[1])
        load = lambda name: json.loads((base / name).read_text())
        s2c, common, catalog = load("server_to_client.json"), load("common_types.json"), load("catalog.json")
        registry = Registry().with_resources([
            (s2c["$id"], Resource.from_contents(s2c)),
            (common["$id"], Resource.from_contents(common)),
            ("https://a2ui.org/specification/v0_9/catalog.json", Resource.from_contents(catalog)),
            (catalog["$id"], Resource.from_contents(catalog)),
        ])
        Draft202012Validator.check_schema(s2c)
        validator = Draft202012Validator(s2c, registry=registry)
        count = 0
        for number, line in enumerate(sys.stdin, 1):
            if not line.strip():
                continue
            count += 1
            message = json.loads(line)
            for error in validator.iter_errors(message):
                print(f"line {number}: /{'/'.join(map(str, error.absolute_path))}: {error.message[:200]}")
                for component in message.get("updateComponents", {}).get("components", []):
                    kind = component.get("component")
                    if kind not in catalog["components"]:
                        print(f"  component {component.get('id')}: unknown component {kind!r}")
                        continue
                    single = Draft202012Validator({"$ref": catalog["$id"] + "#/components/" + kind}, registry=registry)
                    for detail in single.iter_errors(component):
                        print(f"  component {component.get('id')} ({kind}): {detail.message[:200]}")
        print(f"checked {count} messages")
        sys.exit(0)
        """#
}

/// Structural rules of an A2UI surface the schemas cannot express.
enum A2UIStructure {
    /// Problems with the stream's structure; empty when it is a well-formed single surface.
    static func problems(in jsonl: String) throws -> [String] {
        let messages = try jsonl.split(whereSeparator: \.isNewline).map { try GeneratedContent(json: String($0)) }
        var problems: [String] = []
        guard messages.count >= 2,
            let create = messages[0].orderedProperties?.first(where: { $0.key == "createSurface" })?.value,
            let update = messages[1].orderedProperties?.first(where: { $0.key == "updateComponents" })?.value
        else { return ["expected createSurface then updateComponents"] }
        let catalog = try create.value(String.self, forProperty: "catalogId")
        if catalog != "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json" {
            problems.append("catalogId is \(catalog)")
        }
        let components = try update.value([GeneratedContent].self, forProperty: "components")
        var byID: [String: GeneratedContent] = [:]
        for component in components {
            let id = try component.value(String.self, forProperty: "id")
            if byID.updateValue(component, forKey: id) != nil { problems.append("duplicate id \(id)") }
        }
        if byID["root"] == nil { problems.append("no component has the id root") }
        var referenced: [String: Int] = [:]
        for component in components {
            let id = try component.value(String.self, forProperty: "id")
            let kind = try component.value(String.self, forProperty: "component")
            var children = (try component.value([String]?.self, forProperty: "children")) ?? []
            if let child = try component.value(String?.self, forProperty: "child") { children.append(child) }
            for child in children {
                referenced[child, default: 0] += 1
                if byID[child] == nil { problems.append("\(id) refers to a missing component \(child)") }
            }
            if kind == "Button", let child = try component.value(String?.self, forProperty: "child") {
                let childKind = try byID[child].map { try $0.value(String.self, forProperty: "component") }
                if childKind != "Text" { problems.append("button \(id)'s child \(child) is not a Text") }
            }
        }
        for id in byID.keys where id != "root" && referenced[id] != 1 {
            problems.append("\(id) is referenced \(referenced[id] ?? 0) times; every component but root needs one parent")
        }
        if referenced["root"] != nil { problems.append("root has a parent") }
        return problems
    }
}
