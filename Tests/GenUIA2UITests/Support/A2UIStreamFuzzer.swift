import Foundation

@testable import GenUIA2UI

/// SplitMix64: a small, fast generator that replays exactly for a seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random and adversarial A2UI streams: valid surfaces mixed with deep paths, huge strings, wide templates, regex
/// and formatString bombs, deep, cyclic and dangling components, deeply nested JSON and random damage. Every line
/// is at most 1 MiB, and so is every stream.
struct A2UIStreamFuzzer {
    /// The kinds of attack, counted per run.
    enum Attack: String, CaseIterable {
        case deepPath, hugeString, wideTemplate, regexBomb, formatStringBomb, deepComponents, cycle, nestedJSON, damage,
            plain
        /// Messages of versions genui does not read (`v1.0`, `v0.8`, a number), between the others.
        case otherVersion
        /// The stream speaks the v1.0 release candidate (read with it admitted): every message says `v1.0`, with its
        /// own shapes besides — a createSurface carrying components and data, `value: null`, `callFunction`,
        /// `actionResponse`, `@index` in a template.
        case candidate
    }

    /// Lines only v1.0 has, valid and damaged.
    static let candidateLines = [
        #"{"version":"v1.0","createSurface":{"surfaceId":"c","catalogId":"https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json","surfaceProperties":{"agentDisplayName":"Fuzz"},"components":[{"id":"root","component":"List","children":{"componentId":"row","path":"/rows"}},{"id":"row","component":"Text","text":{"call":"formatString","args":{"value":"${@index(offset:1)}"}}}],"dataModel":{"rows":[1,2,3]}}}"#,
        #"{"version":"v1.0","updateDataModel":{"surfaceId":"c","path":"/rows/0","value":null}}"#,
        #"{"version":"v1.0","updateDataModel":{"surfaceId":"c","path":"/rows"}}"#,
        #"{"version":"v1.0","callFunction":{"call":"openUrl","args":{"url":"https://example.com"}},"functionCallId":"f1","wantResponse":true}"#,
        #"{"version":"v1.0","actionResponse":{"value":{"ok":true}},"actionId":"a1"}"#,
        #"{"version":"v1.0","actionResponse":{"error":{"code":"E"}},"actionId":"a2"}"#,
        #"{"version":"v1.0","updateComponents":{"surfaceId":"c","components":[{"id":"i","component":"Text","text":{"call":"@index","args":{"offset":{"path":"/n"}}}},{"id":"v","component":"Video","url":"https://x.y/v.mp4","posterUrl":"https://x.y/p.png"},{"id":"s","component":"Slider","value":1,"max":9,"steps":3}]}}"#,
        ##"{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"x","theme":{"primaryColor":"#000000"}}}"##,
    ]

    var generator: SplitMix64
    static let maximumStreamBytes = 1 << 20

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

    /// A size that is usually small and sometimes as large as `maximum`.
    mutating func size(_ maximum: Int) -> Int {
        chance(97) ? int(0...min(maximum, 2_000)) : int(0...maximum)
    }

    static let create =
        #"{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}"#

