import Foundation
import GenUITestSupport
import Testing

/// `genui render --from a2ui` with `arguments`, run as a real subprocess (``CLI``) with the tests' own environment
/// changed by `environment` (by default: no colour, in English) in the tests' working folder.
func renderA2UI(
    _ arguments: [String], stdin: String? = nil, timeout: TimeInterval = 120,
    environment: [String: String?] = ["NO_COLOR": "1", "LANG": "en_US.UTF-8", "LC_ALL": nil, "LC_MESSAGES": nil]
) throws -> ProcessResult {
    try CLI.requireBinary()
    return try CLI.run(
        ["render", "--from", "a2ui"] + arguments, environment: CLI.inheritedEnvironment(environment),
        directory: FileManager.default.currentDirectoryPath, stdin: stdin.map(ProcessInput.text), timeout: timeout)
}
