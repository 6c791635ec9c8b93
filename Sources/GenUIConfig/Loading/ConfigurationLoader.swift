import Foundation
import GenUIDiagnostics

/// Finds, reads and validates `providers.yml`.
///
/// Lookup order: `--config FILE`, then `GENUI_CONFIG`, then `./providers.yml`, then
/// `~/.config/genui/providers.yml`, then the built-in default (the on-device model alone). A file named explicitly
/// (by `--config` or `GENUI_CONFIG`) must exist.
///
/// `./providers.yml` is used only when the user trusts that file's content (``TrustStore``, `genui config trust`):
/// until then it is not parsed at all, the lookup goes on, and the configuration loaded records the skipped file in
/// ``ConfigurationSource/untrusted``. Explicit paths and the user's own file are always trusted.
///
/// Every file is read with ``BoundedFileReader``: only a regular file of at most 1 MiB is read, so a FIFO or a device
/// named as the configuration is refused at once instead of read forever. It is read once, as a ``CanonicalFile``:
/// the trust verdict, the user-file shortcut and the folder its relative paths resolve against are all decided on
/// the file actually read, so a link flipped during the load cannot pair one file's content with another's trust.
public struct ConfigurationLoader: Sendable {
    /// The environment used for `GENUI_CONFIG` and `${VAR}` expansion.
    public var environment: [String: String]
    /// The directory `./providers.yml` is looked up in.
    public var currentDirectory: String
    /// The home directory `~/.config/genui/providers.yml` (and the trust list beside it) is looked up in.
    public var homeDirectory: String
    /// The language of the messages about files that cannot be read.
    public var language: DiagnosticLanguage
    /// The provider types the file may name: the built-in ones, and those registered with a ``ProviderDefinition``.
    public var registry: ProviderRegistry

    /// Creates a loader; by default it reads the process's environment and directories.
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        homeDirectory: String? = nil,
        language: DiagnosticLanguage? = nil,
        registry: ProviderRegistry = .standard
    ) {
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.homeDirectory = homeDirectory ?? environment["HOME"] ?? NSHomeDirectory()
        self.language = language ?? DiagnosticLanguage.resolve(explicit: nil, environment: environment)
        self.registry = registry
    }

    /// The list of configuration files the user trusts.
    public var trustStore: TrustStore { TrustStore(homeDirectory: homeDirectory) }

    /// `~/.config/genui/providers.yml`, the user's own configuration.
    public var userConfigurationPath: String {
        (TrustStore.configurationDirectory(homeDirectory: homeDirectory) as NSString).appendingPathComponent(
            "providers.yml")
    }

    /// Parses configuration text. `file` names it in error locations.
    ///
    /// Relative paths in it (`binary:`, a llama.cpp `model:`, a catalog `file:`) resolve against `baseDirectory`; with
    /// none, against the folder of `file` when that is an absolute path, and otherwise they stay as written.
    public func parse(
        _ text: String, file: String = "providers.yml", origin: ConfigurationSource.Origin = .text,
        baseDirectory: String? = nil
    ) throws(ConfigurationError) -> Configuration {
        var parser = ConfigurationParser(text: text, file: file, environment: environment)
        parser.registry = registry
        parser.baseDirectory =
            baseDirectory ?? (file.hasPrefix("/") ? (file as NSString).deletingLastPathComponent : nil)
        return try parser.parse(source: ConfigurationSource(origin: origin, path: origin == .builtIn ? nil : file))
    }

    /// Finds and loads the configuration, following the lookup order.
    public func load(explicitPath: String? = nil) throws(ConfigurationError) -> Configuration {
        var searched: [(path: String, found: Bool)] = []
        var skipped: SkippedConfiguration?
        let diagnostics = Diagnostics(language: language)
        func candidate(_ path: String, _ origin: ConfigurationSource.Origin, required: Bool) throws(ConfigurationError)
            -> Configuration?
        {
            func failure(_ message: String) -> ConfigurationError {
                ConfigurationError(issues: [
                    ConfigurationIssue(
                        at: SourceLocation(file: path, line: 1, column: 1), keyPath: "", message: message)
                ])
            }
            // One read decides everything: the bytes parsed are the bytes hashed, read at the one canonical path
            // that the verdict and the folder of relative paths use (CanonicalFile).
            let file: CanonicalFile
            do {
                file = try CanonicalFile.read(path, limit: ConfigurationParser.maximumBytes)
            } catch {
                switch error.reason {
                case .missing where !required, .notRegular(.directory) where !required:
                    searched.append((path, false))
                    return nil
                case .missing:
                    searched.append((path, false))
                    throw ConfigurationError(issues: [
                        ConfigurationIssue(
                            at: SourceLocation(file: path, line: 1, column: 1), keyPath: "",
                            text: LocalizedText(
                                "config.issue.noFileAt",
                                [
                                    "option": .verbatim(origin == .commandLine ? "--config" : "GENUI_CONFIG")
                                ]))
                    ])
                case _ where origin == .workingDirectory:
                    // Whatever sits in the current directory came with it: a link to /dev/zero, a FIFO or an
                    // oversized file there is passed over like an untrusted one, never a reason for every command
                    // in that folder to fail.
                    searched.append((path, true))
                    skipped = SkippedConfiguration(
                        path: path, sha256: "", changedSinceTrusted: false,
                        unreadable: error.localizedReason(diagnostics))
                    return nil
                default:
                    searched.append((path, true))
                    throw failure(error.localizedReason(diagnostics))
                }
            }
            searched.append((path, true))
            if origin == .workingDirectory {
                // The user's own file is trusted without a hash only when the file read is that file (its device and
                // inode), not when some resolution of the path happened to name it.
                let verdict = file.isSameFile(as: userConfigurationPath) ? .trusted : trustStore.verdict(of: file)
                guard verdict == .trusted else {
                    skipped = SkippedConfiguration(
                        path: path, sha256: file.sha256, changedSinceTrusted: verdict == .changed)
                    return nil
                }
            }
            let text: String
            do {
                text = try BoundedFileReader.text(from: file.bytes, path: path)
            } catch {
                throw failure(error.localizedReason(diagnostics))
            }
            // Relative paths in the file resolve against the folder of the file read, links resolved: the file whose
            // content was trusted, so a link to it cannot borrow its trust for programs planted beside the link.
            var configuration = try parse(text, file: path, origin: origin, baseDirectory: file.folder)
            configuration.source.searched = searched
            configuration.source.untrusted = skipped
            return configuration
        }
        if let explicitPath, let found = try candidate(absolute(explicitPath), .commandLine, required: true) {
            return found
        }
        if let fromEnvironment = environment["GENUI_CONFIG"], !fromEnvironment.isEmpty,
            let found = try candidate(absolute(fromEnvironment), .environment, required: true)
        {
            return found
        }
        if let found = try candidate(absolute("providers.yml"), .workingDirectory, required: false) { return found }
        if let found = try candidate(userConfigurationPath, .userDirectory, required: false) { return found }
        var builtIn = try parse(BuiltInConfiguration.text, file: "<built-in default>", origin: .builtIn)
        builtIn.source.searched = searched
        builtIn.source.untrusted = skipped
        return builtIn
    }

    private func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/") { return homeDirectory + path.dropFirst() }
        return (currentDirectory as NSString).appendingPathComponent(path)
    }
}
