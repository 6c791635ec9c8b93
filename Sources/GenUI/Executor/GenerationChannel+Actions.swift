import Foundation
import UniformTypeIdentifiers

extension LanguageModelExecutorGenerationChannel {
    /// An action on a response entry, and the entry it names.
    public struct Response: Sendable {
        /// The entry, or `nil` for the trailing response entry.
        public var entryID: String?
        /// What to do.
        public var action: Action

        /// What an executor can do to a response entry.
        public struct Action: Sendable {
            let change: TextEntryChange

            /// Appends `text` to the current text segment, or to the segment `segmentID` (a new identifier opens a
            /// new segment). `tokenCount` counts toward the response's usage.
            public static func appendText(_ text: String, segmentID: String? = nil, tokenCount: Int) -> Action {
                Action(change: .appendText(text, segmentID: segmentID, tokenCount: tokenCount))
            }

            /// Replaces the current text segment, or the segment `segmentID`, with `text`.
            public static func replaceTextSegment(_ text: String, segmentID: String? = nil, tokenCount: Int) -> Action {
                Action(change: .replaceText(text, segmentID: segmentID, tokenCount: tokenCount))
            }

            /// Adds an attachment segment.
            public static func addAttachmentSegment(_ segment: Transcript.AttachmentSegment) -> Action {
                Action(change: .addAttachment(segment))
            }

            /// Removes the attachment segment `id`.
            public static func removeAttachmentSegment(id: String) -> Action {
                Action(change: .removeAttachment(id: id))
            }

            /// Replaces the entry's metadata with `values`.
            public static func updateMetadata(_ values: [String: any ConvertibleToGeneratedContent]) -> Action {
                Action(change: .metadata(values.generatedContent))
            }

            /// Replaces the turn's token counts with these totals.
            public static func updateUsage(
                input: Usage.Input, output: Usage.Output, metadata: [String: any ConvertibleToGeneratedContent] = [:]
            ) -> Action {
                Action(change: .usage(Usage(input: input, output: output), metadata.generatedContent))
            }
        }
    }

    /// An action on a reasoning entry, and the entry it names.
    public struct Reasoning: Sendable {
        /// The entry, or `nil` for the trailing reasoning entry.
        public var entryID: String?
        /// What to do.
        public var action: Action

        /// What an executor can do to a reasoning entry.
        public struct Action: Sendable {
            let change: TextEntryChange

            /// Appends reasoning text; `tokenCount` counts as reasoning tokens.
            public static func appendText(_ text: String, segmentID: String? = nil, tokenCount: Int) -> Action {
                Action(change: .appendText(text, segmentID: segmentID, tokenCount: tokenCount))
            }

            /// Replaces the current reasoning segment, or the segment `segmentID`, with `text`.
            public static func replaceTextSegment(_ text: String, segmentID: String? = nil, tokenCount: Int) -> Action {
                Action(change: .replaceText(text, segmentID: segmentID, tokenCount: tokenCount))
            }

            /// Replaces the reasoning's signature.
            public static func updateSignature(_ signature: Data, tokenCount: Int) -> Action {
                Action(change: .signature(signature, tokenCount: tokenCount))
            }

            /// Replaces the entry's metadata with `values`.
            public static func updateMetadata(_ values: [String: any ConvertibleToGeneratedContent]) -> Action {
                Action(change: .metadata(values.generatedContent))
            }

            /// Replaces the turn's token counts with these totals.
            public static func updateUsage(
                input: Usage.Input, output: Usage.Output, metadata: [String: any ConvertibleToGeneratedContent] = [:]
            ) -> Action {
                Action(change: .usage(Usage(input: input, output: output), metadata.generatedContent))
            }
        }
    }

    /// An action on a tool-calls entry, and the entry it names.
    public struct ToolCalls: Sendable {
        /// The entry, or `nil` for the trailing tool-calls entry.
        public var entryID: String?
        /// What to do.
        public var action: Action

        /// What an executor can do to a tool-calls entry.
        public struct Action: Sendable {
            enum Change: Sendable {
                case call(ToolCall)
                case remove(id: String)
                case metadata([String: GeneratedContent])
                case usage(Usage, [String: GeneratedContent])
            }

            let change: Change

            /// Acts on the call `id` of the tool `name`: the first action for an `id` opens the call.
            public static func toolCall(id: String, name: String, action: ToolCall.Action) -> Action {
                Action(change: .call(ToolCall(id: id, name: name, action: action)))
            }

            /// Drops the call `id`.
            public static func removeToolCall(id: String) -> Action {
                Action(change: .remove(id: id))
            }

            /// Replaces the entry's metadata with `values`.
            public static func updateMetadata(_ values: [String: any ConvertibleToGeneratedContent]) -> Action {
                Action(change: .metadata(values.generatedContent))
            }

            /// Replaces the turn's token counts with these totals.
            public static func updateUsage(
                input: Usage.Input, output: Usage.Output, metadata: [String: any ConvertibleToGeneratedContent] = [:]
            ) -> Action {
                Action(change: .usage(Usage(input: input, output: output), metadata.generatedContent))
            }
        }

        /// An action on one call.
        public struct ToolCall: Sendable {
            /// The call's identifier.
            public var id: String
            /// The tool's name.
            public var name: String
            /// What to do.
            public var action: Action

            /// What an executor can do to one call.
            public struct Action: Sendable {
                enum Change: Sendable {
                    case appendArguments(String, tokenCount: Int)
                    case metadata([String: GeneratedContent])
                }

                let change: Change

                /// Appends JSON text to the call's arguments; deltas of different calls may interleave.
                public static func appendArguments(_ content: String, tokenCount: Int) -> Action {
                    Action(change: .appendArguments(content, tokenCount: tokenCount))
                }

                /// Replaces the call's metadata with `values`.
                public static func updateMetadata(_ values: [String: any ConvertibleToGeneratedContent]) -> Action {
                    Action(change: .metadata(values.generatedContent))
                }
            }
        }
    }

    /// An action on a data entry, and the entry it names (Foundation Models 27.2).
    public struct DataEntry: Sendable {
        /// The entry, or `nil` for a new entry.
        public var entryID: String?
        /// What to do.
        public var action: Action

        /// What an executor can do to a data entry.
        public struct Action: Sendable {
            let update: Transcript.DataEntry

            /// Sets the entry's content: replaces the entry with the same identifier, or adds one.
            public static func update(
                contentType: UTType, content: Data, metadata: GeneratedContent = GeneratedContent(properties: [:])
            ) -> Action {
                Action(update: Transcript.DataEntry(contentType: contentType, content: content, metadata: metadata))
            }
        }
    }
}

/// A change to a response or reasoning entry.
enum TextEntryChange: Sendable {
    case appendText(String, segmentID: String?, tokenCount: Int)
    case replaceText(String, segmentID: String?, tokenCount: Int)
    case addAttachment(Transcript.AttachmentSegment)
    case removeAttachment(id: String)
    case signature(Data, tokenCount: Int)
    case metadata([String: GeneratedContent])
    case usage(LanguageModelExecutorGenerationChannel.Usage, [String: GeneratedContent])
}
