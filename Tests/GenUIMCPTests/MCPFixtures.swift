import Foundation
import GenUIMCP
import GenUITestSupport

/// The MCP servers the tests run: the reference servers and the test servers in `Servers/`, with the Python
/// environment `scripts/mcp-servers` installs (`GENUI_MCP_BIN`, default `.tools/mcp/bin`).
enum MCPFixtures {
    /// The folder of the installed servers and their Python.
    static let bin: String = {
        if let configured = ProcessInfo.processInfo.environment["GENUI_MCP_BIN"], !configured.isEmpty {
            return configured
        }
        return TestEnvironment.packageRoot.appendingPathComponent(".tools/mcp/bin").path
    }()

    /// The Python that has the `mcp` SDK.
    static var python: String { "\(bin)/python" }

    /// Whether the servers are installed; CI always runs the tests (a missing install fails them there).
    static let enabled = FileManager.default.isExecutableFile(atPath: "\(bin)/python") || TestEnvironment.isCI

    /// The path of a test server script in `Servers/`.
    static func script(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Servers/\(name)").path
    }

    /// A test server started with the tests' Python. `tag` is passed as an extra argument, so that the test can find
    /// the server (and anything it left) in the process table.
    static func server(
        _ name: String, script file: String, tag: String = UUID().uuidString, environment: [String: String] = [:],
        startTimeout: Duration = .seconds(30), callTimeout: Duration = .seconds(30), maximumResultBytes: Int = 4 << 20
    ) -> MCPServerConfiguration {
        MCPServerConfiguration(
            name: name, command: python, arguments: [script(file), "--tag", tag], environment: environment,
            startTimeout: startTimeout, callTimeout: callTimeout, maximumResultBytes: maximumResultBytes)
    }

    /// The processes whose command line contains `tag` (Linux: from /proc).
    static func processes(containing tag: String) -> [Int32] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry), pid != getpid(),
                let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { return nil }
            let commandLine = String(decoding: data.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
            return commandLine.contains(tag) ? pid : nil
        }
    }

    /// Waits up to `limit` until no process's command line contains `tag`; the ones still there.
    static func awaitNoProcesses(containing tag: String, limit: Duration = .seconds(5)) async -> [Int32] {
        let deadline = ContinuousClock.now.advanced(by: limit)
        var left = processes(containing: tag)
        while !left.isEmpty && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
            left = processes(containing: tag)
        }
        return left
    }

    /// A fresh temporary folder.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("genui-mcp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
