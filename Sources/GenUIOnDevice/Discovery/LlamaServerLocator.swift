import Foundation

/// Finds the `llama-server` program, searching only places the user controls.
///
/// The search order: the configured path, the `GENUI_LLAMA_SERVER` environment variable, genui's own installation
/// (`.tools/bin/llama-server` beside the running executable and in its parent folders, as `make runtime` installs it),
/// then every absolute directory of `PATH`. The current directory is never searched: a program planted in a cloned
/// repository (`./.tools/bin/llama-server`) or reached through a relative `PATH` entry (`.`, `bin`, an empty entry)
/// is never run. An explicit path (configured or from the environment) that does not name an executable file is not
/// silently skipped: it is what ``locate()`` reports as missing.
public struct LlamaServerLocator: Sendable {
    /// Where one candidate came from.
    public enum Source: String, Sendable, Hashable {
        /// The provider's configuration.
        case configuration
        /// The `GENUI_LLAMA_SERVER` environment variable.
        case environment
        /// The `.tools/bin` folder of genui's own installation (beside the running executable or above it).
        case toolsFolder
        /// An absolute directory of `PATH`.
        case path
    }

    /// The outcome of a search.
    public enum Result: Sendable, Hashable {
        /// An executable was found.
        case found(path: String, source: Source)
        /// Nothing executable was found; `looked` says where it looked: the one explicit path to fix, or every place
        /// searched (at least two entries, ending with `$PATH`).
        case missing(looked: [String])
    }

    /// The program's file name.
    public static let programName = "llama-server"
    /// The environment variable that names the program.
    public static let environmentVariable = "GENUI_LLAMA_SERVER"

    let configuredPath: String?
    let environment: [String: String]
    let currentDirectory: String
    let executablePath: String?

    /// Creates a locator; the defaults read the real process environment. `currentDirectory` only resolves a
    /// configured relative path (`providers.yml` resolves its own relative `binary:` against the file's folder first);
    /// it is never searched.
    public init(
        configuredPath: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executablePath: String? = Bundle.main.executablePath
    ) {
        self.configuredPath = configuredPath
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.executablePath = executablePath
    }

    /// Searches, in order, and returns the first executable found.
    public func locate() -> Result {
        if let configuredPath, !configuredPath.isEmpty {
            // A bare name ("llama-server-vulkan") is a program on PATH; anything with a slash is a path.
            guard configuredPath.contains("/") || configuredPath.hasPrefix("~") else {
                return searchPath(for: configuredPath).map { .found(path: $0, source: .configuration) }
                    ?? .missing(looked: [configuredPath])
            }
            var path = OnDeviceConfiguration.expandTilde(configuredPath)
            if !path.hasPrefix("/") { path = (currentDirectory as NSString).appendingPathComponent(path) }
            return Self.isExecutable(path) ? .found(path: path, source: .configuration) : .missing(looked: [path])
        }
        if let fromEnvironment = environment[Self.environmentVariable], !fromEnvironment.isEmpty {
            let path = OnDeviceConfiguration.expandTilde(fromEnvironment)
            return Self.isExecutable(path) ? .found(path: path, source: .environment) : .missing(looked: [path])
        }
        var looked: [String] = []
        for folder in toolsFolders() {
            let candidate = folder + "/" + Self.programName
            looked.append(candidate)
            if Self.isExecutable(candidate) { return .found(path: candidate, source: .toolsFolder) }
        }
        if let onPath = searchPath(for: Self.programName) { return .found(path: onPath, source: .path) }
        // A search names at least two places, so that a report of it names the program, not one path to fix.
        if looked.isEmpty { looked.append(Self.programName) }
        looked.append("$PATH")
        return .missing(looked: looked)
    }

    /// The first executable named `program` in an absolute directory of `PATH`. A relative entry (`.`, `bin`, an empty
    /// entry, which means the current directory) is skipped: it would run whatever the current directory holds.
    func searchPath(for program: String) -> String? {
        for directory in (environment["PATH"] ?? "").split(separator: ":", omittingEmptySubsequences: true)
        where directory.hasPrefix("/") {
            let candidate = directory + "/" + program
            if Self.isExecutable(candidate) { return candidate }
        }
        return nil
    }

    /// `.tools/bin` below the executable's folder and each of its parents (a binary in `.build/debug/` finds the
    /// project's tools three levels up). Never below the current directory.
    func toolsFolders() -> [String] {
        var folders: [String] = []
        if let executablePath {
            var directory = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<5 {
                folders.append(directory.path + "/.tools/bin")
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        var seen = Set<String>()
        return folders.filter { seen.insert($0).inserted }
    }

    static func isExecutable(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return false
        }
        return FileManager.default.isExecutableFile(atPath: path)
    }
}
