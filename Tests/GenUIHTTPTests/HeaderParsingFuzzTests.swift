import Foundation
import GenUI
import GenUIHTTP
import GenUITestSupport
import Testing

/// Generates the values a hostile or broken server can put where a duration or a count belongs: numbers of every
/// size and spelling, exponents, signs, `inf` and `nan`, HTTP dates from year 1 to 99999, digits of other scripts,
/// long digit runs and plain garbage. Deterministic for a seed (SplitMix64).
struct HeaderValueFuzzer {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

    /// A value, and the wait it stands for in seconds when it is a plain non-negative number (`nil` otherwise).
    mutating func value() -> (text: String, seconds: Double?) {
        switch below(10) {
        case 0:
            let n = below(200_000)
            return ("\(n)", Double(n))
        case 1:
            let whole = below(100_000)
            let fraction = below(1000)
            return ("\(whole).\(fraction)", Double("\(whole).\(fraction)"))
        case 2:
            let mantissa = pick(["1", "9", "1.5", "0.001", "123456789", ".5", "5."])
            let exponent = pick(["e", "E"]) + pick(["", "+", "-"]) + "\(below(400))"
            let text = mantissa + exponent
            return (text, Double(text))
        case 3:
            return (pick(["-", "+"]) + "\(below(1_000_000))" + pick(["", ".5", "e3", "e308", "e-5"]), nil)
        case 4:
            return (
                pick([
                    "inf", "-inf", "+inf", "infinity", "Infinity", "nan", "NaN", "-nan", "nan(0x1)", "0x1p3", "0x10",
                    "1_000", "1,5", "١٢", "１２", "१२", "٣.٥", "1e", "e5", ".", "-", "+", "", " ", "1 2", "\t7\t",
                    "1.2.3",
                    "--1", "1e+", "9" + String(repeating: "9", count: 30), "1e999999999999", "1e-999999999999",
                ]), nil
            )
        case 5:
            return (String(repeating: pick(["9", "0", "1"]), count: 1 + below(500)), nil)
        case 6:
            let day = pick(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "Xyz"])
            let month = pick(["Jan", "Feb", "Mar", "Jun", "Dec", "Foo"])
            let year = pick([1, 1970, 2000, 2026, 2100, 9999, 99999, below(100_000)])
            let time = "\(below(30)):\(below(70)):\(below(70))"
            return ("\(day), \(below(40)) \(month) \(year) \(time) \(pick(["GMT", "UTC", "PST", "", "+0200"]))", nil)
        case 7:
            let weekday = pick(["Sunday", "Monday", "Friday"])
            return ("\(weekday), \(below(32))-\(pick(["Nov", "Jan"]))-\(below(100)) 08:49:37 GMT", nil)
        case 8:
            return ("\(pick(["Sun", "Mon"])) \(pick(["Nov", "Feb"])) \(below(32)) 08:49:37 \(below(100_000))", nil)
        default:
            var scalars = String.UnicodeScalarView()
            for _ in 0..<below(24) {
                let raw = pick([
                    UInt32(below(128)), UInt32(0x660 + below(10)), UInt32(0xFF10 + below(10)), UInt32(below(0x3000)),
                ])
                if let scalar = Unicode.Scalar(raw) { scalars.append(scalar) }
            }
            return (String(scalars), nil)
        }
    }
}

/// `make fuzz` runs these with 100,000 inputs each: no value a server sends may trap, and every wait is clamped.
@Suite("Header and duration parsing fuzzing", .tags(.unit))
struct HeaderParsingFuzzTests {
    /// Inputs per run: `GENUI_FUZZ_COUNT` (`make fuzz` runs 100,000), else 2,000.
    static var count: Int { ProcessInfo.processInfo.environment["GENUI_FUZZ_COUNT"].flatMap(Int.init) ?? 2_000 }

