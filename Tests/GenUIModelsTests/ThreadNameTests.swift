import Foundation
import GenUITestSupport
import Testing

@testable import GenUIModels

/// The threads a pull starts carry names the system shows (`top -H`, `perf`, a crash report), not the name of the
/// thread that started them.
@Suite("The names of a pull's threads", .tags(.unit))
struct ThreadNameTests {
    @Test(
        "The hash's thread is named genui.digest while it runs",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task")))
    func digestThreadIsNamed() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("genui-names-\(UUID().uuidString)")
            .path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 7, count: 4096)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        let follower = try DigestFollower(fd: fd, path: path, available: 0)
        #expect(await eventually(within: .seconds(10)) { TestEnvironment.threadNames().contains("genui.digest") })
        follower.stop()
    }
}
