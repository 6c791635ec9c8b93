import Foundation

/// The home directory used to expand `~` in paths: `$HOME`, else the account's home.
enum ProcessInfoHome {
    static var directory: String {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        return home.hasSuffix("/") ? String(home.dropLast()) : home
    }
}
