/// How far a model download has come: the numbers behind ``UnavailableReason/modelNotReady(progress:detail:)`` while
/// a model downloads.
///
/// The reason keeps its Foundation Models shape (a fraction and a text), so the numbers travel in the detail as one
/// well-known text, `downloading 112197632 of 262144000 bytes, about 123 s left` — plain digits, no locale, exact —
/// that ``init(detail:)`` reads back. People never see that text as it is: the diagnostics layer recognises it and
/// writes the sentence in the user's language with that language's number and duration formats
/// ("downloading 112 MB of 262 MB, about 2 min 3 s left"; German "112,2 MB von 262,1 MB heruntergeladen, …").
public struct ModelDownloadProgress: Sendable, Hashable {
    /// Bytes downloaded so far.
    public var bytes: Int64
    /// The full size, when known.
    public var expectedBytes: Int64?
    /// Whole seconds until the download ends at the recent rate, when known.
    public var secondsLeft: Int64?

    /// Creates a progress; negative numbers are clamped to zero, a size of zero or less counts as unknown, and a time
    /// left that is not a finite number (or beyond a million hours) as unknown.
    public init(bytes: Int64, expectedBytes: Int64?, secondsLeft: Double?) {
        self.bytes = max(0, bytes)
        self.expectedBytes = expectedBytes.flatMap { $0 > 0 ? $0 : nil }
        if let secondsLeft, secondsLeft.isFinite, secondsLeft >= 0, secondsLeft < 3.6e9 {
            self.secondsLeft = Int64(secondsLeft.rounded())
        } else {
            self.secondsLeft = nil
        }
    }

    /// The fraction done, 0...1, when the full size is known.
    public var fraction: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return nil }
        return min(1, max(0, Double(bytes) / Double(expectedBytes)))
    }

    /// The well-known text: `downloading B bytes`, `downloading B of T bytes`, either followed by `, about S s left`.
    public var detail: String {
        var text = "downloading \(bytes)"
        if let expectedBytes { text += " of \(expectedBytes)" }
        text += " bytes"
        if let secondsLeft { text += ", about \(secondsLeft) s left" }
        return text
    }

    /// Reads ``detail`` back; `nil` for any other text (a detail from elsewhere, a server's words).
    public init?(detail: String) {
        var rest = Substring(detail)
        func take(_ literal: String) -> Bool {
            guard rest.hasPrefix(literal) else { return false }
            rest = rest.dropFirst(literal.count)
            return true
        }
        func number() -> Int64? {
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            guard !digits.isEmpty, digits.count <= 18, let value = Int64(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            return value
        }
        guard take("downloading "), let bytes = number() else { return nil }
        var expected: Int64?
        if take(" of ") {
            guard let value = number() else { return nil }
            expected = value
        }
        guard take(" bytes") else { return nil }
        var seconds: Int64?
        if take(", about ") {
            guard let value = number(), take(" s left") else { return nil }
            seconds = value
        }
        guard rest.isEmpty else { return nil }
        self.init(bytes: bytes, expectedBytes: expected, secondsLeft: seconds.map(Double.init))
    }
}

extension UnavailableReason {
    /// `modelNotReady` for a download in progress: the fraction done, and ``ModelDownloadProgress/detail`` as the
    /// detail.
    public static func downloading(_ progress: ModelDownloadProgress) -> UnavailableReason {
        .modelNotReady(progress: progress.fraction, detail: progress.detail)
    }

    /// The download's numbers, when this is `modelNotReady` for a download (see ``downloading(_:)``).
    public var downloadProgress: ModelDownloadProgress? {
        guard case .modelNotReady(_, let detail?) = self else { return nil }
        return ModelDownloadProgress(detail: detail)
    }
}
