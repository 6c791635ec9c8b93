import Foundation

/// Finds the program a stdio server's `command` names: a path as it is, a bare name on the `PATH` the server gets.
enum CommandResolution {
    /// The executable file `command` names, or `nil` when there is none.
    static func executable(for command: String, path: String?) -> String? {
        if command.contains("/") { return isExecutableFile(command) ? command : nil }
        // Only absolute entries: a relative one (or an empty one, the current folder) would run whatever sits in the
        // folder genui happens to be started from.
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where directory.hasPrefix("/") {
            let candidate = "\(directory)/\(command)"
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && access(path, X_OK) == 0
    }
}
