import Foundation
import GenUITestSupport
import Testing

@testable import GenUI

@Suite("Named threads", .tags(.unit))
struct NamedThreadTests {
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
        #expect(await eventually(within: .seconds(20)) { Set(TestEnvironment.threadNames()).isSuperset(of: names) })
        #expect(Set(TestEnvironment.threadNames()).contains("genui.a-name-lo"))
    }
}
