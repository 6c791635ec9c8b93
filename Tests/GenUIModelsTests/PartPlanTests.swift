import GenUITestSupport
import Testing

@testable import GenUIModels
@testable import GenUIOnDevice

/// How a pull cuts a file into parts: the documented layout, and the two things it is for. The gap-free bytes the
/// hash reads grow as parts end one after the other, and on a host that caps each connection every connection stays
/// busy until the end.
@Suite("The parts of a pull", .tags(.unit))
struct PartPlanTests {
    static let totals: [Int64] = [8 << 20 + 1, 20_000_000, 98_362_432, 300_000_000, 10_000_000_000]
    static let connectionCounts = [1, 2, 4, 8, 16]

    /// When each part of `lengths` ends if `connections` connections of the same rate (a byte per tick) take them in
    /// file order, the next part whenever one is free; and when each connection ends.
    static func schedule(_ lengths: [Int64], connections: Int) -> (partEnds: [Int64], connectionEnds: [Int64]) {
        var free = Array(repeating: Int64(0), count: connections)
        var ends: [Int64] = []
        for length in lengths {
            let index = free.indices.min { free[$0] < free[$1] } ?? 0
            free[index] += length
            ends.append(free[index])
        }
        return (ends, free)
    }

    @Test(
        "Every plan tiles the file with parts of at least a byte, is the documented layout, and is a record a resume trusts",
        arguments: connectionCounts)
    func plansAreTheDocumentedLayout(connections: Int) {
        for total in Self.totals {
            let parts = PartPlan.split(total: total, connections: connections)
            #expect(
                parts.map(\.start) == PullPartsLayout.parts(total: total, connections: connections).map(\.start),
                "\(total)")
            #expect(
                parts.map(\.length) == PullPartsLayout.parts(total: total, connections: connections).map(\.length),
                "\(total)")
            #expect(parts.allSatisfy { $0.length > 0 && $0.done == 0 })
            #expect(PartPlan.isValid(parts, total: total, fileSize: 0), "\(total) on \(connections)")
        }
    }

    @Test(
        "On the model's file the first round grows in steps of a c-th of the part size and the last round shrinks in steps"
    )
    func roundsGrowAndShrink() {
        let parts = PartPlan.split(total: 98_362_432, connections: 8)
        let step: Int64 = (4 << 20) / 8
        #expect(parts.prefix(8).map(\.length) == (1...8).map { step * Int64($0) })
        #expect(parts.dropFirst(8).prefix(15).allSatisfy { $0.length == 4 << 20 })
        let last = parts.suffix(7).map(\.length)
        #expect(parts.count == 30)
        #expect(zip(last, last.dropFirst()).allSatisfy { $0 > $1 })
        #expect(last.allSatisfy { $0 >= step })
    }

    /// The schedule of the plan for each file of at least the model's size on `connections` connections.
    static func plannedSchedules(connections: Int) -> [(total: Int64, partEnds: [Int64], connectionEnds: [Int64])] {
        totals.filter { $0 >= 98_362_432 }.map { total in
            let parts = PartPlan.split(total: total, connections: connections)
            let schedule = schedule(parts.map(\.length), connections: connections)
            return (total, schedule.partEnds, schedule.connectionEnds)
        }
    }

    @Test(
        "With connections of one rate, the parts before the last round end in file order, so the gap-free bytes grow with every part that ends",
        arguments: [2, 4, 8, 16])
    func partsEndInFileOrder(connections: Int) {
        for planned in Self.plannedSchedules(connections: connections) {
            let beforeLastRound = planned.partEnds.dropLast(connections - 1)
            #expect(zip(beforeLastRound, beforeLastRound.dropFirst()).allSatisfy { $0 <= $1 }, "\(planned.total)")
        }
    }

    @Test(
        "With connections of one rate, every connection ends within one step of the last, so a host that caps each connection keeps them all busy until the end",
        arguments: [2, 4, 8, 16])
    func connectionsEndTogether(connections: Int) {
        for planned in Self.plannedSchedules(connections: connections) {
            let ends = planned.connectionEnds
            let step = PullPartsLayout.partBytes(total: planned.total) / Int64(connections)
            #expect((ends.max() ?? 0) - (ends.min() ?? 0) <= step, "\(planned.total)")
        }
    }

    @Test(
        "Parts of one size that do not fill the last round leave connections idle at the end; the plan for the same file does not"
    )
    func equalPartsWouldIdleAtTheEnd() {
        // 20 parts of 4 MiB on 8 connections: the last round has 4 parts, and 4 connections wait for them.
        let equal = Array(repeating: Int64(4 << 20), count: 20)
        let ends = Self.schedule(equal, connections: 8).connectionEnds
        #expect((ends.max() ?? 0) - (ends.min() ?? 0) == 4 << 20)
        let planned = PartPlan.split(total: 20 * (4 << 20), connections: 8)
        let plannedEnds = Self.schedule(planned.map(\.length), connections: 8).connectionEnds
        #expect((plannedEnds.max() ?? 0) - (plannedEnds.min() ?? 0) <= (4 << 20) / 8)
    }
}
