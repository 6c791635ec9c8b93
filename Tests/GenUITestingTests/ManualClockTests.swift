import GenUI
import GenUITestSupport
import GenUITesting
import Testing

@Suite("Manual clock", .tags(.unit))
struct ManualClockTests {
    @Test("a sleep ends when the clock is advanced past its end, not before")
    func sleepEndsOnAdvance() async throws {
        let clock = ManualClock()
        let started = clock.now
        let sleeper = Task { try await clock.sleep(for: .seconds(10)) }
        #expect(await eventually(within: .seconds(10)) { clock.sleeping == 1 })
        clock.advance(by: .seconds(9))
        #expect(clock.sleeping == 1, "nine of ten seconds do not end the sleep")
        clock.advance(by: .seconds(1))
        try await sleeper.value
        #expect(clock.sleeping == 0)
        #expect(clock.now - started == .seconds(10))
    }

    @Test("a sleep of no time returns at once, and a cancelled sleep throws CancellationError")
    func zeroAndCancelled() async throws {
        let clock = ManualClock()
        try await clock.sleep(for: .zero)
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        #expect(await eventually(within: .seconds(10)) { clock.sleeping == 1 })
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeping == 0)
    }

    @Test("the chain clock reads and sleeps on the manual clock")
    func chainClockFollows() async throws {
        let clock = ManualClock()
        let chainClock = clock.chainClock
        let before = chainClock.now
        clock.advance(by: .milliseconds(250))
        #expect(chainClock.now - before == .milliseconds(250))
        let sleeper = Task { try await chainClock.sleep(for: .seconds(1)) }
        #expect(await eventually(within: .seconds(10)) { clock.sleeping == 1 })
        clock.advance(by: .seconds(1))
        try await sleeper.value
    }
}
