/// The most a server or a model may send for one response. Past a limit the transfer is stopped and the request
/// fails with ``GenUIError/responseTooLarge(limit:_:)``, which a chain treats like a server failure (it moves
/// on to the next provider); nothing is ever buffered without bound.
///
/// | Limit | Value | What it bounds |
/// |---|---|---|
/// | ``maximumLineBytes`` | 1 MiB | one line of a server-sent-event or NDJSON stream |
/// | ``maximumEventBytes`` | 4 MiB | the data of one server-sent event (all its `data:` lines) |
/// | ``maximumBodyBytes`` | 16 MiB | a response body read whole (non-streamed answers, listings) |
/// | ``maximumOutputBytes`` | 4 MiB | the generated text of one response, streamed or not; also the ids, names and arguments of its tool calls together |
/// | ``maximumReasoningBytes`` | 4 MiB | the reasoning (thinking) text of one response and its signatures, counted apart from the text |
/// | ``maximumToolCalls`` | 128 | the tool calls one response may ask for |
/// | ``maximumToolArgumentBytes`` | 1 MiB | the arguments of one tool call |
/// | ``maximumUnreadBytes`` | 64 MiB | body bytes received but not yet read by the client (a server sending faster than it is read) |
public struct ResponseLimits: Sendable, Hashable {
    /// The longest line of a streamed body, in bytes.
    public var maximumLineBytes: Int
    /// The most data one server-sent event may carry, in bytes.
    public var maximumEventBytes: Int
    /// The largest body read whole, in bytes.
    public var maximumBodyBytes: Int
    /// The most generated text one response may have, in UTF-8 bytes.
    public var maximumOutputBytes: Int
    /// The most body bytes held for the client before it reads them, in bytes.
    public var maximumUnreadBytes: Int
    /// The most reasoning text (and reasoning signatures) one response may have, in UTF-8 bytes.
    public var maximumReasoningBytes: Int
    /// The most tool calls one response may ask for.
    public var maximumToolCalls: Int
    /// The most bytes of arguments one tool call may have.
    public var maximumToolArgumentBytes: Int

    /// Creates limits.
    public init(
        maximumLineBytes: Int = 1 << 20, maximumEventBytes: Int = 4 << 20, maximumBodyBytes: Int = 16 << 20,
        maximumOutputBytes: Int = 4 << 20, maximumUnreadBytes: Int = 64 << 20, maximumReasoningBytes: Int = 4 << 20,
        maximumToolCalls: Int = 128, maximumToolArgumentBytes: Int = 1 << 20
    ) {
        self.maximumLineBytes = maximumLineBytes
        self.maximumEventBytes = maximumEventBytes
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumOutputBytes = maximumOutputBytes
        self.maximumUnreadBytes = maximumUnreadBytes
        self.maximumReasoningBytes = maximumReasoningBytes
        self.maximumToolCalls = maximumToolCalls
        self.maximumToolArgumentBytes = maximumToolArgumentBytes
    }

    /// The limits every provider and session uses.
    public static let standard = ResponseLimits()

    /// The error for `what` (a sentence fragment: "a line of the stream") passing `limit` bytes.
    public static func exceeded(_ what: String, limit: Int) -> GenUIError {
        .responseTooLarge(
            limit: limit,
            .init(debugDescription: "\(what) passed the limit of \(describe(bytes: limit)); the transfer was stopped"))
    }

    /// `1 MiB`, `512 KiB`, `100 bytes`.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// The generated text of one response, growing delta by delta, bounded by
/// ``ResponseLimits/maximumOutputBytes``.
public struct OutputText: Sendable {
    /// The text so far.
    public private(set) var text = ""
    /// Its length in UTF-8 bytes.
    public private(set) var byteCount = 0
    /// The most bytes it may reach.
    public let limit: Int

    /// What the text is, in the error that names its bound ("the generated text", "the model's reasoning").
    public let what: String

    /// Creates an empty text bounded by `limit` bytes; `what` names it in the error past the bound.
    public init(limit: Int = ResponseLimits.standard.maximumOutputBytes, what: String = "the generated text") {
        self.limit = limit
        self.what = what
    }

    /// Appends `piece`; throws ``GenUIError/responseTooLarge(limit:_:)`` (and keeps the text as it was) when
    /// the text would pass the limit.
    public mutating func append(_ piece: String) throws(GenUIError) {
        let added = piece.utf8.count
        guard added <= limit - byteCount else {
            throw ResponseLimits.exceeded(what, limit: limit)
        }
        text += piece
        byteCount += added
    }

    /// Empties the text (a provider restarted its answer).
    public mutating func removeAll() {
        text = ""
        byteCount = 0
    }
}

/// A count of bytes against one of the ``ResponseLimits``, for output that is passed on as it arrives rather than kept
/// (the reasoning a provider streams, the thought signatures it sends).
public struct OutputBudget: Sendable {
    /// The most bytes that may be charged.
    public let limit: Int
    /// What is counted, in the error past the bound ("the model's reasoning").
    public let what: String
    /// The bytes charged so far.
    public private(set) var byteCount = 0

    /// An empty budget of `limit` bytes for `what`.
    public init(limit: Int, what: String) {
        self.limit = limit
        self.what = what
    }

    /// The reasoning of one response, and its signatures: ``ResponseLimits/maximumReasoningBytes``.
    public static func reasoning(limits: ResponseLimits = .standard) -> OutputBudget {
        OutputBudget(limit: limits.maximumReasoningBytes, what: "the model's reasoning")
    }

    /// Charges the UTF-8 bytes of `piece`; throws ``GenUIError/responseTooLarge(limit:_:)`` naming the bound (and
    /// charges nothing) when they would pass it.
    public mutating func charge(_ piece: String) throws(GenUIError) {
        try charge(bytes: piece.utf8.count)
    }

    /// Charges `bytes`, as ``charge(_:)`` does.
    public mutating func charge(bytes: Int) throws(GenUIError) {
        guard bytes <= limit - byteCount else { throw ResponseLimits.exceeded(what, limit: limit) }
        byteCount += max(0, bytes)
    }
}
