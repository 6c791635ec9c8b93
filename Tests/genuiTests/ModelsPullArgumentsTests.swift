import Foundation
import GenUITestSupport
import GenUITesting
import Testing

/// `genui models pull`'s own rules on its arguments, as a user meets them: a size below 1 and a URL without a digest
/// are refused before anything is asked or written (status 64), and `--no-verify` is the documented way to install a
/// URL unchecked (docs/models.md, docs/security.md).
@Suite("genui models pull arguments", .tags(.integration), .serialized)
struct ModelsPullArgumentsTests {
    /// The file the host serves, and its SHA-256 (worked out with Python's hashlib).
    static let data = Data(String(repeating: "genui pulls this file in a test\n", count: 4096).utf8)
    static let digest = "a04a649a0770221895fe577338677b2426c51e9c6fcc3d08b4417b2c99e2e721"

    /// A home with its models folder, and a host serving ``data`` (its request log tells whether it was asked).
    static func setUp() throws -> (home: String, server: RangeFileServer) {
        let home = try CLI.temporaryDirectory()
        try FileManager.default.createDirectory(
            atPath: home + "/.cache/genui/models", withIntermediateDirectories: true)
        let served = home + "/served.bin"
        try data.write(to: URL(fileURLWithPath: served))
        return (home, try RangeFileServer(file: served, name: "model.gguf"))
    }

    static func models(_ home: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: home + "/.cache/genui/models")) ?? []
    }

    @Test(
        "--size 0, --size=-1 and every size below 1 are usage errors (64) naming the value, by URL and by catalog name: the host is never asked and nothing is installed; a real size installs"
    )
    func sizeBelowOneIsRefused() throws {
        try CLI.requireBinary()
        let (home, server) = try Self.setUp()
        defer { server.stop() }
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = CLI.freshEnvironment(home: home)
        let config = home + "/providers.yml"
        try """
        version: 1
        providers:
          scripted:
            type: scripted
        models:
          small:
            url: \(server.url.absoluteString)
            size: \(Self.data.count)
            sha256: \(Self.digest)
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let url = server.url.absoluteString
        for (size, shown) in [
            ("--size=0", "0"), ("--size=-1", "-1"), ("--size=-9223372036854775808", "-9223372036854775808"),
        ] {
            for source in [[url, "--sha256", Self.digest], [url, "--no-verify"], ["small", "--config", config]] {
                let result = try CLI.run(["models", "pull"] + source + [size], environment: environment)
                #expect(result.status == 64, "\(source) \(size): \(result.stderr)")
                #expect(result.stderr.contains("--size \(shown) is not a file size"), "\(result.stderr)")
                #expect(result.stderr.contains("genui models pull --help"), "\(result.stderr)")
            }
        }
        #expect(server.requests.isEmpty, "\(server.requests.map(\.target))")
        #expect(Self.models(home).isEmpty, "\(Self.models(home))")
        // In German too.
        let german = try CLI.run(
            ["models", "pull", url, "--sha256", Self.digest, "--size=0", "--locale", "de"], environment: environment)
        #expect(german.status == 64)
        #expect(german.stderr.contains("ist keine Dateigröße"), "\(german.stderr)")

        // The size of the file installs it: the refusals above were the size's doing.
        let pulled = try CLI.run(
            ["models", "pull", url, "--sha256", Self.digest, "--size", "\(Self.data.count)", "--quiet"],
            environment: environment)
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(FileManager.default.contents(atPath: home + "/.cache/genui/models/model.gguf") == Self.data)
    }

    @Test(
        "a URL pull needs --sha256 or --no-verify: without either it is a usage error (64) that names both and asks nothing; --no-verify installs unchecked and says so; --sha256 installs verified; --no-verify with --sha256 or a catalog name is refused"
    )
    func urlPullNeedsDigestOrNoVerify() throws {
        try CLI.requireBinary()
        let (home, server) = try Self.setUp()
        defer { server.stop() }
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = CLI.freshEnvironment(home: home)
        let url = server.url.absoluteString
        let installed = home + "/.cache/genui/models/model.gguf"

        let bare = try CLI.run(["models", "pull", url], environment: environment)
        #expect(bare.status == 64, "\(bare.stderr)")
        #expect(bare.stderr.contains("--sha256") && bare.stderr.contains("--no-verify"), "\(bare.stderr)")
        #expect(bare.stderr.contains(url), "\(bare.stderr)")
        let japanese = try CLI.run(["models", "pull", url, "--locale", "ja"], environment: environment)
        #expect(japanese.status == 64)
        #expect(japanese.stderr.contains("SHA-256 で照合します"), "\(japanese.stderr)")
        let both = try CLI.run(
            ["models", "pull", url, "--sha256", Self.digest, "--no-verify"], environment: environment)
        #expect(both.status == 64, "\(both.stderr)")
        #expect(both.stderr.contains("--no-verify goes only with a URL pulled without --sha256"), "\(both.stderr)")
        let named = try CLI.run(["models", "pull", "smollm2-135m", "--no-verify"], environment: environment)
        #expect(named.status == 64, "\(named.stderr)")
        #expect(named.stderr.contains("--no-verify goes only with"), "\(named.stderr)")
        #expect(server.requests.isEmpty, "\(server.requests.map(\.target))")
        #expect(Self.models(home).isEmpty, "\(Self.models(home))")

        // --no-verify: installed, and the message says nothing checked it.
        let unchecked = try CLI.run(["models", "pull", url, "--no-verify", "--json"], environment: environment)
        #expect(unchecked.status == 0, "\(unchecked.stderr)")
        #expect(unchecked.stdout.contains(#""verified":false"#), "\(unchecked.stdout)")
        #expect(unchecked.stdout.contains("No sha256 was given"), "\(unchecked.stdout)")
        #expect(FileManager.default.contents(atPath: installed) == Self.data)

        // --sha256: checked against the digest.
        try FileManager.default.removeItem(atPath: installed)
        let verified = try CLI.run(
            ["models", "pull", url, "--sha256", Self.digest, "--json"], environment: environment)
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdout.contains(#""verified":true"#), "\(verified.stdout)")
        #expect(FileManager.default.contents(atPath: installed) == Self.data)
    }

    @Test(
        "models pull --help states the rule it enforces: --no-verify is an option, and a URL needs --sha256 unless it is given"
    )
    func helpStatesTheRule() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let help = try CLI.run(["models", "pull", "--help"], environment: CLI.freshEnvironment(home: home))
        #expect(help.status == 0, "\(help.stderr)")
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            text.contains("--no-verify Install a model pulled by URL without checking its SHA-256"), "\(help.stdout)")
        #expect(text.contains("required for a URL unless --no-verify"), "\(help.stdout)")
        #expect(text.contains("a URL without --sha256 or --no-verify"), "\(help.stdout)")
    }
}
