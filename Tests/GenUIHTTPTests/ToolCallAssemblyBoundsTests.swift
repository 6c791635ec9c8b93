import Foundation
import GenUI
import GenUIHTTP
import GenUITestSupport
import Testing

/// Streamed tool-call arguments are joined in place and bounded: a million one-byte pieces cost time in proportion
/// to their length, and arguments past the bound end the response with a typed error.
@Suite("tool call assembly: linear joining and bounded arguments", .tags(.unit))
struct ToolCallAssemblyBoundsTests {
    @Test("a million one-byte argument pieces assemble into the whole arguments, in linear time")
    func millionPiecesAssembleLinearly() throws {
        var assembly = ToolCallAssembly()
        let pieces = 1_000_000
        let started = ContinuousClock.now
        try assembly.appendPiece(index: 0, id: "call_1", name: "lookup", arguments: #"{"q":""#)
        for _ in 0..<pieces { try assembly.appendPiece(index: 0, id: nil, name: nil, arguments: "x") }
        try assembly.appendPiece(index: 0, id: nil, name: nil, arguments: #""}"#)
        let elapsed = ContinuousClock.now - started
        let calls = try assembly.calls(provider: "p", tools: [])
        #expect(calls.count == 1)
        #expect((calls.first?.arguments.jsonString.utf8.count ?? 0) >= pieces, "the whole arguments arrived")
        // Joining by copying took minutes (a trillion bytes copied); in place it takes well under a second. The bound
        // only catches the quadratic join, with a wide margin for a loaded machine.
        #expect(elapsed < .seconds(60), "assembling took \(elapsed)")
    }

    @Test("arguments past the per-call bound end the response with responseTooLarge naming the call")
    func argumentsPastTheBoundAreRefused() throws {
        var assembly = ToolCallAssembly(argumentByteLimit: 1_000)
        try assembly.appendPiece(index: 0, id: "call_1", name: "lookup", arguments: String(repeating: "a", count: 999))
        #expect(throws: GenUIError.self) {
            try assembly.appendPiece(index: 0, id: nil, name: nil, arguments: "bb")
        }
        do {
            try assembly.appendPiece(index: 0, id: nil, name: nil, arguments: "bb")
            Issue.record("the bound was not applied")
        } catch {
            guard case .responseTooLarge(let limit, let context) = error else {
                Issue.record("expected responseTooLarge, got \(error)")
                return
            }
            #expect(limit == 1_000)
            #expect(context.debugDescription.contains("lookup"), "\(context.debugDescription)")
        }
        var whole = ToolCallAssembly(argumentByteLimit: 10)
        #expect(throws: GenUIError.self) {
            try whole.appendCall(id: nil, name: "lookup", arguments: .string(String(repeating: "z", count: 50)))
        }
        // The default bound is 1 MiB per call.
        #expect(ToolCallAssembly().argumentByteLimit == 1 << 20)
    }
}
