import Foundation

/// Finds, reads and validates `providers.yml`.
///
/// Lookup order: `--config FILE`, then `GENUI_CONFIG`, then `./providers.yml`, then
/// `~/.config/genui/providers.yml`, then the built-in default (on-device, then scripted). A file named explicitly
/// (by `--config` or `GENUI_CONFIG`) must exist.
public struct ConfigurationLoader: Sendable {
    /// The environment used for `GENUI_CONFIG` and `${VAR}` expansion.
    public var environment: [String: String]
    /// The directory `./providers.yml` is looked up in.
    public var currentDirectory: String
    /// The home directory `~/.config/genui/providers.yml` is looked up in.
    public var homeDirectory: String

    /// Creates a loader; by default it reads the process's environment and directories.
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        homeDirectory: String? = nil
    ) {
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.homeDirectory = homeDirectory ?? environment["HOME"] ?? NSHomeDirectory()
    }

    /// Parses configuration text. `file` names it in error locations.
    public func parse(_ text: String, file: String = "providers.yml", origin: ConfigurationSource.Origin = .text)
        throws(ConfigurationError) -> Configuration
    {
        var parser = ConfigurationParser(text: text, file: file, environment: environment)
        return try parser.parse(source: ConfigurationSource(origin: origin, path: origin == .builtIn ? nil : file))
    }

    /// Finds and loads the configuration, following the lookup order.
    public func load(explicitPath: String? = nil) throws(ConfigurationError) -> Configuration {
        var searched: [(path: String, found: Bool)] = []
        let fileManager = FileManager.default
        func candidate(_ path: String, _ origin: ConfigurationSource.Origin, required: Bool) throws(ConfigurationError)
            -> Configuration?
        {
            var isDirectory: ObjCBool = false
            let exists = fileManager.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            searched.append((path, exists))
            guard exists else {
                if required {
                    throw ConfigurationError(issues: [ConfigurationIssue(
                        at: SourceLocation(file: path, line: 1, column: 1), keyPath: "",
                        message: "no configuration file at this path (named by \(origin == .commandLine ? "--config" : "GENUI_CONFIG"))")])
                }
                return nil
            }
            guard let data = fileManager.contents(atPath: path) else {
                throw ConfigurationError(issues: [ConfigurationIssue(
                    at: SourceLocation(file: path, line: 1, column: 1), keyPath: "", message: "the file cannot be read (permissions?)")])
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw ConfigurationError(issues: [ConfigurationIssue(
                    at: SourceLocation(file: path, line: 1, column: 1), keyPath: "", message: "the file is not valid UTF-8")])
            }
            var configuration = try parse(text, file: path, origin: origin)
            configuration.source.searched = searched
            return configuration
        }
        if let explicitPath, let found = try candidate(absolute(explicitPath), .commandLine, required: true) { return found }
        if let fromEnvironment = environment["GENUI_CONFIG"], !fromEnvironment.isEmpty,
            let found = try candidate(absolute(fromEnvironment), .environment, required: true)
        {
            return found
        }
        if let found = try candidate(absolute("providers.yml"), .workingDirectory, required: false) { return found }
        let userFile = (homeDirectory as NSString).appendingPathComponent(".config/genui/providers.yml")
        if let found = try candidate(userFile, .userDirectory, required: false) { return found }
        var builtIn = try parse(BuiltInConfiguration.text, file: "<built-in default>", origin: .builtIn)
        builtIn.source.searched = searched
        return builtIn
    }

    private func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/") { return homeDirectory + path.dropFirst() }
        return (currentDirectory as NSString).appendingPathComponent(path)
    }
}
