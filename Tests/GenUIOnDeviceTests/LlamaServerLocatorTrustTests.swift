import Foundation
import GenUITestSupport
import Testing

@testable import GenUIOnDevice

/// llama-server is searched only in places the user controls: never the current directory, never a relative PATH
/// entry.
@Suite("llama-server is found only in trusted places", .tags(.unit))
struct LlamaServerLocatorTrustTests {
    @Test("a llama-server planted in ./.tools/bin of the current directory is not found")
    func plantedToolsFolder() throws {
        let repository = try TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: repository.path + "/.tools/bin", withIntermediateDirectories: true)
        try repository.executable(".tools/bin/llama-server")
        let locator = LlamaServerLocator(
            configuredPath: nil, environment: ["PATH": "/nonexistent"], currentDirectory: repository.path,
            executablePath: nil)
        #expect(locator.locate() == .missing(looked: ["llama-server", "$PATH"]))
        #expect(!locator.toolsFolders().contains { $0.hasPrefix(repository.path) })
    }

    @Test("relative PATH entries (., bin, an empty entry) are skipped even when they hold a llama-server")
    func relativePathEntries() throws {
        let repository = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: repository.path + "/bin", withIntermediateDirectories: true)
        try repository.executable("llama-server")
        try repository.executable("bin/llama-server")
        // A relative entry that, resolved from this process's directory, reaches the planted program: without the
        // rule it would be found.
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let reaching = String(repeating: "../", count: depth) + repository.path.drop(while: { $0 == "/" }) + "/bin"
        #expect(FileManager.default.isExecutableFile(atPath: reaching + "/llama-server"))
        for path in [".", "bin", "", ":", "./bin", ".:/nonexistent", "::bin", reaching] {
            let locator = LlamaServerLocator(
                configuredPath: nil, environment: ["PATH": path], currentDirectory: repository.path, executablePath: nil
            )
            #expect(locator.locate() == .missing(looked: ["llama-server", "$PATH"]), "PATH=\(path)")
            #expect(locator.searchPath(for: "llama-server") == nil, "PATH=\(path)")
        }
    }

    @Test("absolute PATH entries are still searched, after relative ones are skipped")
    func absolutePathEntries() throws {
        let repository = try TemporaryFolder()
        let installed = try TemporaryFolder()
        try repository.executable("llama-server")
        let onPath = try installed.executable("llama-server")
        let locator = LlamaServerLocator(
            configuredPath: nil, environment: ["PATH": ".:bin::\(installed.path)"], currentDirectory: repository.path,
            executablePath: nil)
        #expect(locator.locate() == .found(path: onPath, source: .path))
    }

    @Test("genui's own installation (.tools/bin above the executable) is still searched")
    func ownInstallation() throws {
        let installation = try TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: installation.path + "/.tools/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: installation.path + "/.build/debug", withIntermediateDirectories: true)
        let tool = try installation.executable(".tools/bin/llama-server")
        let elsewhere = try TemporaryFolder()
        let locator = LlamaServerLocator(
            configuredPath: nil, environment: [:], currentDirectory: elsewhere.path,
            executablePath: installation.path + "/.build/debug/genui")
        #expect(locator.locate() == .found(path: tool, source: .toolsFolder))
    }
}
