import Foundation
import Testing

/// Checks a `genui doctor --json` document against the schema documented in docs/doctor.md (genui.doctor/1).
enum DoctorSchema {
    struct Violation: Error, CustomStringConvertible {
        var description: String
    }

    static let statuses: Set<String> = ["available", "caveat", "unavailable", "pending", "crashed"]
    static let marks: [String: String] = [
        "available": "✓", "caveat": "!", "unavailable": "✗", "pending": "…", "crashed": "‼",
    ]

    static func validate(_ document: [String: Any]) throws {
        try require(document["schema"] as? String == "genui.doctor/1", "schema must be genui.doctor/1")
        try require(document["locale"] is String, "locale must be a string")
        try require(document["exitCode"] is Int, "exitCode must be an integer")
        try require([0, 1, 2].contains(document["exitCode"] as? Int ?? -1), "exitCode must be 0, 1 or 2")
        try require(
            (document["requiredCapabilities"] as? [Any])?.allSatisfy { $0 is String } == true,
            "requiredCapabilities must be strings")
        let simulated = try array(document["simulated"], "simulated")
        for entry in simulated {
            try require(
                entry["provider"] is String && entry["failure"] is String, "simulated entries need provider and failure"
            )
        }
        let configuration = try require(document["configuration"] as? [String: Any], "configuration must be an object")
        for key in ["source", "origin"] {
            try require(configuration[key] is String, "configuration.\(key) must be a string")
        }
        for entry in try array(configuration["searched"], "configuration.searched") {
            try require(entry["path"] is String && entry["found"] is Bool, "searched entries need path and found")
        }
        for key in ["warnings", "errors"] {
            for issue in try array(configuration[key], "configuration.\(key)") {
                try require(
                    issue["file"] is String && issue["line"] is Int && issue["column"] is Int
                        && issue["keyPath"] is String && issue["message"] is String,
                    "configuration.\(key) entries are located issues")
            }
        }
        for provider in try array(document["providers"], "providers") {
            let name = provider["name"] as? String ?? "?"
            for key in ["name", "type", "status", "mark", "message"] {
                try require(provider[key] is String, "providers[\(name)].\(key) must be a string")
            }
            let status = provider["status"] as? String ?? ""
            try require(statuses.contains(status), "providers[\(name)].status '\(status)' is not a documented status")
            try require(marks[status] == provider["mark"] as? String, "providers[\(name)].mark must match its status")
            try require(
                provider["durationSeconds"] is Double || provider["durationSeconds"] is Int,
                "durationSeconds must be a number")
            for key in ["capabilities", "missingCapabilities"] {
                try require(
                    (provider[key] as? [Any])?.allSatisfy { $0 is String } == true,
                    "providers[\(name)].\(key) must be strings")
            }
            for fact in try array(provider["facts"], "providers[\(name)].facts") {
                try require(fact["kind"] is String && fact["text"] is String, "facts need kind and text")
            }
            if let reason = provider["reason"] {
                try require(
                    (reason as? [String: Any])?["reason"] is String, "providers[\(name)].reason needs a reason code")
            }
            try require(
                (status == "unavailable") == (provider["reason"] != nil),
                "providers[\(name)]: a reason exactly when unavailable")
            if let secret = provider["secret"] as? [String: Any] {
                try require(
                    secret["environmentVariable"] is String && secret["isSet"] is Bool,
                    "secret is a variable name and a flag")
                try require(secret.count == 2, "secret carries nothing but the variable's name and whether it is set")
            }
        }
        for chain in try array(document["chains"], "chains") {
            let name = chain["name"] as? String ?? "?"
            try require(chain["name"] is String && chain["message"] is String, "chains[\(name)] needs name and message")
            try require(
                chain["isDefault"] is Bool && chain["canServe"] is Bool, "chains[\(name)] needs isDefault and canServe")
            try require(
                (chain["providers"] as? [Any])?.allSatisfy { $0 is String } == true,
                "chains[\(name)].providers must be strings")
            try require(
                (chain["canServe"] as? Bool == true) == (chain["wouldUse"] is String),
                "chains[\(name)]: wouldUse exactly when it can serve")
            for skip in try array(chain["skipped"], "chains[\(name)].skipped") {
                try require(
                    skip["provider"] is String && skip["reason"] is String && skip["message"] is String,
                    "skipped entries")
            }
            if let trace = chain["trace"] as? [String: Any] {
                for step in try array(trace["steps"], "chains[\(name)].trace.steps") {
                    try require(
                        step["provider"] is String && step["reason"] is String, "trace steps need provider and reason")
                    try require(
                        ["skipped", "failed", "served"].contains(step["outcome"] as? String ?? ""), "trace step outcome"
                    )
                }
            }
        }
    }

    private static func array(_ value: Any?, _ name: String) throws -> [[String: Any]] {
        try require(
            value as? [[String: Any]] ?? ((value as? [Any])?.isEmpty == true ? [] : nil),
            "\(name) must be an array of objects")
    }

    @discardableResult
    private static func require<T>(_ value: T?, _ message: String) throws -> T {
        guard let value else { throw Violation(description: message) }
        return value
    }

    private static func require(_ condition: Bool, _ message: String) throws {
        if !condition { throw Violation(description: message) }
    }
}
