import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Random and adversarial streams through the whole client: reading, resolving and rendering as text, HTML and JSON.
/// None may crash; every resolution stays within the evaluation budget, every rendering within its output bounds,
/// the client within its stored-bytes and problem bounds.
@Suite("A2UI stream fuzz", .tags(.unit))
struct A2UIFuzzTests {
    /// Streams per run: `GENUI_FUZZ_COUNT` (`make fuzz`), else 40.
    static var count: Int { ProcessInfo.processInfo.environment["GENUI_FUZZ_COUNT"].flatMap(Int.init) ?? 40 }

    /// `GENUI_FUZZ_SEED` replays a run; otherwise each run takes a new seed, printed so a failure can be replayed.
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["GENUI_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
    }

    /// The peak resident set size of this process, in KiB (Linux) or bytes (macOS).
    static func peakResidentSize() -> Int {
        var usage = rusage()
        #if os(Linux)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return Int(usage.ru_maxrss)
    }

    @Test("fuzzed streams never crash and stay within the evaluation budget and the output, problem and storage bounds")
    func fuzz() throws {
        let seed = Self.seed
        var fuzzer = A2UIStreamFuzzer(seed: seed)
        let limits = A2UILimits.default
        var attacks: [A2UIStreamFuzzer.Attack: Int] = [:]
        var slowest = 0.0
        var slowestAttacks: [A2UIStreamFuzzer.Attack] = []
        var slowestPhases = ""
        var timeByAttack: [A2UIStreamFuzzer.Attack: Double] = [:]
        var largestOutput = 0
        var mostWork = 0
        var largestStream = 0
        let started = Date()
        for _ in 0..<Self.count {
            let (stream, used) = fuzzer.stream()
            for attack in used { attacks[attack, default: 0] += 1 }
            #expect(stream.utf8.count <= A2UIStreamFuzzer.maximumStreamBytes)
            largestStream = max(largestStream, stream.utf8.count)
            let begin = Date()
            // A stream in the v1.0 candidate is read with it admitted, as `--a2ui-version 1.0` does.
            var client = A2UIClient(
                limits: limits,
                versions: used.contains(.candidate) ? A2UIVersion.released.union([.v1_0]) : A2UIVersion.released)
            client.process(jsonl: stream)
            let read = Date()
            let resolutions = client.surfaceOrder.compactMap { client.resolve(surfaceID: $0) }
            let resolved = Date()
            let text = A2UITerminalRenderer(limits: limits).renderedOutput(resolutions)
            let html = A2UIHTMLRenderer(limits: limits).renderedOutput(resolutions)
            let json = A2UIJSONRenderer(limits: limits).renderedOutput(resolutions)
            let elapsed = Date().timeIntervalSince(begin)
            for attack in Set(used) { timeByAttack[attack, default: 0] += elapsed }
            if elapsed > slowest {
                slowest = elapsed
                slowestAttacks = used
                slowestPhases = String(
                    format: "read %.3f s, resolve %.3f s, render %.3f s", read.timeIntervalSince(begin),
                    resolved.timeIntervalSince(read), Date().timeIntervalSince(resolved))
            }
            #expect(client.problems.count <= limits.maximumProblems)
            #expect(client.storedBytes <= limits.maximumStoredBytes)
            // A version genui does not read is reported once per stream whatever the number of its messages.
            let versionProblems = client.problems.filter { $0.kind == .unsupportedVersion }
            #expect(
                Set(versionProblems.compactMap { $0.text?.arguments["found"] }).count == versionProblems.count,
                "seed \(seed)")
            #expect(used.contains(.otherVersion) || versionProblems.isEmpty, "seed \(seed)")
            // Every problem is a message of the localized catalog.
            #expect(
                client.problems.allSatisfy { $0.text != nil },
                "seed \(seed): \(client.problems.filter { $0.text == nil }.map(\.description))")
            for resolution in resolutions {
                #expect(resolution.evaluationWork <= limits.maximumEvaluationWork)
                #expect(resolution.problems.count <= limits.maximumProblems)
                mostWork = max(mostWork, resolution.evaluationWork)
                if let root = resolution.root { #expect(Self.count(root) <= limits.maximumNodes) }
            }
            #expect(
                text.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
                    <= limits.maximumOutputLines)
            for output in [text, html, json] {
                #expect(output.text.utf8.count <= limits.maximumOutputBytes, "seed \(seed)")
                largestOutput = max(largestOutput, output.text.utf8.count)
            }
            #expect(html.text.hasSuffix("</html>\n"))
            #expect(
                (try? JSONParser.parse(json.text, limits: .init(maximumBytes: 4 << 20, maximumDepth: 256))) != nil,
                "seed \(seed)")
        }
        let summary = attacks.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }
            .joined(separator: ", ")
        print(
            """
            A2UI stream fuzz: \(Self.count) streams in \(String(format: "%.1f", Date().timeIntervalSince(started))) s, seed \(seed) \
            (replay with GENUI_FUZZ_SEED=\(seed)); largest stream \(largestStream) bytes; slowest read+resolve+render \
            \(String(format: "%.3f", slowest)) s (\(slowestPhases); \(slowestAttacks.map(\.rawValue).joined(separator: "+"))); largest output \(largestOutput) bytes; most evaluation work \(mostWork) units; \
            peak RSS \(Self.peakResidentSize()) KiB; attacks: \(summary)
            """)
        print(
            "A2UI stream fuzz: seconds spent on the streams holding each attack:",
            timeByAttack.map { "\($0.key.rawValue) \(String(format: "%.1f", $0.value))" }.sorted().joined(
                separator: ", "))
    }

    /// The nodes of a tree, counted without recursion.
    static func count(_ root: A2UINode) -> Int {
        var stack = [root]
        var total = 0
        while let node = stack.popLast() {
            total += 1
            stack += node.children
        }
        return total
    }
}
