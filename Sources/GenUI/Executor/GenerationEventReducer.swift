import Foundation

/// Turns an executor's events into transcript entries, as Foundation Models 27's session does.
///
/// - `entryID: nil` continues the trailing entry when the previous event was of the same kind, and opens an entry
///   with a new identifier otherwise; an explicit identifier names its entry (opening it on first use).
/// - Text appends to the named segment, or to the entry's current text segment; a new segment identifier opens a
///   segment. A replacement replaces the named or current segment.
/// - Metadata and usage replace earlier values; without reported usage, the events' token counts are summed.
/// - Tool-call arguments are joined per call identifier (calls may interleave) and parsed when the turn ends;
///   a removed call is dropped.
/// - A data event replaces the data entry with the same identifier, or adds one.
struct GenerationEventReducer: Sendable {
    typealias Event = LanguageModelExecutorGenerationChannel.Event
    typealias Usage = LanguageModelExecutorGenerationChannel.Usage

    /// The entries so far, in the order they were opened. Tool calls carry their arguments only once
    /// ``finishedEntries(provider:)`` parsed them.
    private(set) var entries: [Transcript.Entry] = []
    /// The usage the executor reported last, if any.
    private(set) var reportedUsage: Usage?
    /// Output tokens counted from the events.
    private(set) var countedOutputTokens = 0
    /// Reasoning tokens counted from the events.
    private(set) var countedReasoningTokens = 0

    private var trailing: (kind: Event.EntryKind, id: String)?
    private var currentSegment: [String: String] = [:]
    private var arguments: [String: String] = [:]

    /// What applying an event changed in the response text, for streaming.
    enum ResponseTextChange: Equatable {
        /// Text was appended.
        case appended(String)
        /// Text was replaced: the response's whole text is now this.
        case replaced(String)
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
        entries.compactMap { entry -> String? in
            guard case .response(let response) = entry else { return nil }
            return Transcript.text(of: response.segments)
        }.joined(separator: "\n")
    }

