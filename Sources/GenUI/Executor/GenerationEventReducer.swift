import Foundation

/// Turns an executor's events into transcript entries, as Foundation Models 27's session does.
///
/// - `entryID: nil` continues the trailing entry when the previous event was of the same kind, and opens an entry
///   with a new identifier otherwise; an explicit identifier names its entry (opening it on first use).
/// - Text appends to the named segment, or to the entry's current text segment; a new segment identifier opens a
///   segment. A replacement replaces the named or current segment.
/// - Metadata and usage replace earlier values; without reported usage, the events' token counts are summed
///   (saturating at `Int.max`).
/// - Tool-call arguments are joined per call identifier (calls may interleave) and parsed when the turn ends;
///   a removed call is dropped.
/// - A data event replaces the data entry with the same identifier, or adds one.
///
/// Text is appended in place (each segment's text is kept apart from the entries until they are asked for), and
/// entries are found by identifier in constant time, so a turn of many deltas costs time in proportion to its length.
///
/// What the reducer accepts is bounded by its ``ResponseLimits``, as a provider's own stream is: the response text
/// (with the identifiers of its entries and segments) by ``ResponseLimits/maximumOutputBytes``, the reasoning by
/// ``ResponseLimits/maximumReasoningBytes``, and the tool calls by ``ResponseLimits/maximumToolCalls``, by
/// ``ResponseLimits/maximumToolArgumentBytes`` per call and by ``ResponseLimits/maximumOutputBytes`` for their ids,
/// names and arguments together. The event that would pass a bound is refused with
/// ``GenUIError/responseTooLarge(limit:_:)`` naming the bound, and nothing of it is kept.
struct GenerationEventReducer: Sendable {
    typealias Event = LanguageModelExecutorGenerationChannel.Event
    typealias Usage = LanguageModelExecutorGenerationChannel.Usage

    /// The bounds on what is accepted.
    let limits: ResponseLimits

    /// The usage the executor reported last, if any.
    private(set) var reportedUsage: Usage?
    /// Output tokens counted from the events.
    private(set) var countedOutputTokens = 0
    /// Reasoning tokens counted from the events.
    private(set) var countedReasoningTokens = 0

    /// Bytes charged to each bound so far.
    private var responseBytes = 0
    private var reasoningBytes = 0
    private var toolCallBytes = 0

    /// A response or reasoning entry as it grows: the order of its segments, and the text of each text segment kept
    /// apart, so that appending never copies what is there.
    private struct TextEntry: Sendable {
        enum Piece: Sendable {
            case text(id: String)
            case attachment(Transcript.AttachmentSegment)

            var id: String {
                switch self {
                case .text(let id): id
                case .attachment(let segment): segment.id
                }
            }
        }

        var id: String
        var pieces: [Piece] = []
        var texts: [String: String] = [:]
        var metadata: [String: GeneratedContent] = [:]
        var signature: Data?
        /// The segment text without a segment identifier goes to.
        var current: String?

        var segments: [Transcript.Segment] {
            pieces.map { piece in
                switch piece {
                case .text(let id): .text(Transcript.TextSegment(id: id, content: texts[id] ?? ""))
                case .attachment(let segment): .attachment(segment)
                }
            }
        }
    }

    private enum Kind: Hashable, Sendable { case response, reasoning, toolCalls, data }
    private struct Key: Hashable, Sendable {
        var kind: Kind
        var id: String
    }

    private var textEntries: [TextEntry] = []
    private var callEntries: [Transcript.ToolCalls] = []
    private var dataEntries: [Transcript.DataEntry] = []
    /// Every entry in the order it was opened, and where each lives in its kind's array.
    private var order: [Key] = []
    private var positions: [Key: Int] = [:]
    private var trailing: (kind: Event.EntryKind, id: String)?
    private var arguments: [String: String] = [:]
    private var callCount = 0

