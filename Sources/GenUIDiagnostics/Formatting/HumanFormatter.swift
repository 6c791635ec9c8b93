import Foundation
import GenUI

/// Formats numbers for people, following the conventions of a language: decimal separator, units, spacing.
///
/// Bytes use decimal units ("1.9 GB", French "1,9 Go"); fractions are percentages ("43 %"); durations pick the
/// unit that reads best ("350 ms", "1.2 s", "2 min 5 s").
public struct HumanFormatter: Sendable {
    /// The language whose conventions apply.
    public let language: DiagnosticLanguage

    /// Creates a formatter.
    public init(language: DiagnosticLanguage) {
        self.language = language
    }

    private var decimalSeparator: String {
        switch language {
        case .german, .french, .spanish: ","
        case .english, .japanese, .simplifiedChinese, .pseudo: "."
        }
    }

    /// The space between a number and its unit (a plain space: terminals and logs render it everywhere).
    private var unitSpace: String { " " }

    /// A number with one decimal at most, in the language's notation.
    public func decimal(_ value: Double, maximumFractionDigits: Int = 1) -> String {
        guard value.isFinite else { return "–" }
        let factor = pow(10, Double(maximumFractionDigits))
        let rounded = (value * factor).rounded() / factor
        var text: String
        if rounded == rounded.rounded(), let whole = Int64(exactly: rounded) {
            text = String(whole)
        } else {
            text = String(format: "%.\(maximumFractionDigits)f", rounded)
            if text.contains(".") {
                while text.hasSuffix("0") { text.removeLast() }
                if text.hasSuffix(".") { text.removeLast() }
            }
        }
        return text.replacingOccurrences(of: ".", with: decimalSeparator)
    }

    /// A size in bytes: "1.9 GB", "98 MB", "512 B" (French: "1,9 Go").
    public func bytes(_ count: Int64) -> String {
        var units: [String] = language == .french ? ["o", "ko", "Mo", "Go", "To"] : ["B", "kB", "MB", "GB", "TB"]
        if language == .pseudo { units = units.map(PseudoLocale.accent) }
        var value = Double(count)
        var index = 0
        while abs(value) >= 1000, index < units.count - 1 {
            value /= 1000
            index += 1
        }
        let digits = index == 0 || abs(value) >= 100 ? 0 : 1
        return decimal(value, maximumFractionDigits: digits) + unitSpace + units[index]
    }

    /// A fraction in 0...1 as a percentage: "43 %" (Japanese and Chinese: "43%").
    public func percent(_ fraction: Double) -> String {
        let value = decimal(max(0, min(1, fraction)) * 100, maximumFractionDigits: 0)
        switch language {
        case .japanese, .simplifiedChinese: return value + "%"
        default: return value + unitSpace + "%"
        }
    }

    /// A duration: "350 ms", "1.2 s", "2 min 5 s", "1 h 3 min" (Japanese "1.2 秒", Chinese "1.2 秒").
    public func duration(_ duration: Duration) -> String {
        seconds(duration.components.seconds, attoseconds: duration.components.attoseconds)
    }

    /// A duration given in seconds.
    public func duration(seconds value: Double) -> String {
        // Clamped into Int64's seconds before converting: a duration from outside may be any Double.
        guard value.isFinite else { return "–" }
        let clamped = max(-Self.longestSeconds, min(Self.longestSeconds, value))
        let whole = Int64(clamped.rounded(.down))
        return seconds(whole, attoseconds: Int64((clamped - Double(whole)) * 1e18))
    }

    /// The longest duration written out exactly (about 292 billion years); longer ones are written as this.
    private static let longestSeconds = 9.2e18

    private func seconds(_ whole: Int64, attoseconds: Int64) -> String {
        let total = Double(whole) + Double(attoseconds) / 1e18
        let (ms, s, min, h): (String, String, String, String) =
            switch language {
            case .japanese: ("ミリ秒", "秒", "分", "時間")
            case .simplifiedChinese: ("毫秒", "秒", "分钟", "小时")
            case .german: ("ms", "s", "Min.", "Std.")
            case .pseudo:
                (
                    PseudoLocale.accent("ms"), PseudoLocale.accent("s"), PseudoLocale.accent("min"),
                    PseudoLocale.accent("h")
                )
            default: ("ms", "s", "min", "h")
            }
        if total < 1 { return decimal(total * 1000, maximumFractionDigits: 0) + unitSpace + ms }
        if total < 60 { return decimal(total, maximumFractionDigits: total < 10 ? 1 : 0) + unitSpace + s }
        // `total` is below 2^63 seconds (it came from an Int64 and a fraction), so this conversion cannot trap.
        let rounded = Int64(exactly: total.rounded()) ?? Int64.max
        if rounded < 3600 {
            let rest = rounded % 60
            return "\(rounded / 60)\(unitSpace)\(min)" + (rest == 0 ? "" : " \(rest)\(unitSpace)\(s)")
        }
        let minutes = (rounded % 3600) / 60
        return "\(rounded / 3600)\(unitSpace)\(h)" + (minutes == 0 ? "" : " \(minutes)\(unitSpace)\(min)")
    }

    /// Items joined the way the language lists them: "a, b" ("a、b" in Japanese and Chinese).
    ///
    /// Items are often names from outside (providers, models, capabilities a server lists): each is kept on one line
    /// and made terminal-safe (`TerminalSafeText`).
    public func list(_ items: [String]) -> String {
        let safe = items.map {
            TerminalSafeText.sanitized($0, lines: .singleLine, maximumLength: Self.maximumItemLength)
        }
        switch language {
        case .japanese, .simplifiedChinese: return safe.joined(separator: "、")
        default: return safe.joined(separator: ", ")
        }
    }

    /// The longest list item kept, in Unicode scalars.
    public static let maximumItemLength = 512
}
