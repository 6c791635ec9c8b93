import Observation
import Synchronization

/// The model a session uses when none is given: Foundation Models' `SystemLanguageModel`, with its synchronous
/// ``availability`` and ``isAvailable``.
///
/// ``default`` is built on first use, in this order:
/// 1. the model given to ``use(_:)``;
/// 2. the model of the ``DefaultLanguageModelProvider`` registered with ``registerDefault(_:)``: the default chain
///    of the configured `providers.yml` when the app links the `GenUIFoundationModels` product (`import
///    GenUIFoundationModels` in place of `import FoundationModels`), which registers itself as the program starts,
///    so no setup call is needed;
/// 3. otherwise nothing: the model is unavailable (``UnavailableReason/notConfigured(missing:)``) and every request
///    fails with ``GenUIError/unavailable(_:_:)``. No invented text is ever served by default.
///
/// ``availability`` is the last known availability, kept fresh in the background (see ``AvailabilityRefresh``):
/// a read never waits on the network, and a change shows within ``AvailabilityRefresh/interval``.
/// ``availabilityReport`` says why, member by member.
///
/// ``init(useCase:guardrails:)`` and ``init(adapter:guardrails:)`` are Foundation Models' specialized models: the
/// default model, with a ``UseCase`` that reaches every request as instructions and ``Guardrails`` that are recorded
/// but not enforced (see each type).
///
/// As in Foundation Models, it is a final class and `Observable`: a view that reads ``availability`` (or
/// ``isAvailable``) is told when a background check finds it changed. Checks run while the value is read and for
/// ``AvailabilityRefresh/idleAfter`` after the last read, so a change later than that shows at the next read.
/// ``contextSize`` is synchronous, as in Foundation Models; ``checkContextSize()`` asks the model and waits.
public final class SystemLanguageModel: ContextSizeReporting, TokenCountReporting, ModelNaming, Observable {
    let monitor: AvailabilityMonitor
    private let registrar = ObservationRegistrar()

    /// What the model is specialized for: ``UseCase/general`` unless created with ``init(useCase:guardrails:)``.
    public let useCase: UseCase
    /// The guardrails the model was created with; recorded, not enforced by genui (see ``Guardrails``).
    public let guardrails: Guardrails
    /// The adapter the model was created with; always `nil` on genui, where no adapter can be loaded.
    public let adapter: Adapter?

    /// The default model (see the type's description for what it is).
    public static let `default` = SystemLanguageModel(
        monitor: AvailabilityMonitor(resolve: SystemLanguageModel.resolveDefault))

    /// Wraps `model` (a provider or a chain) to give it synchronous, background-refreshed availability.
    /// - Parameters:
    ///   - model: the model every request goes to.
    ///   - refresh: how often availability is checked while it is being read, and when checking stops.
    ///   - useCase: what the model is specialized for; its instructions go before the session's in every request.
    ///   - guardrails: recorded in ``guardrails``; genui does not enforce them.
    public convenience init(
        _ model: any RoutableModel, refresh: AvailabilityRefresh = AvailabilityRefresh(),
        useCase: UseCase = .general, guardrails: Guardrails = .default
    ) {
        self.init(
            monitor: AvailabilityMonitor(model: model, refresh: refresh), useCase: useCase, guardrails: guardrails)
    }

    /// Creates a model built by `factory` on first use, with synchronous availability.
    public convenience init(
        refresh: AvailabilityRefresh = AvailabilityRefresh(),
        building factory: @escaping @Sendable () -> any RoutableModel
    ) {
        self.init(monitor: AvailabilityMonitor(resolve: factory, refresh: refresh))
    }

    init(
        monitor: AvailabilityMonitor, useCase: UseCase = .general, guardrails: Guardrails = .default,
        adapter: Adapter? = nil
    ) {
        self.monitor = monitor
        self.useCase = useCase
        self.guardrails = guardrails
        self.adapter = adapter
        monitor.addListener(ObjectIdentifier(self)) { [weak self] in self?.availabilityDidChange() }
    }

    deinit {
        monitor.removeListener(ObjectIdentifier(self))
    }

    /// Tells observers of ``availability`` (and so of ``isAvailable`` and ``availabilityReport``) that it changed.
    private func availabilityDidChange() {
        registrar.withMutation(of: self, keyPath: \.availability) {}
    }

    /// The default model specialized for `useCase` (Foundation Models' `init(useCase:guardrails:)`): the same model
    /// and availability as ``default`` (and what ``use(_:)`` sets), with `useCase`'s instructions put before the
    /// session's in every request. `guardrails` is recorded in ``guardrails``; genui does not enforce it.
    public convenience init(useCase: UseCase = .general, guardrails: Guardrails = .default) {
        self.init(monitor: Self.default.monitor, useCase: useCase, guardrails: guardrails)
    }

    /// The default model with `adapter` (Foundation Models' `init(adapter:guardrails:)`). No ``Adapter`` can be
    /// created on genui, so this is unreachable in practice; it serves as ``default`` does, the adapter recorded.
    public convenience init(adapter: Adapter, guardrails: Guardrails = .default) {
        self.init(monitor: Self.default.monitor, guardrails: guardrails, adapter: adapter)
    }

    /// Makes `model` the one ``default`` (and so every `LanguageModelSession()` without a model) uses, replacing
    /// whatever it was built from. Availability is checked afresh.
    public static func use(_ model: any RoutableModel) {
        Self.default.monitor.replace(with: model)
    }

