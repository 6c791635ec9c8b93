import Foundation

extension LanguageModelExecutorGenerationChannel {
    /// One thing an executor produced: an action on a response, reasoning, tool-call or data entry.
    ///
    /// `entryID` says which entry the action applies to: `nil` continues the trailing entry of the same kind when the
    /// previous event was of that kind, and opens a new entry otherwise; an explicit identifier anchors the action to
    /// that entry.
    public struct Event: Sendable {
        enum Kind: Sendable {
            case response(Response)
            case reasoning(Reasoning)
            case toolCalls(ToolCalls)
            case data(DataEntry)
        }

        let kind: Kind

        /// An action on a response entry.
        public static func response(entryID: String? = nil, action: Response.Action) -> Event {
            Event(kind: .response(Response(entryID: entryID, action: action)))
        }

        /// An action on a reasoning entry.
        public static func reasoning(entryID: String? = nil, action: Reasoning.Action) -> Event {
            Event(kind: .reasoning(Reasoning(entryID: entryID, action: action)))
        }

        /// An action on a tool-calls entry.
        public static func toolCalls(entryID: String? = nil, action: ToolCalls.Action) -> Event {
            Event(kind: .toolCalls(ToolCalls(entryID: entryID, action: action)))
        }

        /// An action on a data entry (Foundation Models 27.2).
        public static func data(entryID: String? = nil, action: DataEntry.Action) -> Event {
            Event(kind: .data(DataEntry(entryID: entryID, action: action)))
        }

        /// The kind of entry the event acts on.
        public var entryKind: EntryKind {
            switch kind {
            case .response: .response
            case .reasoning: .reasoning
            case .toolCalls: .toolCalls
            case .data: .data
            }
        }

        /// The entry the event names, or `nil` for the trailing entry of its kind.
        public var entryID: String? {
            switch kind {
            case .response(let event): event.entryID
            case .reasoning(let event): event.entryID
            case .toolCalls(let event): event.entryID
            case .data(let event): event.entryID
            }
        }

        /// The kinds of entry events act on.
        public enum EntryKind: Sendable, Hashable {
            /// A response.
            case response
            /// Reasoning.
            case reasoning
            /// Tool calls.
            case toolCalls
            /// Data.
            case data
        }
    }

    /// Token counts an executor reports (Foundation Models 27): cumulative totals that replace earlier ones.
    public struct Usage: Sendable, Hashable {
        /// The input side.
        public var input: Input
        /// The output side.
        public var output: Output

        /// Creates counts.
        public init(input: Input, output: Output) {
            self.input = input
            self.output = output
        }

        /// Tokens read.
        public struct Input: Sendable, Hashable {
            /// All input tokens.
            public var totalTokenCount: Int
            /// Input tokens served from the provider's prompt cache.
            public var cachedTokenCount: Int

            /// Creates counts.
            public init(totalTokenCount: Int, cachedTokenCount: Int) {
                self.totalTokenCount = totalTokenCount
                self.cachedTokenCount = cachedTokenCount
            }
        }

        /// Tokens generated.
        public struct Output: Sendable, Hashable {
            /// All output tokens, reasoning included.
            public var totalTokenCount: Int
            /// Output tokens spent reasoning.
            public var reasoningTokenCount: Int

            /// Creates counts.
            public init(totalTokenCount: Int, reasoningTokenCount: Int) {
                self.totalTokenCount = totalTokenCount
                self.reasoningTokenCount = reasoningTokenCount
            }
        }
    }
}

extension Dictionary where Key == String, Value == any ConvertibleToGeneratedContent {
    /// The values as generated content.
    var generatedContent: [String: GeneratedContent] { mapValues(\.generatedContent) }
}
