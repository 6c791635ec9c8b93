import Foundation

/// Facts about the machine the tests run on.
public enum TestEnvironment {
    /// `true` under CI, where a missing tool is a failure instead of a skip.
    public static let isCI = ["true", "1", "yes"].contains(
        (ProcessInfo.processInfo.environment["CI"] ?? "").lowercased())

    /// The package's root directory.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The names of this process's threads as the system knows them (`/proc/self/task/*/comm`); empty where the
    /// system has no `/proc`.
    public static func threadNames() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// The folder holding the official A2UI v0.9 schemas and example stream, when `GENUI_A2UI_SCHEMAS` names one.
    ///
    /// They are not part of the repository: tests that need them run when the variable points at them (`.ci/run` sets
    /// it when the specification sits beside the clone) and are skipped, saying so, otherwise.
    public static let a2uiSchemas: URL? = {
        guard let path = ProcessInfo.processInfo.environment["GENUI_A2UI_SCHEMAS"], !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path)
    }()

    /// The official A2UI v0.9 example stream (`contact_form_example.jsonl`), when ``a2uiSchemas`` holds it.
    public static let a2uiOfficialExample: URL? = {
        guard let file = a2uiSchemas?.appendingPathComponent("contact_form_example.jsonl"),
            FileManager.default.fileExists(atPath: file.path)
        else { return nil }
        return file
    }()

    /// The full path of `tool` on PATH, if it is there.
    public static func executable(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
