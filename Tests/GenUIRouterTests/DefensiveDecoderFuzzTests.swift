import Foundation
import GenUITestSupport
import Testing

@testable import GenUI

/// Feeds ``DefensiveDecoder`` the broken output models produce (``ModelOutputFuzzer``): it must never crash or hang,
/// and every input must end as a value that validates, with a report of its repairs, or as a located error.
@Suite("Defensive decoder fuzzing", .tags(.unit))
struct DefensiveDecoderFuzzTests {
    /// Inputs per run: `GENUI_FUZZ_COUNT` (`make fuzz` runs 100,000), else 3,000.
    static var count: Int { ProcessInfo.processInfo.environment["GENUI_FUZZ_COUNT"].flatMap(Int.init) ?? 3_000 }
    /// No input may take this long; one that does is a hang.
    static let timeLimitPerInput = Duration.seconds(5)

    let decoder = DefensiveDecoder(schema: cardSchema)

    /// Whether `error` says where the problem is: a JSON pointer, a line and column, or the whole output.
    static func isLocated(_ error: GenUIError) -> Bool {
        guard case .decodingFailure(let path, let details, _) = error else { return false }
        return path.hasPrefix("/") || details.contains(" at line ") || details.hasPrefix("output is ")
            || details.hasPrefix("the output ")
    }

    /// `GENUI_FUZZ_SEED` replays a run; otherwise each run takes a new seed, printed so a failure can be replayed.
    @Test("generated broken outputs never crash or hang the decoder: each is repaired and valid, or a located error")
    func brokenOutputs() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["GENUI_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        print("defensive decoder fuzz: \(Self.count) inputs, seed \(seed) (replay with GENUI_FUZZ_SEED=\(seed))")
        var fuzzer = ModelOutputFuzzer(seed: seed)
        var tried: [ModelOutputFuzzer.Damage: Int] = [:]
        var repaired = 0
        var rejected = 0
        var slowest = Duration.zero
        let clock = ContinuousClock()
        for _ in 0..<Self.count {
            let (text, damage) = fuzzer.next()
            for kind in damage { tried[kind, default: 0] += 1 }
            let started = clock.now
            let outcome = Result { () throws(GenUIError) in try decoder.decode(text) }
            let elapsed = clock.now - started
            slowest = max(slowest, elapsed)
            if elapsed > Self.timeLimitPerInput {
                Issue.record("decoding took \(elapsed) (damage \(damage), \(text.utf8.count) bytes, seed \(seed))")
            }
            switch outcome {
            case .success(let result):
                repaired += 1
                #expect(throws: Never.self) { try cardSchema.validate(result.content) }
                // Output that was not a JSON document as it stood cannot have decoded without a repair.
                if text.utf8.count <= decoder.limits.maximumBytes, (try? JSONParser.parse(text)) == nil {
                    #expect(!result.repairs.isEmpty, "repaired silently: \(text.prefix(200)) (seed \(seed))")
                }
            case .failure(let error):
                rejected += 1
                #expect(Self.isLocated(error), "an error without a location: \(error) (seed \(seed))")
            }
        }
        print(
            "defensive decoder fuzz: \(repaired) repaired or valid, \(rejected) rejected with a located error, slowest \(slowest)"
        )
        let damage = tried.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }
        print("defensive decoder fuzz: damage tried \(damage)")
        #expect(repaired + rejected == Self.count)
        #expect(repaired > 0 && rejected > 0)
        for kind in ModelOutputFuzzer.Damage.allCases where kind != .hugeString || Self.count >= 2_000 {
            #expect(tried[kind, default: 0] > 0, "no input had damage \(kind.rawValue)")
        }
    }

    @Test("each kind of damage alone ends in a repair report or a located error")
    func everyDamageAlone() throws {
        var fuzzer = ModelOutputFuzzer(seed: 7)
        for kind in ModelOutputFuzzer.Damage.allCases {
            for document in ModelOutputFuzzer.documents {
                let text = fuzzer.apply(kind, to: document)
                do {
                    let result = try decoder.decode(text)
                    try cardSchema.validate(result.content)
                    if (try? JSONParser.parse(text)) == nil { #expect(!result.repairs.isEmpty, "\(kind)") }
                } catch {
                    #expect(Self.isLocated(error), "\(kind): \(error)")
                }
            }
        }
    }

    @Test("the limits are exact: input size in bytes and nesting depth")
    func limitsAreExact() throws {
        let limits = DefensiveDecoder.Limits(maximumBytes: 4096, maximumDepth: 8)
        let decoder = DefensiveDecoder(schema: cardSchema, limits: limits)
        // Nesting in an undeclared property (dropped once parsed): the card object is level 1.
        func card(nesting depth: Int) -> String {
            #"{"title":"Hi","stars":3,"tags":[],"extra":"# + String(repeating: "[", count: depth) + "1"
                + String(repeating: "]", count: depth) + "}"
        }
        let deepest = try decoder.decode(card(nesting: 7))
        #expect(deepest.repairs == ["dropped undeclared property /extra"])
        #expect(throws: GenUIError.self) { try decoder.decode(card(nesting: 8)) }

        let padding = #"{"title":"Hi","stars":3,"tags":[],"note":""}"#.utf8.count
        func card(noteBytes: Int) -> String {
            #"{"title":"Hi","stars":3,"tags":[],"note":""# + String(repeating: "n", count: noteBytes) + #""}"#
        }
        let largest = try decoder.decode(card(noteBytes: 4096 - padding))
        #expect(largest.content.jsonString.utf8.count == 4096)
        do {
            _ = try decoder.decode(card(noteBytes: 4097 - padding))
            Issue.record("input one byte over the limit was accepted")
        } catch {
            #expect("\(error)".contains("4097 bytes, more than the limit of 4096"))
        }
    }

    @Test("the default limits: 1 MiB and depth 64; a 10 MB string passes a decoder given room for it")
    func defaultLimits() throws {
        #expect(DefensiveDecoder.Limits() == .init(maximumBytes: 1 << 20, maximumDepth: 64))
        let note = String(repeating: "x", count: 10_000_000)
        let text = #"{"title":"Hi","stars":3,"tags":[],"note":""# + note + #""}"#
        #expect(throws: GenUIError.self) { try decoder.decode(text) }
        let roomy = DefensiveDecoder(schema: cardSchema, limits: .init(maximumBytes: 16 << 20, maximumDepth: 64))
        let result = try roomy.decode(text)
        #expect(try result.content.value(String.self, forProperty: "note").count == 10_000_000)
    }
}