    /// The provider registered with ``registerDefault(_:)``, if any.
    private static let registeredProvider = Mutex<(any DefaultLanguageModelProvider.Type)?>(nil)

    /// Makes `provider` build ``default`` on its first use (unless ``use(_:)`` set a model first).
    ///
    /// The `GenUIFoundationModels` product registers its provider (the configured default chain) when the program
    /// starts, so an app that links it calls nothing. An app that builds its default another way registers its own
    /// provider before the first use of ``default``; the last registration before that use wins, and one made after
    /// it has no effect (``use(_:)`` replaces the model at any time).
    public static func registerDefault(_ provider: any DefaultLanguageModelProvider.Type) {
        registeredProvider.withLock { $0 = provider }
    }

    /// The provider ``default`` is built from on first use; `nil` when none was registered.
    public static var registeredDefault: (any DefaultLanguageModelProvider.Type)? {
        registeredProvider.withLock { $0 }
    }

    @Sendable static func resolveDefault() -> any RoutableModel {
        registeredDefault?.makeDefaultLanguageModel() ?? UnconfiguredLanguageModel()
    }

    /// The model requests go to, built on first use.
    public var underlyingModel: any RoutableModel { monitor.model }

    /// The underlying model's name: the chain's or the provider's.
    public var name: String { monitor.model.name }

    /// The last known availability, without waiting (Foundation Models' synchronous `availability`), in Foundation
    /// Models' own type: available, or one of its three reasons.
    ///
    /// The first read starts a background check and waits for it at most
    /// ``AvailabilityRefresh/firstReadWait`` (25 ms): local checks (files, programs) finish within it, so the answer
    /// is usually the real one at once. A check still running then (a server that is slow to answer) leaves the
    /// provisional answer, `.unavailable(.modelNotReady)` (genui's ``provisionalAvailability``): the model may
    /// become ready without anyone acting, which is what `modelNotReady` means.
    /// While the value is read, it is checked again every ``AvailabilityRefresh/interval``.
    ///
    /// genui's own reason, with what a user needs to act on it (which CPU feature is missing, how far a download has
    /// come, which variable is unset), is ``availabilityReport``'s; this value is its Foundation Models reading
    /// (``Availability/init(_:)``).
    public var availability: Availability {
        Availability(availabilityReport.availability)
    }

    /// `true` when the model can serve requests, as Foundation Models' synchronous `isAvailable`.
    public var isAvailable: Bool { availabilityReport.availability.isAvailable }

    /// The last known availability with genui's reason, and each member's: which providers can serve and why the
    /// others cannot. Read as ``availability`` is, and observed with it.
    public var availabilityReport: AvailabilityReport {
        registrar.access(self, keyPath: \.availability)
        return monitor.report()
    }

    /// Checks availability now, waiting for the answer, and makes it the last known one.
    public func checkAvailability() async -> AvailabilityReport {
        await monitor.checkNow()
    }

    /// The answer before the first check has finished, with genui's reason:
    /// `.unavailable(.modelNotReady(progress: nil, detail: "checking"))`, which ``availability`` reads as
    /// `.unavailable(.modelNotReady)`.
    public static let provisionalAvailability = GenUI.Availability.unavailable(
        .modelNotReady(progress: nil, detail: "checking"))

    /// What the underlying model can do now, as its backend says.
    public var supportedCapabilities: Set<LanguageModelCapability> {
        get async { await monitor.model.supportedCapabilities }
    }

    /// The underlying model's context size in tokens, without waiting (Foundation Models' synchronous
    /// `contextSize`).
    ///
    /// It is the last answer of the underlying model's own `contextSize`, asked in the background: the first read
    /// waits for it at most ``AvailabilityRefresh/firstReadWait`` (25 ms; a model that knows its window from its
    /// configuration, as genui's on-device provider does, answers within it), and a read finding an answer older
    /// than ``AvailabilityRefresh/interval`` asks again. While no answer is known — not yet, or the model cannot
    /// say (unconfigured, unavailable) — it is ``fallbackContextSize``. ``checkContextSize()`` asks and waits, and
    /// throws when the size cannot be known.
    public var contextSize: Int { monitor.knownContextSize() ?? Self.fallbackContextSize }

    /// What ``contextSize`` answers while the underlying model's window is not known: 4096 tokens, the window of
    /// Apple's on-device model and of genui's on-device provider unless configured otherwise.
    public static let fallbackContextSize = 4096

    /// Asks the underlying model for its context size now and waits for the answer, which ``contextSize`` then
    /// returns; throws when it cannot be known (``GenUIError/unavailable(_:_:)`` with
    /// ``UnavailableReason/notConfigured(missing:)``, or what the model throws).
    public func checkContextSize() async throws -> Int {
        try await monitor.checkContextSize()
    }

    /// The underlying model's count of `request` as given: the instructions a ``useCase`` adds when the request is
    /// sent are not counted (``UseCase/instructions`` shows them).
    public func tokenCount(for request: GenerationRequest) async throws -> Int {
        try await monitor.model.tokenCount(for: request)
    }

    /// Sends `request`, with the ``useCase``'s instructions before its own, to the underlying model.
    public func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        try await monitor.model.respond(to: useCase.apply(to: request))
    }

    /// Streams `request`, with the ``useCase``'s instructions before its own, from the underlying model.
    public func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Swift.Error> {
        monitor.model.streamResponse(to: useCase.apply(to: request))
    }

    /// Gets the underlying model ready to respond (a server started, a model loaded).
    public func prewarm(promptPrefix: String?) async {
        await monitor.model.prewarm(promptPrefix: promptPrefix)
    }
}