    /// A reducer bounded by `limits`.
    init(limits: ResponseLimits = .standard) {
        self.limits = limits
    }

    /// What applying an event changed in the response text, for streaming.
    enum ResponseTextChange: Equatable {
        /// Text was appended.
        case appended(String)
        /// Text was replaced: the response's whole text is now this.
        case replaced(String)
    }

    /// The entries so far, in the order they were opened. Tool calls carry their arguments only once
    /// ``finishedEntries(provider:)`` parsed them.
    var entries: [Transcript.Entry] {
        order.map { key in
            let position = positions[key] ?? 0
            switch key.kind {
            case .response:
                let entry = textEntries[position]
                return .response(Transcript.Response(id: entry.id, metadata: entry.metadata, segments: entry.segments))
            case .reasoning:
                let entry = textEntries[position]
                return .reasoning(
                    Transcript.Reasoning(
                        id: entry.id, metadata: entry.metadata, segments: entry.segments, signature: entry.signature))
            case .toolCalls:
                return .toolCalls(callEntries[position])
            case .data:
                return .data(dataEntries[position])
            }
        }
    }

    /// The usage of the turn: the reported totals, or the counted ones.
    var usage: Usage {
        reportedUsage
            ?? Usage(
                input: .init(totalTokenCount: 0, cachedTokenCount: 0),
                output: .init(totalTokenCount: countedOutputTokens, reasoningTokenCount: countedReasoningTokens))
    }

    /// The text of the turn's response entries.
    var responseText: String {
        order.compactMap { key -> String? in
            guard key.kind == .response, let position = positions[key] else { return nil }
            return Transcript.text(of: textEntries[position].segments)
        }.joined(separator: "\n")
    }

    /// Applies `event`; returns how the response text changed, if it did. Throws
    /// ``GenUIError/responseTooLarge(limit:_:)`` when the event would pass a bound (the event is not applied).
    @discardableResult
    mutating func apply(_ event: Event) throws(GenUIError) -> ResponseTextChange? {
        let id = resolveID(of: event)
        switch event.kind {
        case .response(let response):
            return try applyText(response.action.change, key: Key(kind: .response, id: id))
        case .reasoning(let reasoning):
            _ = try applyText(reasoning.action.change, key: Key(kind: .reasoning, id: id))
        case .toolCalls(let calls):
            try applyToToolCalls(calls.action.change, id: id)
        case .data(let data):
            var entry = data.action.update
            entry.id = id
            let key = Key(kind: .data, id: id)
            if let position = positions[key] {
                dataEntries[position] = entry
            } else {
                open(key, count: dataEntries.count)
                dataEntries.append(entry)
            }
        }
        return nil
    }

    /// The entries with every tool call's arguments parsed; throws ``GenUIError/invalidToolCall(tool:path:details:_:)``
    /// for arguments that are not JSON.
    func finishedEntries(provider: String) throws(GenUIError) -> [Transcript.Entry] {
        var finished: [Transcript.Entry] = []
        for entry in entries {
            guard case .toolCalls(let calls) = entry else {
                finished.append(entry)
                continue
            }
            var parsed: [Transcript.ToolCall] = []
            for call in calls {
                var result = try Transcript.ToolCall.parsing(
                    id: call.id, toolName: call.toolName, argumentsJSON: arguments[call.id] ?? "", provider: provider)
                result.metadata = call.metadata
                parsed.append(result)
            }
            if !parsed.isEmpty { finished.append(.toolCalls(Transcript.ToolCalls(id: calls.id, parsed))) }
        }
        return finished
    }

    // MARK: - Entries

    private mutating func resolveID(of event: Event) -> String {
        let id: String
        if let named = event.entryID {
            id = named
        } else if let trailing, trailing.kind == event.entryKind {
            id = trailing.id
        } else {
            id = UUID().uuidString
        }
        trailing = (event.entryKind, id)
        return id
    }

