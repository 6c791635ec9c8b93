import Foundation

/// Finds a file among a module's SwiftPM resources without Foundation's `Bundle.module`, which stops the program
/// when the resource bundle is not where the build left it.
///
/// SwiftPM copies a target's resources into a folder beside the program: `<package>_<target>.resources` on Linux,
/// `<package>_<target>.bundle` on Apple platforms, where `<package>` is `genui` or the name of the checkout it was
/// added from. That folder is looked for beside the running program (its symbolic
/// links resolved, so a `genui` linked into `/usr/local/bin` finds the folder beside the real file), beside the main
/// bundle, and in `../share/genui/` next to the program (the usual install layout); last, in the source checkout the
/// program was built from, so a program run from a build folder of a moved checkout still finds it.
public enum ResourceLocator {
    /// The name of the package whose targets' resources are looked up.
    public static let packageName = "genui"

    /// The resource `name` of `target`, or `nil` when no candidate folder has it.
    ///
    /// - Parameters:
    ///   - name: the file's name, as the target's resources list it.
    ///   - target: the target whose resources hold the file.
    ///   - sourceFile: a source file of that target (`#filePath`), to find the file in its checkout.
    ///   - sourceFolder: the folder of the target, relative to the target's root, that holds the file.
    public static func file(
        _ name: String, inBundleOf target: String, sourceFile: String, sourceFolder: String
    ) -> URL? {
        var candidates: [URL] = []
        for directory in programDirectories() {
            for folder in folders(of: target, in: directory) {
                candidates.append(directory.appendingPathComponent(folder).appendingPathComponent(name))
                candidates.append(
                    directory.appendingPathComponent(folder)
                        .appendingPathComponent("Contents/Resources").appendingPathComponent(name))
            }
        }
        candidates.append(sourceCandidate(name, target: target, sourceFile: sourceFile, sourceFolder: sourceFolder))
        return candidates.first { FileManager.default.isReadableFile(atPath: $0.path) }
    }

    /// The resource folders of `target` in `directory`: genui's own names first, then any `<package>_<target>` folder,
    /// since SwiftPM names the folder after the package's identity, which is the name of the checkout genui was
    /// added from (`my-genui_GenUIDiagnostics.resources` for a copy in `my-genui`).
    private static func folders(of target: String, in directory: URL) -> [String] {
        let suffixes = ["_\(target).resources", "_\(target).bundle"]
        let named = suffixes.map { packageName + $0 }
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { entry in !named.contains(entry) && suffixes.contains { entry.hasSuffix($0) } }
            .sorted()
        return named + others
    }

    /// The folders a program's resources may be in: beside the program (resolved), beside the main bundle, and the
    /// install layout's `share/genui`.
    private static func programDirectories() -> [URL] {
        var directories: [URL] = []
        if let executable = Bundle.main.executableURL {
            let resolved = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            directories.append(resolved)
            directories.append(executable.deletingLastPathComponent())
            directories.append(resolved.deletingLastPathComponent().appendingPathComponent("share/\(packageName)"))
        }
        directories.append(Bundle.main.bundleURL)
        var unique: [URL] = []
        for directory in directories where !unique.contains(directory.standardizedFileURL) {
            unique.append(directory.standardizedFileURL)
        }
        return unique
    }

    /// `Sources/<target>/<sourceFolder>/<name>` of the checkout `sourceFile` is in.
    private static func sourceCandidate(_ name: String, target: String, sourceFile: String, sourceFolder: String) -> URL
    {
        var root = URL(fileURLWithPath: sourceFile)
        while root.pathComponents.count > 1, root.lastPathComponent != target {
            root.deleteLastPathComponent()
        }
        return root.appendingPathComponent(sourceFolder).appendingPathComponent(name)
    }
}
