/// A model that says whether it can serve now, and why not: what a chain checks before it routes to the model.
///
/// Foundation Models 27 has no availability; a model that does not adopt this is taken to be available until its
/// requests fail.
public protocol AvailabilityReporting: LanguageModel {
    /// Whether the model can serve requests now, and why not. Cheap: never generates, downloads or starts a server.
    var availability: Availability { get async }
}

/// A model that knows its context size, so a chain can pass over it for a request that would not fit.
public protocol ContextSizeReporting: LanguageModel {
    /// The context size in tokens. Throws when it cannot be known.
    var contextSize: Int { get async throws }
}

/// A model that can count a request's tokens the way its backend does; others are estimated (``TokenEstimate``).
public protocol TokenCountReporting: LanguageModel {
    /// The tokens `request` occupies before the answer.
    func tokenCount(for request: GenerationRequest) async throws -> Int
}

/// A model with a name for routes, logs and traces, and the backend model it will ask for.
public protocol ModelNaming: LanguageModel {
    /// A stable name: the provider's name in a chain.
    var name: String { get }
    /// The backend model it will ask for, when known before a response names it.
    var requestedModelName: String? { get }
}
