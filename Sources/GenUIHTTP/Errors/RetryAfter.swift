import Foundation

/// Reads how long a server asks callers to wait from its response headers.
public enum RetryAfter {
    /// The wait `headers` ask for (names lowercased): `retry-after-ms` (milliseconds), else `retry-after` as seconds
    /// or as an HTTP date (relative to `now`). `nil` when no header says, or it cannot be read.
    public static func parse(_ headers: [String: String], now: Date = Date()) -> Duration? {
        if let millis = headers["retry-after-ms"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }),
            millis.isFinite, millis >= 0
        {
            return .milliseconds(Int64(millis.rounded()))
        }
        guard let value = headers["retry-after"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return nil
        }
        if let seconds = Double(value), seconds.isFinite, seconds >= 0 {
            return .milliseconds(Int64((seconds * 1000).rounded()))
        }
        if let date = httpDate(value) {
            let seconds = max(0, date.timeIntervalSince(now))
            return .milliseconds(Int64((seconds * 1000).rounded()))
        }
        return nil
    }

    /// Parses an HTTP date (IMF-fixdate, RFC 850 or asctime form).
    public static func httpDate(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
