import Foundation

extension LanguageModelError {
    /// Information about exceeding the context window size.
    public struct ContextSizeExceeded: Sendable, CustomDebugStringConvertible, LanguageModelErrorPayload {
        /// The model's context size, in tokens (0 when the model did not say).
        public var contextSize: Int
        /// The request's size, in tokens (0 when the model did not say).
        public var tokenCount: Int
        /// A description to help developers diagnose the failure; not for end users.
        public var debugDescription: String
        /// Additional information about the failure, keyed by name.
        public var metadata: [String: any Sendable]

        /// Creates the information.
        public init(contextSize: Int, tokenCount: Int, debugDescription: String, metadata: [String: any Sendable] = [:])
        {
            self.contextSize = contextSize
            self.tokenCount = tokenCount
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// Information about a rate limiting event.
    public struct RateLimited: Sendable, CustomDebugStringConvertible, LanguageModelErrorPayload {
        /// When requests may be made again, when the service said.
        public var resetDate: Date?
        /// A description to help developers diagnose the failure; not for end users.
        public var debugDescription: String
        /// Additional information about the failure, keyed by name.
        public var metadata: [String: any Sendable]

        /// Creates the information.
        public init(resetDate: Date? = nil, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.resetDate = resetDate
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// Information about a guardrail violation.
    public struct GuardrailViolation: Sendable, CustomDebugStringConvertible, LanguageModelErrorPayload {
        /// A description to help developers diagnose the failure; not for end users.
        public var debugDescription: String
        /// Additional information about the failure, keyed by name.
        public var metadata: [String: any Sendable]

        /// Creates the information.
        public init(debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// Information about a capability the model does not declare.
    public struct UnsupportedCapability: Sendable, CustomDebugStringConvertible, LanguageModelErrorPayload {
        /// The capability the request needs.
        public var capability: LanguageModelCapabilities.Capability
        /// A description to help developers diagnose the failure; not for end users.
        public var debugDescription: String
        /// Additional information about the failure, keyed by name.
        public var metadata: [String: any Sendable]

        /// Creates the information.
        public init(
            capability: LanguageModelCapabilities.Capability, debugDescription: String,
            metadata: [String: any Sendable] = [:]
        ) {
            self.capability = capability
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// Information about transcript content the model cannot read.
    public struct UnsupportedTranscriptContent: Sendable, CustomDebugStringConvertible, LanguageModelErrorPayload {
        /// The entries holding the content.
        public var unsupportedContent: [Transcript.Entry]
        /// A description to help developers diagnose the failure; not for end users.
        public var debugDescription: String
        /// Additional information about the failure, keyed by name.
        public var metadata: [String: any Sendable]

        /// Creates the information.
        public init(
            unsupportedContent: [Transcript.Entry], debugDescription: String, metadata: [String: any Sendable] = [:]
        ) {
            self.unsupportedContent = unsupportedContent
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// Information about a generation guide the model cannot enforce.
    public struct UnsupportedGenerationGuide: Sendable, CustomDebugStringConvertible, LanguageModelErrorPayload {
        /// The name of the schema that uses the guide, when known.
        public var schemaName: String?
        /// A description to help developers diagnose the failure; not for end users.
        public var debugDescription: String
        /// Additional information about the failure, keyed by name.
        public var metadata: [String: any Sendable]

        /// Creates the information.
        public init(schemaName: String? = nil, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.schemaName = schemaName
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// Information about a language or locale the model does not support.
    public struct UnsupportedLanguageOrLocale: Sendable, CustomDebugStringConvertible, LanguageModelErrorPayload {
        /// The language of the request.
        public var languageCode: Locale.LanguageCode
        /// A description to help developers diagnose the failure; not for end users.
        public var debugDescription: String
        /// Additional information about the failure, keyed by name.
        public var metadata: [String: any Sendable]

        /// Creates the information.
        public init(
            languageCode: Locale.LanguageCode, debugDescription: String, metadata: [String: any Sendable] = [:]
        ) {
            self.languageCode = languageCode
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// Information about a request that ran past its deadline.
    public struct Timeout: Sendable, CustomDebugStringConvertible, LanguageModelErrorPayload {
        /// A description to help developers diagnose the failure; not for end users.
        public var debugDescription: String
        /// Additional information about the failure, keyed by name.
        public var metadata: [String: any Sendable]

        /// Creates the information.
        public init(debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}
