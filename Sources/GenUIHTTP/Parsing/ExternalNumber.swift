/// Reads numbers that come from outside — header values, fields of a server's JSON, durations a server asks for —
/// with checked conversions only: no input traps, whatever its size, sign or spelling.
///
/// Text is read as a plain decimal number (ASCII digits, an optional sign, fraction and exponent). `inf`, `nan`,
/// hexadecimal, digits of other scripts and embedded spaces are not numbers here. Values are then clamped to the
/// range the caller names; what cannot be clamped meaningfully (NaN, a negative wait) is `nil`.
public enum ExternalNumber {
    /// `text` as a plain decimal number (`12`, `-0.5`, `1e16`, `+3.25E-2`), or `nil` when it is anything else.
    /// Leading and trailing spaces and tabs are ignored. Magnitudes too large for a `Double` read as ±infinity.
    public static func decimal<Text: StringProtocol>(_ text: Text) -> Double? {
        let bytes = Array(text.utf8)
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        guard start < end, isPlainDecimal(bytes[start..<end]) else { return nil }
        return Double(String(decoding: bytes[start..<end], as: UTF8.self))
    }

    /// Whether `bytes` spell `[+-]? digits ( . digits? )? ( [eE] [+-]? digits )?` (or `.digits`), ASCII only.
    static func isPlainDecimal(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func digits() -> Int {
            let from = index
            while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
            return index - from
        }
        if index < bytes.endIndex, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
        var mantissaDigits = digits()
        if index < bytes.endIndex, bytes[index] == 0x2E {
            index += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if index < bytes.endIndex, bytes[index] == 0x65 || bytes[index] == 0x45 {
            index += 1
            if index < bytes.endIndex, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == bytes.endIndex
    }

    /// A wait of `value` units of `unit` (e.g. seconds, `.seconds(1)`; milliseconds, `.milliseconds(1)`), clamped to
    /// `0...maximum`. `nil` for NaN and for negative values (a server cannot ask for a wait into the past); `+inf`
    /// and anything past `maximum` is `maximum`.
    public static func duration(_ value: Double, unit: Duration, maximum: Duration) -> Duration? {
        guard !value.isNaN, value >= 0 else { return nil }
        let maximumMilliseconds = milliseconds(of: maximum)
        let unitMilliseconds = Double(milliseconds(of: unit))
        let wanted = value * unitMilliseconds
        // `wanted` is finite and at most `maximumMilliseconds` below, which is an exact Int64 range.
        guard wanted.isFinite, wanted < Double(maximumMilliseconds) else { return maximum }
        return .milliseconds(Int64(wanted.rounded()))
    }

    /// A duration written as text in `unit`s (`"13"`, `"0.5"`, `"1e16"`), clamped like ``duration(_:unit:maximum:)``.
    public static func duration<Text: StringProtocol>(_ text: Text, unit: Duration, maximum: Duration) -> Duration? {
        decimal(text).flatMap { duration($0, unit: unit, maximum: maximum) }
    }

    /// `value` as an integer clamped to `range`, rounding toward zero; `nil` for NaN.
    public static func integer(_ value: Double, in range: ClosedRange<Int64> = 0...Int64.max) -> Int64? {
        guard !value.isNaN else { return nil }
        // Comparisons in Double: Double(range.upperBound) may round up past it, so the clamp is checked on both sides.
        if value <= Double(range.lowerBound) { return range.lowerBound }
        if value >= Double(range.upperBound) { return range.upperBound }
        return min(max(Int64(value.rounded(.towardZero)), range.lowerBound), range.upperBound)
    }

    /// A count written as ASCII digits (`"1048576"`), clamped to `maximum`; `nil` for anything else (signs, spaces,
    /// fractions, other scripts' digits).
    public static func count<Text: StringProtocol>(_ text: Text, maximum: Int = Int.max) -> Int? {
        guard !text.isEmpty else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = shifted.addingReportingOverflow(Int(byte - 0x30))
            if overflowA || overflowB || next > maximum {
                value = maximum
                // Keep validating the rest of the text.
                continue
            }
            value = next
        }
        return min(value, maximum)
    }

    /// A measurement a server reports (seconds, tokens per second): kept when finite and within `range`, else `nil`.
    public static func measurement(_ value: Double?, in range: ClosedRange<Double> = 0...1e12) -> Double? {
        guard let value, value.isFinite, range.contains(value) else { return nil }
        return value
    }

    /// Whole milliseconds of `duration`, saturating at `Int64.max`, never trapping.
    static func milliseconds(of duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return seconds < 0 ? Int64.min : Int64.max }
        let (sum, overflowSum) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        if overflowSum { return seconds < 0 ? Int64.min : Int64.max }
        return sum
    }
}