    /// One stream and the attacks it holds.
    mutating func stream() -> (text: String, attacks: [Attack]) {
        var lines = [Self.create]
        var attacks: [Attack] = []
        var base = [
            #"{"id":"root","component":"Column","children":["title","list","form"]}"#,
            #"{"id":"title","component":"Text","text":{"call":"formatString","args":{"value":"Hello ${/name}"}},"variant":"h1"}"#,
            #"{"id":"list","component":"List","children":{"componentId":"item","path":"/items"}}"#,
            #"{"id":"item","component":"Card","child":"itemText"}"#,
            #"{"id":"itemText","component":"Text","text":{"path":"label"}}"#,
            #"{"id":"form","component":"TextField","label":"Email","value":{"path":"/email"},"checks":[{"condition":{"call":"email","args":{"value":{"path":"/email"}}},"message":"bad email"}]}"#,
        ]
        lines.append(
            HostileStreams.data(#"{"name":"Ada","email":"ada@example.com","items":[{"label":"one"},{"label":"two"}]}"#))
        for _ in 0..<int(1...4) {
            // The candidate is a property of the whole stream, chosen below.
            let attack = Attack.allCases.filter { $0 != .candidate }.randomElement(using: &generator) ?? .plain
            attacks.append(attack)
            switch attack {
            case .deepPath:
                let segments = size(400_000)
                let path = String(repeating: chance(50) ? "/a" : "/0", count: segments)
                lines.append(
                    chance(50)
                        ? HostileStreams.data(#""x""#, path: path)
                        : HostileStreams.update([#"{"id":"deep","component":"Text","text":{"path":"\#(path)"}}"#]))
                base[0] = #"{"id":"root","component":"Column","children":["title","list","form","deep"]}"#
            case .hugeString:
                let unit = [#"\n"#, "x", "é", #"\u001b[2J"#, "界", " "].randomElement(using: &generator) ?? "x"
                let text = String(repeating: unit, count: size(900_000) / unit.utf8.count)
                lines.append(HostileStreams.data(#""\#(text)""#, path: chance(50) ? "/name" : "/items/0/label"))
            case .wideTemplate:
                let items = chance(90) ? int(0...100) : size(200_000)
                let element = chance(50) ? "0" : #"{"label":{"a":[1,2,3]}}"#
                lines.append(
                    HostileStreams.data(
                        "[" + Array(repeating: element, count: items).joined(separator: ",") + "]", path: "/items"))
            case .regexBomb:
                let count = chance(90) ? int(1...20) : int(21...400)
                let subject = String(repeating: "a", count: chance(90) ? int(5...16) : int(17...40)) + "b"
                let patterns = ["^(a+)+$", "(a|aa)+$", "^(a|a?)+$", "(.*a){12}", "(", "^\\\\d{10}$"]
                var components = [
                    #"{"id":"form","component":"Column","children":[\#((0..<count).map { "\"r\($0)\"" }.joined(separator: ","))]}"#
                ]
                for index in 0..<count {
                    let pattern = patterns.randomElement(using: &generator) ?? "a"
                    components.append(
                        #"{"id":"r\#(index)","component":"TextField","label":"R","checks":[{"condition":{"call":"regex","args":{"value":"\#(subject)","pattern":"\#(pattern)"}},"message":"m"}]}"#
                    )
                }
                lines.append(HostileStreams.update(components))
            case .formatStringBomb:
                let pieces = [
                    "${", "${/name}", "${formatNumber(value:${/n}, decimals:2)}", "\\\\${", "}", "{", "${${${",
                ]
                let piece = pieces.randomElement(using: &generator) ?? "${"
                let template = String(repeating: piece, count: max(1, size(400_000) / piece.utf8.count))
                base[1] =
                    #"{"id":"title","component":"Text","text":{"call":"formatString","args":{"value":"\#(template)"}}}"#
            case .deepComponents:
                let depth = int(1...200)
                var components = [#"{"id":"form","component":"Card","child":"d0"}"#]
                for index in 0..<depth {
                    components.append(#"{"id":"d\#(index)","component":"Card","child":"d\#(index + 1)"}"#)
                }
                components.append(#"{"id":"d\#(depth)","component":"Text","text":{"path":"/name"}}"#)
                lines.append(HostileStreams.update(components))
            case .cycle:
                lines.append(
                    HostileStreams.update([
                        #"{"id":"form","component":"Row","children":["c1","ghost"]}"#,
                        #"{"id":"c1","component":"Card","child":"c2"}"#,
                        #"{"id":"c2","component":"Column","children":["form","c1"]}"#,
                        #"{"id":"itemText","component":"List","children":{"componentId":"item","path":"/items"}}"#,
                    ]))
            case .nestedJSON:
                let levels = size(400_000)
                lines.append(
                    chance(50)
                        ? HostileStreams.nestedArrays(levels: levels)
                        : HostileStreams.data(
                            String(repeating: "[", count: min(levels, 60))
                                + String(repeating: "]", count: min(levels, 60)), path: "/items"))
            case .damage:
                var line = base.randomElement(using: &generator) ?? ""
                var bytes = Array(line.utf8)
                for _ in 0..<int(1...8) where !bytes.isEmpty {
                    bytes[int(0...(bytes.count - 1))] = UInt8(int(32...126))
                }
                line = String(decoding: bytes, as: UTF8.self)
                lines.append(HostileStreams.update([line]))
            case .plain, .candidate:
                lines.append(HostileStreams.data(#"{"n":\#(int(-1_000...1_000)),"email":"x@y.z"}"#, path: "/"))
            case .otherVersion:
                let version =
                    [#""v1.0""#, #""v0.8""#, "0.9", #""v0.9.2""#].randomElement(using: &generator) ?? #""v1.0""#
                for _ in 0..<int(1...20) {
                    let line =
                        (base.randomElement(using: &generator)).map { HostileStreams.update([$0]) } ?? Self.create
                    lines.append(line.replacingOccurrences(of: #""version":"v0.9""#, with: "\"version\":\(version)"))
                }
            }
        }
        lines.insert(HostileStreams.update(base), at: 1)
        // A quarter of the streams speak the v1.0 candidate, with some of its own messages among the others.
        if chance(25) {
            attacks.append(.candidate)
            lines = lines.map { $0.replacingOccurrences(of: #"{"version":"v0.9","#, with: #"{"version":"v1.0","#) }
            for _ in 0..<int(1...12) {
                let line = Self.candidateLines.randomElement(using: &generator) ?? ""
                lines.insert(chance(80) ? line : String(line.prefix(int(0...line.count))), at: int(1...lines.count))
            }
            return finished(lines, attacks)
        }
        // Half the streams speak v0.9.1, as current agents do; some mix the two versions line by line.
        if chance(50) {
            let mixed = chance(30)
            lines = lines.map { line in
                mixed && chance(50)
                    ? line : line.replacingOccurrences(of: #"{"version":"v0.9","#, with: #"{"version":"v0.9.1","#)
            }
        }
        return finished(lines, attacks)
    }

    /// The lines as one stream of at most 1 MiB: the lines that do not fit are left out.
    func finished(_ lines: [String], _ attacks: [Attack]) -> (text: String, attacks: [Attack]) {
        var text = ""
        for line in lines where text.utf8.count + line.utf8.count + 1 <= Self.maximumStreamBytes {
            text += line + "\n"
        }
        return (text, attacks)
    }
}
