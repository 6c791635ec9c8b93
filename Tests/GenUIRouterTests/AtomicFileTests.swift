import Foundation
import GenUIConfig
import Testing

/// ``AtomicFile`` replaces regular files through a rename, keeps links and modes, and never replaces what is not a
/// regular file.
@Suite("Atomic file writes")
struct AtomicFileTests {
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("genui-atomic-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("replaces a file whole, keeps its permissions, creates missing directories only when asked, leaves no temporary file")
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

    @Test("a symbolic link stays a link and its target gets the new content")
    func keepsSymbolicLink() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/dotfiles", withIntermediateDirectories: true)
        let target = directory + "/dotfiles/providers.yml"
        let link = directory + "/providers.yml"
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try AtomicFile.write("new", to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
    }

    @Test("a device is written to, never replaced; a directory is refused")
    func leavesSpecialFilesInPlace() throws {
        try AtomicFile.write("discarded", to: "/dev/null")
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "/dev/null is no longer a device")

        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: AtomicWriteError.self) { try AtomicFile.write("x", to: directory) }
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue)
    }
}
