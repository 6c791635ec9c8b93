import Foundation
@_spi(Reading) import GenUI

/// How a chain makes a conversation fit a member whose context window is too small for it, instead of skipping that
/// member: the rule of ``ChainOptions/conversationFitting``.
///
/// The default, ``keepingLatestTurns``, keeps the instructions, the tool definitions and the current turn (the last
/// prompt and the tool rounds after it), leaves out the tool calls and outputs of earlier turns, then the oldest turns,
/// one at a time, until the request and its answer fit; the member's own token counter decides where it can count.
/// The session's transcript is never changed: only what that member is sent. A conversation that does not fit even
/// with its current turn alone is skipped as before (`contextWindowTooSmall`).
///
/// ```swift
/// var options = ChainOptions()
/// options.conversationFitting = .transforming { history in history.filter { !$0.isBulkyAttachment } }
/// ```
public struct ConversationFitting: Sendable, Hashable {
    /// The app's own transform, applied before the default rule.
    let transform: (@Sendable ([Transcript.Entry]) -> [Transcript.Entry])?
    /// Whether conversations are fitted at all.
    let isEnabled: Bool
    /// Tells rules with transforms apart (closures cannot be compared): each ``transforming(_:)`` makes its own.
    private let identity: UUID?

    private init(
        transform: (@Sendable ([Transcript.Entry]) -> [Transcript.Entry])?, isEnabled: Bool, identity: UUID? = nil
    ) {
        self.transform = transform
        self.isEnabled = isEnabled
        self.identity = identity
    }

    /// Keeps the latest turns that fit (the default).
    public static let keepingLatestTurns = ConversationFitting(transform: nil, isEnabled: true)

    /// Never shortens a conversation: a member whose window is too small is skipped.
    public static let disabled = ConversationFitting(transform: nil, isEnabled: false)

    public static func == (lhs: ConversationFitting, rhs: ConversationFitting) -> Bool {
        lhs.isEnabled == rhs.isEnabled && lhs.identity == rhs.identity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(isEnabled)
        hasher.combine(identity)
    }

    /// Applies `transform` to the turns before the current one first (the app's own view of what matters), then the
    /// default rule if that is not enough.
    public static func transforming(_ transform: @escaping @Sendable ([Transcript.Entry]) -> [Transcript.Entry])
        -> ConversationFitting
    {
        ConversationFitting(transform: transform, isEnabled: true, identity: UUID())
    }

    /// One shortened conversation, and what was left out to get it.
    struct Candidate {
        var history: [Transcript.Entry]
        var keptTurns: Int
        var droppedToolEntries: Int
    }

    /// The shortened forms of `history` (a transcript's entries after its instructions), longest first; empty when
    /// there is nothing before the current turn to leave out.
    func candidates(for history: [Transcript.Entry]) -> [Candidate] {
        guard isEnabled, let current = history.lastIndex(where: Self.isPrompt) else { return [] }
        // The current turn is kept as it is; the app's transform sees the turns before it.
        let before = Array(history[..<current])
        let latest = Array(history[current...])
        let earlier = transform?(before) ?? before
        var candidates: [Candidate] = []
        let turns = Self.turns(of: earlier)
        if earlier != before {
            candidates.append(Candidate(history: earlier + latest, keptTurns: turns.count + 1, droppedToolEntries: 0))
        }
        let conversational = turns.map { $0.filter { !Self.isToolEntry($0) } }
        let dropped = earlier.count - conversational.reduce(0) { $0 + $1.count }
        if dropped > 0 {
            candidates.append(
                Candidate(
                    history: conversational.flatMap { $0 } + latest, keptTurns: turns.count + 1,
                    droppedToolEntries: dropped))
        }
        for kept in stride(from: conversational.count - 1, through: 0, by: -1) {
            candidates.append(
                Candidate(
                    history: conversational.suffix(kept).flatMap { $0 } + latest, keptTurns: kept + 1,
                    droppedToolEntries: dropped))
        }
        return candidates
    }

    /// The turns of `entries`: each prompt with what follows it (what comes before the first prompt is a turn too).
    static func turns(of entries: [Transcript.Entry]) -> [[Transcript.Entry]] {
        var turns: [[Transcript.Entry]] = []
        for entry in entries {
            if isPrompt(entry) || turns.isEmpty {
                turns.append([entry])
            } else {
                turns[turns.count - 1].append(entry)
            }
        }
        return turns
    }

    static func isPrompt(_ entry: Transcript.Entry) -> Bool {
        if case .prompt = entry { true } else { false }
    }

    static func isToolEntry(_ entry: Transcript.Entry) -> Bool {
        switch entry {
        case .toolCalls, .toolOutput: true
        default: false
        }
    }
}
