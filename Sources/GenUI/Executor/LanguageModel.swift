import UniformTypeIdentifiers

/// A model as Foundation Models 27 defines it: a light value that says what it can do and how to configure the
/// executor that does the work.
///
/// Any Foundation Models 27 model package conforms to this protocol, so its models can be passed to
/// ``LanguageModelSession/init(model:tools:maximumToolRounds:instructions:logger:)`` and put into a genui chain.
/// genui's providers and chains are such models too: they are ``RoutableModel``s, which adds what Foundation Models 27
/// lacks — availability with reasons, context size, token counting, a name for traces. A model that adopts none of that
/// still works everywhere (see ``ExecutorModel``); it may adopt each part on its own (``AvailabilityReporting``,
/// ``ContextSizeReporting``, ``TokenCountReporting``, ``ModelNaming``).
public protocol LanguageModel: Sendable {
    /// The executor that generates for this model.
    associatedtype Executor: LanguageModelExecutor where Self == Self.Executor.Model

    /// What the model can do. A session refuses a request that needs a capability the model does not declare,
    /// before its executor is asked (``GenUIError/unsupportedCapability(_:_:)``).
    var capabilities: LanguageModelCapabilities { get }

    /// The configuration an executor is made from. Sessions make one executor per distinct configuration and keep it.
    var executorConfiguration: Executor.Configuration { get }

    /// Whether prompts may carry data attachments of `type` (Foundation Models 27.2); `false` by default.
    func supportsDataAttachmentType(_ type: UTType) async throws -> Bool

    /// Whether the executor may produce data entries of `type` (Foundation Models 27.2); `false` by default.
    func supportsDataEntryType(_ type: UTType) async throws -> Bool
}

extension LanguageModel {
    /// `false`: a model accepts no data attachments unless it says so.
    public func supportsDataAttachmentType(_ type: UTType) async throws -> Bool { false }

    /// `false`: a model produces no data entries unless it says so.
    public func supportsDataEntryType(_ type: UTType) async throws -> Bool { false }
}