    private mutating func open(_ key: Key, count: Int) {
        positions[key] = count
        order.append(key)
    }

    // MARK: - Response and reasoning

    /// Applies what response and reasoning entries share: text, attachments, metadata, usage and token counts
    /// (reasoning's also counted as reasoning tokens). A signature only counts its tokens and replaces the signature.
    private mutating func applyText(_ change: TextEntryChange, key: Key) throws(GenUIError) -> ResponseTextChange? {
        let reasoning = key.kind == .reasoning
        let position: Int
        if let existing = positions[key] {
            position = existing
        } else {
            try charge(key.id.utf8.count + 1, reasoning: reasoning)
            position = textEntries.count
            open(key, count: position)
            textEntries.append(TextEntry(id: key.id))
        }
        switch change {
        case .appendText(let text, let segmentID, let tokenCount):
            let target = segmentID ?? textEntries[position].current
            if let target, textEntries[position].texts[target] != nil {
                try charge(text.utf8.count, reasoning: reasoning)
                textEntries[position].texts[target]?.append(text)
                textEntries[position].current = target
            } else {
                try startSegment(segmentID, text: text, at: position, reasoning: reasoning)
            }
            count(tokenCount, reasoning: reasoning)
            return reasoning ? nil : .appended(text)
        case .replaceText(let text, let segmentID, let tokenCount):
            let target = segmentID ?? textEntries[position].current
            if let target, let piece = textEntries[position].pieces.firstIndex(where: { $0.id == target }) {
                let before = textEntries[position].texts[target]?.utf8.count ?? 0
                try charge(text.utf8.count - before, reasoning: reasoning)
                textEntries[position].pieces[piece] = .text(id: target)
                textEntries[position].texts[target] = text
                textEntries[position].current = target
            } else {
                try startSegment(segmentID, text: text, at: position, reasoning: reasoning)
            }
            count(tokenCount, reasoning: reasoning)
            return reasoning ? nil : .replaced(Transcript.text(of: textEntries[position].segments))
        case .signature(let signature, let tokenCount):
            if reasoning {
                // A signature is kept with the reasoning it signs, so it is charged to the reasoning's bound.
                try charge(signature.count - (textEntries[position].signature?.count ?? 0), reasoning: true)
                textEntries[position].signature = signature
            }
            count(tokenCount, reasoning: reasoning)
        case .addAttachment(let segment):
            try charge(segment.id.utf8.count + 1, reasoning: reasoning)
            textEntries[position].pieces.append(.attachment(segment))
        case .removeAttachment(let segmentID):
            textEntries[position].pieces.removeAll { $0.id == segmentID }
            if let removed = textEntries[position].texts.removeValue(forKey: segmentID) {
                refund(removed.utf8.count, reasoning: reasoning)
            }
        case .metadata(let values):
            textEntries[position].metadata = values
        case .usage(let usage, let values):
            reportedUsage = usage
            if !values.isEmpty { textEntries[position].metadata.merge(values) { _, new in new } }
        }
        return nil
    }

    /// Starts a text segment (`segmentID`, or a new id) holding `text` in the entry at `position`, charged to its
    /// bound, and makes it the segment later text goes to.
    private mutating func startSegment(
        _ segmentID: String?, text: String, at position: Int, reasoning: Bool
    ) throws(GenUIError) {
        let segment = segmentID ?? UUID().uuidString
        try charge(segment.utf8.count + 1 + text.utf8.count, reasoning: reasoning)
        textEntries[position].pieces.append(.text(id: segment))
        textEntries[position].texts[segment] = text
        textEntries[position].current = segment
    }

    private mutating func count(_ tokens: Int, reasoning: Bool) {
        countedOutputTokens = countedOutputTokens.addingSaturated(max(0, tokens))
        if reasoning { countedReasoningTokens = countedReasoningTokens.addingSaturated(max(0, tokens)) }
    }

