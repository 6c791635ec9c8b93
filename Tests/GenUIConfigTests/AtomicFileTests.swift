import Foundation
import GenUIConfig
import GenUIDiagnostics
import GenUITestSupport
import Synchronization
import Testing

/// ``AtomicFile`` replaces regular files through a rename, keeps permission bits (never setuid, setgid, sticky),
/// follows a link only within its own directory, never replaces what is not a regular file, and without replacing never
/// replaces anything, even when writers race.
@Suite("Atomic file writes", .tags(.unit))
struct AtomicFileTests {
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("genui-atomic-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test(
        "replaces a file whole, keeps its permissions, creates missing directories only when asked, leaves no temporary file"
    )
    func replacesFile() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/providers.yml"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o600)
        try AtomicFile.write("new", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["providers.yml"])

        let nested = directory + "/a/b/c.yml"
        #expect(throws: AtomicWriteError.self) { try AtomicFile.write("nested", to: nested) }
        #expect(!FileManager.default.fileExists(atPath: directory + "/a"))
        try AtomicFile.write("nested", to: nested, createDirectories: true)
        #expect(try String(contentsOfFile: nested, encoding: .utf8) == "nested")
    }

    @Test(
        "a write that need not be durable still replaces the file whole, keeps its permissions and leaves no temporary file"
    )
    func replacesFileWithoutFlushing() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/model.gguf.part.json"
        try AtomicFile.write("first", to: path, durable: false)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first")
        chmod(path, 0o640)
        try AtomicFile.write("second", to: path, durable: false)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["model.gguf.part.json"])
    }

    @Test("a symbolic link to a file in its own directory stays a link and its target gets the new content")
    func keepsSymbolicLink() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/providers.work.yml"
        let link = directory + "/providers.yml"
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "providers.work.yml")
        try AtomicFile.write("new", to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "providers.work.yml")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
    }

    @Test("a symbolic link leading out of its directory, or to nothing, is refused and nothing is written")
    func refusesLinkOutOfDirectory() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/repo", withIntermediateDirectories: true)
        // A cloned repository plants `out.json -> ../victim` (a file the user can write, like ~/.bashrc).
        let victim = directory + "/victim"
        try "precious".write(toFile: victim, atomically: false, encoding: .utf8)
        let planted = directory + "/repo/out.json"
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
        do {
            try AtomicFile.write("overwritten", to: planted)
            Issue.record("wrote through a link leading out of its directory")
        } catch {
            #expect(error.step == .followLink)
            #expect(error.reason.contains(victim), "\(error)")
            #expect(error.refusal == .linkOutsideItsDirectory(target: victim))
            let german = error.localizedReason(Diagnostics(language: .german))
            #expect(german.contains("symbolischer Link") && german.contains(victim), "\(german)")
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: planted) == victim)

        // A link to a file that does not exist yet (~/.ssh/authorized_keys) is not followed to create it.
        let dangling = directory + "/repo/new.json"
        let absent = directory + "/absent"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: absent)
        #expect(throws: AtomicWriteError.self) { try AtomicFile.write("x", to: dangling) }
        #expect(throws: AtomicWriteError.self) { try AtomicFile.write("x", to: dangling, replacing: false) }
        #expect(!FileManager.default.fileExists(atPath: absent))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory + "/repo").sorted() == [
                "new.json", "out.json",
            ])
    }

    @Test("setuid, setgid and sticky bits never reach the new file; the permission bits do")
    func dropsSpecialModeBits() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tool"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        try #require(chmod(path, 0o7750) == 0)
        var before = stat()
        try #require(stat(path, &before) == 0)
        try #require(before.st_mode & 0o7000 != 0, "the file system kept no special bit to test with")
        try AtomicFile.write("new", to: path)
        var after = stat()
        try #require(stat(path, &after) == 0)
        #expect(after.st_mode & 0o7777 == 0o750, "mode \(String(after.st_mode & 0o7777, radix: 8))")

        let fresh = directory + "/fresh"
        let mask = umask(0)
        umask(mask)
        try AtomicFile.write("new", to: fresh)
        var created = stat()
        try #require(stat(fresh, &created) == 0)
        #expect(created.st_mode & 0o7777 == 0o644 & ~mask)
    }

    @Test("without replacing, an existing file or link is never replaced, and of many racing writers exactly one wins")
    func noReplace() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let existing = directory + "/providers.yml"
        try "mine".write(toFile: existing, atomically: false, encoding: .utf8)
        do {
            try AtomicFile.write("theirs", to: existing, replacing: false)
            Issue.record("replaced an existing file")
        } catch {
            #expect(error.step == .exists)
        }
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "mine")

        let contested = directory + "/contested.yml"
        let writers = 16
        let outcomes = Mutex<[Int: Bool]>([:])
        DispatchQueue.concurrentPerform(iterations: writers) { index in
            let won: Bool
            do {
                try AtomicFile.write("writer \(index)", to: contested, replacing: false)
                won = true
            } catch {
                won = false
            }
            outcomes.withLock { $0[index] = won }
        }
        let winners = outcomes.withLock { $0.filter(\.value).map(\.key) }
        #expect(winners.count == 1, "winners: \(winners)")
        let winner = try #require(winners.first)
        #expect(try String(contentsOfFile: contested, encoding: .utf8) == "writer \(winner)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [
                "contested.yml", "providers.yml",
            ])
    }

    @Test("a device is written to, never replaced; a directory is refused")
    func leavesSpecialFilesInPlace() throws {
        try AtomicFile.write("discarded", to: "/dev/null")
        var status = stat()
        #expect(
            stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "/dev/null is no longer a device")

        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: AtomicWriteError.self) { try AtomicFile.write("x", to: directory) }
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue)
    }
}
