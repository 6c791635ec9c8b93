extension Transcript {
    /// The conversation of a transcript: its entries after a leading instructions entry (Foundation Models 27's
    /// `Transcript.history`). Setting it keeps the instructions entry and replaces the rest.
    public var history: HistoryView {
        get { HistoryView(entries: ArraySlice(Array(self[conversationStart...]))) }
        set { replaceSubrange(conversationStart..., with: newValue) }
    }

    /// Where the conversation starts: after a leading instructions entry.
    private var conversationStart: Int {
        if case .instructions = first { return 1 }
        return 0
    }

    /// A mutable view of a transcript's conversation, as ``Transcript/history`` and ``SessionPropertyValues/history``
    /// give it: Foundation Models 27's `Transcript.HistoryView`. A slice of it is a view too, so
    /// `history = history.suffix(10)` keeps the last ten entries.
    public struct HistoryView: Sendable, Hashable {
        var entries: ArraySlice<Transcript.Entry>
    }
}

extension Transcript.HistoryView: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
    ExpressibleByArrayLiteral
{
    /// Entries are addressed by position; a slice keeps its base's positions.
    public typealias Index = Int
    /// The type of entry the view holds.
    public typealias Element = Transcript.Entry
    /// A contiguous part of the view, itself a view.
    public typealias SubSequence = Transcript.HistoryView

    /// An empty history.
    public init() { entries = [] }

    /// A history of `elements`, oldest first.
    public init(arrayLiteral elements: Transcript.Entry...) { entries = ArraySlice(elements) }

    /// The position of the oldest entry.
    public var startIndex: Int { entries.startIndex }

    /// The position after the newest entry.
    public var endIndex: Int { entries.endIndex }

    /// The entry at `position`.
    public subscript(position: Int) -> Transcript.Entry {
        get { entries[position] }
        set { entries[position] = newValue }
    }

    /// The entries within `bounds`.
    public subscript(bounds: Range<Int>) -> Transcript.HistoryView {
        get { Transcript.HistoryView(entries: entries[bounds]) }
        set { entries.replaceSubrange(bounds, with: newValue.entries) }
    }

    /// Replaces the entries in `subrange` with `newElements`.
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == Transcript.Entry {
        entries.replaceSubrange(subrange, with: newElements)
    }
}