    /// `GENUI_FUZZ_SEED` replays a run; otherwise each run takes a new seed, printed so a failure can be replayed.
    static func seed(_ name: String) -> UInt64 {
        let seed =
            ProcessInfo.processInfo.environment["GENUI_FUZZ_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0...UInt64.max)
        print("\(name) fuzz: \(count) inputs, seed \(seed) (replay with GENUI_FUZZ_SEED=\(seed))")
        return seed
    }

    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    /// The wait a plain number of seconds stands for, clamped as the parser promises.
    static func expected(seconds: Double, unit: Double) -> Duration {
        let milliseconds = seconds * unit
        guard milliseconds < 86_400_000 else { return RetryAfter.maximum }
        return .milliseconds(Int64(milliseconds.rounded()))
    }

    @Test("generated Retry-After and retry-after-ms values never trap and always give a wait within 0...1 day")
    func retryAfterHeaders() {
        var fuzzer = HeaderValueFuzzer(seed: Self.seed("Retry-After"))
        var read = 0
        var unreadable = 0
        var clampedToMaximum = 0
        for _ in 0..<Self.count {
            let (text, seconds) = fuzzer.value()
            let milliseconds = fuzzer.below(3) == 0
            let headers = milliseconds ? ["retry-after-ms": text] : ["retry-after": text]
            guard let wait = RetryAfter.parse(headers, now: Self.now) else {
                unreadable += 1
                #expect(seconds == nil || seconds! < 0, "a plain number was not read: \(text.debugDescription)")
                continue
            }
            read += 1
            if wait == RetryAfter.maximum { clampedToMaximum += 1 }
            #expect(wait >= .zero && wait <= RetryAfter.maximum, "\(text.debugDescription) gave \(wait)")
            if let seconds {
                #expect(
                    wait == Self.expected(seconds: seconds, unit: milliseconds ? 1 : 1000), "\(text.debugDescription)")
            }
        }
        print("Retry-After fuzz: \(read) read (\(clampedToMaximum) clamped to one day), \(unreadable) unreadable")
        #expect(read + unreadable == Self.count)
        #expect(read > 0 && unreadable > 0)
    }

    @Test("generated google.protobuf.Duration retryDelay values never trap and always give a wait within 0...1 day")
    func retryDelayDurations() {
        var fuzzer = HeaderValueFuzzer(seed: Self.seed("retryDelay"))
        var read = 0
        var unreadable = 0
        for _ in 0..<Self.count {
            let (number, seconds) = fuzzer.value()
            let suffixed = fuzzer.below(8) != 0
            let text = suffixed ? number + fuzzer.pick(["s", "s", "s", "S", "ms", " s", "ss"]) : number
            guard let wait = RetryAfter.protobufDuration(text) else {
                unreadable += 1
                continue
            }
            read += 1
            #expect(wait >= .zero && wait <= RetryAfter.maximum, "\(text.debugDescription) gave \(wait)")
            if let seconds, text == number + "s" {
                #expect(wait == Self.expected(seconds: seconds, unit: 1000), "\(text.debugDescription)")
            }
        }
        print("retryDelay fuzz: \(read) read, \(unreadable) unreadable")
        #expect(read + unreadable == Self.count)
        #expect(read > 0 && unreadable > 0)
    }

    @Test("generated counts and server numbers never trap: ASCII digit runs clamp, everything else is refused")
    func countsAndNumbers() {
        var fuzzer = HeaderValueFuzzer(seed: Self.seed("count"))
        for _ in 0..<Self.count {
            let (text, _) = fuzzer.value()
            if let count = ExternalNumber.count(text, maximum: 1 << 40) {
                #expect(count >= 0 && count <= 1 << 40)
                #expect(text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 })
            }
            if let number = ExternalNumber.decimal(text) {
                #expect(!number.isNaN)
                let integer = ExternalNumber.integer(number, in: -1000...1000)
                #expect(integer.map { (-1000...1000).contains($0) } == true)
                _ = ExternalNumber.duration(number, unit: .milliseconds(1), maximum: .seconds(10))
            }
        }
        for special in [
            Double.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 9.3e18, -9.3e18,
        ] {
            let integer = ExternalNumber.integer(special)
            #expect(special.isNaN ? integer == nil : integer != nil)
            let wait = ExternalNumber.duration(special, unit: .seconds(1), maximum: RetryAfter.maximum)
            #expect(wait == nil || wait! <= RetryAfter.maximum)
        }
    }
}