    /// Applies `event`; returns how the response text changed, if it did.
    @discardableResult
    mutating func apply(_ event: Event) -> ResponseTextChange? {
        let id = resolveID(of: event)
        switch event.kind {
        case .response(let response):
            return applyToResponse(response.action.change, id: id)
        case .reasoning(let reasoning):
            applyToReasoning(reasoning.action.change, id: id)
        case .toolCalls(let calls):
            applyToToolCalls(calls.action.change, id: id)
        case .data(let data):
            var entry = data.action.update
            entry.id = id
            if let index = entries.firstIndex(where: { $0.id == id }) {
                entries[index] = .data(entry)
            } else {
                entries.append(.data(entry))
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

    private mutating func applyToResponse(_ change: TextEntryChange, id: String) -> ResponseTextChange? {
        let index = entries.firstIndex { if case .response(let r) = $0 { r.id == id } else { false } }
        var response = Transcript.Response(id: id, assetIDs: [], segments: [])
        if let index, case .response(let existing) = entries[index] { response = existing }
        let textChange = applyText(
            change, to: &response.segments, metadata: &response.metadata, entry: id, reasoning: false)
        if let index { entries[index] = .response(response) } else { entries.append(.response(response)) }
        return textChange
    }

    private mutating func applyToReasoning(_ change: TextEntryChange, id: String) {
        let index = entries.firstIndex { if case .reasoning(let r) = $0 { r.id == id } else { false } }
        var reasoning = Transcript.Reasoning(id: id, segments: [])
        if let index, case .reasoning(let existing) = entries[index] { reasoning = existing }
        if case .signature(let signature, _) = change { reasoning.signature = signature }
        applyText(change, to: &reasoning.segments, metadata: &reasoning.metadata, entry: id, reasoning: true)
        if let index { entries[index] = .reasoning(reasoning) } else { entries.append(.reasoning(reasoning)) }
    }

    /// Applies what response and reasoning entries share: text, attachments, metadata, usage and token counts
    /// (reasoning's also counted as reasoning tokens). A signature only counts its tokens here.
    @discardableResult
    private mutating func applyText(
        _ change: TextEntryChange, to segments: inout [Transcript.Segment], metadata: inout [String: GeneratedContent],
        entry id: String, reasoning: Bool
    ) -> ResponseTextChange? {
        func count(_ tokens: Int) {
            countedOutputTokens = countedOutputTokens.addingSaturated(max(0, tokens))
            if reasoning { countedReasoningTokens = countedReasoningTokens.addingSaturated(max(0, tokens)) }
        }
        switch change {
        case .appendText(let text, let segmentID, let tokenCount):
            count(tokenCount)
            segments = appending(text, to: segments, segmentID: segmentID, entry: id)
            return .appended(text)
        case .replaceText(let text, let segmentID, let tokenCount):
            count(tokenCount)
            segments = replacing(with: text, in: segments, segmentID: segmentID, entry: id)
            return .replaced(Transcript.text(of: segments))
        case .signature(_, let tokenCount):
            count(tokenCount)
        case .addAttachment(let segment):
            segments.append(.attachment(segment))
        case .removeAttachment(let segmentID):
            segments.removeAll { $0.id == segmentID }
        case .metadata(let values):
            metadata = values
        case .usage(let usage, let values):
            reportedUsage = usage
            if !values.isEmpty { metadata.merge(values) { _, new in new } }
        }
        return nil
    }

    private mutating func applyToToolCalls(
        _ change: LanguageModelExecutorGenerationChannel.ToolCalls.Action.Change, id: String
    ) {
        let index = entries.firstIndex { if case .toolCalls(let c) = $0 { c.id == id } else { false } }
        var calls: [Transcript.ToolCall] = []
        if let index, case .toolCalls(let existing) = entries[index] { calls = Array(existing) }
        switch change {
        case .call(let call):
            if let position = calls.firstIndex(where: { $0.id == call.id }) {
                calls[position].toolName = call.name
            } else {
                calls.append(Transcript.ToolCall(id: call.id, toolName: call.name, arguments: GeneratedContent(properties: [:])))
            }
            switch call.action.change {
            case .appendArguments(let text, let tokenCount):
                countedOutputTokens = countedOutputTokens.addingSaturated(max(0, tokenCount))
                arguments[call.id, default: ""] += text
            case .metadata(let values):
                if let position = calls.firstIndex(where: { $0.id == call.id }) { calls[position].metadata = values }
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
        let entry = Transcript.Entry.toolCalls(Transcript.ToolCalls(id: id, calls))
        if let index { entries[index] = entry } else { entries.append(entry) }
    }

    // MARK: - Segments

    private mutating func appending(
        _ text: String, to segments: [Transcript.Segment], segmentID: String?, entry: String
    ) -> [Transcript.Segment] {
        var segments = segments
        let target = segmentID ?? currentSegment[entry]
        if let target, let position = segments.firstIndex(where: { $0.id == target }),
            case .text(var segment) = segments[position]
        {
            segment.content += text
            segments[position] = .text(segment)
        } else {
            let segment = Transcript.TextSegment(id: segmentID ?? UUID().uuidString, content: text)
            segments.append(.text(segment))
            currentSegment[entry] = segment.id
            return segments
        }
        currentSegment[entry] = target
        return segments
    }

    private mutating func replacing(
        with text: String, in segments: [Transcript.Segment], segmentID: String?, entry: String
    ) -> [Transcript.Segment] {
        var segments = segments
        let target = segmentID ?? currentSegment[entry]
        if let target, let position = segments.firstIndex(where: { $0.id == target }) {
            segments[position] = .text(.init(id: target, content: text))
            currentSegment[entry] = target
        } else {
            let segment = Transcript.TextSegment(id: segmentID ?? UUID().uuidString, content: text)
            segments.append(.text(segment))
            currentSegment[entry] = segment.id
        }
        return segments
    }
}
