import Foundation
import Synchronization

/// Reads how long a server asks callers to wait from its response headers.
///
/// Every value is read with checked conversions (``ExternalNumber``) and clamped to ``maximum``: a hostile or broken
/// server can ask for `1e16` seconds, `1e19` milliseconds, a date in the year 9999 or `nan`, and the answer is at most
/// one day, or no wait at all when the value cannot be read.
public enum RetryAfter {
    /// The longest wait a server can ask for: one day. Longer requests are clamped to it.
    public static let maximum: Duration = .seconds(86_400)

    /// The wait `headers` ask for (names lowercased): `retry-after-ms` (milliseconds), else `retry-after` as seconds
    /// or as an HTTP date (relative to `now`), clamped to `0...`\(``maximum``). `nil` when no header says, or it cannot
    /// be read (negative, NaN, `inf`, not a number).
    public static func parse(_ headers: [String: String], now: Date = Date()) -> Duration? {
        if let millis = headers["retry-after-ms"],
            let wait = ExternalNumber.duration(millis, unit: .milliseconds(1), maximum: maximum)
        {
            return wait
        }
        guard let value = headers["retry-after"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return nil
        }
        if let wait = ExternalNumber.duration(value, unit: .seconds(1), maximum: maximum) { return wait }
        if let date = httpDate(value) {
            // A date in the past is no wait; one far in the future is the maximum.
            return ExternalNumber.duration(max(0, date.timeIntervalSince(now)), unit: .seconds(1), maximum: maximum)
        }
        return nil
    }

    /// A wait written as a `google.protobuf.Duration` in JSON (`"13s"`, `"0.5s"`), as Gemini's `RetryInfo.retryDelay`
    /// carries it, clamped to `0...`\(``maximum``); `nil` when it is not one (`"nans"`, `"-1s"`, `"1 s"`).
    public static func protobufDuration(_ text: String) -> Duration? {
        guard text.hasSuffix("s") else { return nil }
        return ExternalNumber.duration(text.dropLast(), unit: .seconds(1), maximum: maximum)
    }

    /// Parses an HTTP date (IMF-fixdate, RFC 850 or asctime form). Only short ASCII text is tried.
    public static func httpDate(_ text: String) -> Date? {
        guard text.utf8.count <= 64, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return dateFormatters.withLock { formatters in
            for formatter in formatters { if let date = formatter.date(from: text) { return date } }
            return nil
        }
    }

    /// The three date forms, made once (formatters are costly to create) and used under the lock.
    private static let dateFormatters = Mutex(
        ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"].map { format in
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            return formatter
        })
}
