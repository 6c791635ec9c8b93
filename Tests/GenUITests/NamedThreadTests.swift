import Foundation
import GenUITestSupport
import Testing

@testable import GenUI

@Suite("Named threads", .tags(.unit))
struct NamedThreadTests {
    /// The names of this process's threads, as the system knows them.
    static func systemNames() -> Set<String> {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return Set(
            tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
    }

    @Test(
        "every thread started at once carries its name for the system, and a long name is cut to 15 bytes",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task")))
    func namesReachTheSystem() async {
        let release = DispatchSemaphore(value: 0)
        let count = 32
        let names = (0..<count).map { "genui.t\(UUID().uuidString.prefix(4)).\($0)" }
        for name in names { Thread.start(named: name) { release.wait() } }
        Thread.start(named: "genui.a-name-longer-than-fifteen") { release.wait() }
        defer { for _ in 0...count { release.signal() } }
        #expect(await eventually(within: .seconds(20)) { Self.systemNames().isSuperset(of: names) })
        #expect(Self.systemNames().contains("genui.a-name-lo"))
    }
}