    /// Charges `bytes` (negative: gives them back) to the response or the reasoning bound.
    private mutating func charge(_ bytes: Int, reasoning: Bool) throws(GenUIError) {
        if reasoning {
            guard bytes <= limits.maximumReasoningBytes - reasoningBytes else {
                throw ResponseLimits.exceeded("the model's reasoning", limit: limits.maximumReasoningBytes)
            }
            reasoningBytes = max(0, reasoningBytes + bytes)
        } else {
            guard bytes <= limits.maximumOutputBytes - responseBytes else {
                throw ResponseLimits.exceeded("the generated text", limit: limits.maximumOutputBytes)
            }
            responseBytes = max(0, responseBytes + bytes)
        }
    }

    private mutating func refund(_ bytes: Int, reasoning: Bool) {
        if reasoning {
            reasoningBytes = max(0, reasoningBytes - bytes)
        } else {
            responseBytes = max(0, responseBytes - bytes)
        }
    }

    // MARK: - Tool calls

    private mutating func applyToToolCalls(
        _ change: LanguageModelExecutorGenerationChannel.ToolCalls.Action.Change, id: String
    ) throws(GenUIError) {
        let key = Key(kind: .toolCalls, id: id)
        let position: Int
        if let existing = positions[key] {
            position = existing
        } else {
            try chargeToolCalls(id.utf8.count + 1)
            position = callEntries.count
            open(key, count: position)
            callEntries.append(Transcript.ToolCalls(id: id, []))
        }
        var calls = Array(callEntries[position])
        switch change {
        case .call(let call):
            if let index = calls.firstIndex(where: { $0.id == call.id }) {
                if calls[index].toolName != call.name {
                    try chargeToolCalls(call.name.utf8.count)
                    calls[index].toolName = call.name
                }
            } else {
                guard callCount < limits.maximumToolCalls else {
                    throw .responseTooLarge(
                        limit: limits.maximumToolCalls,
                        .init(
                            debugDescription:
                                "the model asked for more than \(limits.maximumToolCalls) tool calls in one turn; the transfer was stopped"
                        ))
                }
                try chargeToolCalls(call.id.utf8.count + call.name.utf8.count)
                callCount += 1
                calls.append(
                    Transcript.ToolCall(id: call.id, toolName: call.name, arguments: GeneratedContent(properties: [:])))
            }
            switch call.action.change {
            case .appendArguments(let text, let tokenCount):
                let added = text.utf8.count
                guard added <= limits.maximumToolArgumentBytes - (arguments[call.id]?.utf8.count ?? 0) else {
                    let tool = TerminalSafeText.sanitized(call.name, lines: .singleLine, maximumLength: 64)
                    throw .responseTooLarge(
                        limit: limits.maximumToolArgumentBytes,
                        .init(
                            debugDescription:
                                "the arguments of the call of \(tool) are longer than \(limits.maximumToolArgumentBytes) bytes; the transfer was stopped"
                        ))
                }
                try chargeToolCalls(added)
                countedOutputTokens = countedOutputTokens.addingSaturated(max(0, tokenCount))
                arguments[call.id, default: ""].append(text)
            case .metadata(let values):
                if let index = calls.firstIndex(where: { $0.id == call.id }) { calls[index].metadata = values }
            }
        case .remove(let callID):
            calls.removeAll { $0.id == callID }
            arguments[callID] = nil
        case .metadata:
            // Transcript.ToolCalls carries no metadata of its own; each call's metadata is kept on the call.
            break
        case .usage(let usage, _):
            reportedUsage = usage
        }
        callEntries[position] = Transcript.ToolCalls(id: id, calls)
    }

    private mutating func chargeToolCalls(_ bytes: Int) throws(GenUIError) {
        guard bytes <= limits.maximumOutputBytes - toolCallBytes else {
            throw ResponseLimits.exceeded("the tool calls of the response", limit: limits.maximumOutputBytes)
        }
        toolCallBytes += bytes
    }
}
