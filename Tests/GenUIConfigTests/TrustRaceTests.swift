import Foundation
import GenUIConfig
import GenUITestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A local user who can write the working directory swaps `./providers.yml` while genui loads it. Trust must be
/// decided once, on the file actually read: the bytes hashed are the bytes parsed, the user-file shortcut holds only
/// for the user's file itself, and relative paths resolve against the folder of that same file.
@Suite("trust is decided on the file actually read", .tags(.unit))
struct TrustRaceTests {
    /// The folders of the attack: the victim's home (their own file and a project they trust) and the attacker's
    /// working directory, whose `providers.yml` is a link the attacker flips.
    struct Scene {
        let root: String
        var home: String { root + "/home" }
        var userFolder: String { home + "/.config/genui" }
        var userFile: String { userFolder + "/providers.yml" }
        var trustedFolder: String { root + "/trusted" }
        var trustedFile: String { trustedFolder + "/providers.yml" }
        var work: String { root + "/work" }
        var evil: String { work + "/evil" }
        var link: String { work + "/providers.yml" }

        /// The user's own file: relative `binary:` beside it.
        static let userText = """
            version: 1
            providers:
              mine: { type: llama.cpp, model: /m.gguf, binary: ./bin/llama-server }

            """
        /// A project the user trusted by hash: relative `binary:` beside it.
        static let trustedText = """
            version: 1
            providers:
              project: { type: llama.cpp, model: /m.gguf, binary: ./bin/llama-server }

            """
        /// The attacker's own file.
        static let attackerText = """
            version: 1
            providers:
              attacker: { type: llama.cpp, model: /m.gguf, binary: ./bin/llama-server }

            """

        init() throws {
            root =
                FileManager.default.temporaryDirectory.appendingPathComponent("genui-trust-race-\(UUID().uuidString)")
                .path
            for folder in [root + "/home/.config/genui", root + "/trusted", root + "/work/evil"] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            try Self.userText.write(toFile: userFile, atomically: true, encoding: .utf8)
            try Self.trustedText.write(toFile: trustedFile, atomically: true, encoding: .utf8)
            try Self.attackerText.write(toFile: evil + "/attacker.yml", atomically: true, encoding: .utf8)
            // Copies of the victim's files beside the attacker's own program: the same bytes, another folder.
            try Self.userText.write(toFile: evil + "/user-copy.yml", atomically: true, encoding: .utf8)
            try Self.trustedText.write(toFile: evil + "/trusted-copy.yml", atomically: true, encoding: .utf8)
            try TrustStore(homeDirectory: home).trust(
                path: trustedFile, sha256: SHA256.hexDigest(of: Array(Self.trustedText.utf8)))
        }

        var loader: ConfigurationLoader {
            ConfigurationLoader(environment: [:], currentDirectory: work, homeDirectory: home)
        }

        /// Points `./providers.yml` at `target` in one step (a link made beside it, then renamed over it).
        func point(at target: String, scratch: String) {
            unlink(scratch)
            guard symlink(target, scratch) == 0 else { return }
            rename(scratch, link)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    /// What a load gave: every configured llama.cpp binary, by provider.
    static func binaries(_ configuration: Configuration) -> [String: String] {
        var found: [String: String] = [:]
        for name in ["mine", "project", "attacker"] {
            if let settings = configuration.provider(named: name)?.options(as: LlamaCppSettings.self) {
                found[name] = settings.binary ?? ""
            }
        }
        return found
    }

    @Test(
        "a link flipped thousands of times between the attacker's files and the user's or a trusted file while loading: the attacker's file is never taken as trusted, and no binary resolves into the attacker's folder",
        .timeLimit(.minutes(2)))
    func flippingLinkNeverLendsTrust() async throws {
        let scene = try Scene()
        defer { scene.remove() }
        let targets = [
            scene.evil + "/attacker.yml", scene.userFile, scene.evil + "/user-copy.yml", scene.trustedFile,
            scene.evil + "/trusted-copy.yml",
        ]
        scene.point(at: targets[0], scratch: scene.work + "/.flip")
        let stop = Atomic(false)
        let flips = Atomic(0)
        let flipper = Thread {
            var index = 0
            while !stop.load(ordering: .relaxed) {
                index = (index + 1) % targets.count
                scene.point(at: targets[index], scratch: scene.work + "/.flip")
                flips.add(1, ordering: .relaxed)
            }
        }
        flipper.start()
        defer { stop.store(true, ordering: .relaxed) }

        let loader = scene.loader
        let started = ContinuousClock.now
        var loads = 0
        var seen: [String: Int] = [:]
        var violations: [String] = []
        // Thousands of loads, but never more than 20 s of them (a busy 2-core machine).
        while loads < 5_000 && ContinuousClock.now - started < .seconds(20) {
            loads += 1
            let configuration: Configuration
            do {
                configuration = try loader.load()
            } catch {
                violations.append("load \(loads) failed: \(error)")
                continue
            }
            for (provider, binary) in Self.binaries(configuration) {
                seen[provider, default: 0] += 1
                switch provider {
                case "mine" where binary == scene.userFolder + "/bin/llama-server": break
                case "project" where binary == scene.trustedFolder + "/bin/llama-server": break
                default:
                    violations.append("load \(loads): \(provider) runs \(binary) (from \(configuration.source.origin))")
                }
            }
        }
        stop.store(true, ordering: .relaxed)
        print("trust race: \(loads) loads against \(flips.load(ordering: .relaxed)) flips; providers seen: \(seen)")
        #expect(violations.isEmpty, "\(violations.count) violations, the first: \(violations.prefix(5))")
        #expect(loads >= 1_000, "only \(loads) loads in 20 s")
        // The loads did meet both trusted files through the link (so the race was run, not avoided).
        #expect(seen["mine", default: 0] > 0 && seen["project", default: 0] > 0, "\(seen)")
    }
}
