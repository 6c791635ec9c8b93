import GenUI
import GenUIConfig
import GenUIRouter

/// The default chain of a loaded `providers.yml`, as `SystemLanguageModel.default` serves it.
///
/// It routes exactly as the chain does (same members, order, timeouts and trace). With no `providers.yml`, the
/// default is the built-in chain: the real on-device model or nothing, never invented text (a `providers.yml` that
/// names a `scripted` provider in its default chain keeps it: the configuration asked for it, and traces name it).
/// A configuration that cannot be loaded (a syntax error, an unreadable file) makes the model unavailable with
/// `UnavailableReason.notConfigured(missing:)` naming the problem, instead of failing at start-up.
public struct ConfiguredDefaultModel: RoutableModel, MemberAvailabilityReporting {
    /// The chain requests go to; `nil` when the configuration could not be loaded or names no usable member.
    public let chain: ProviderChain?
    /// Every provider the configuration builds (members of the chain or not).
    public let providers: [ConfiguredModel]
    /// Where the configuration came from; `nil` when it could not be loaded.
    public let source: ConfigurationSource?
    /// Why there is no chain, when there is none.
    public let configurationProblem: UnavailableReason?

    /// Loads the configuration with `loader` and builds its default chain, with providers built from `registry`
    /// in the loader's environment. Reads files only: nothing is started and no server is contacted.
    public init(loader: ConfigurationLoader, registry: ProviderRegistry = .standard) {
        let configuration: Configuration
        do {
            configuration = try loader.load()
        } catch {
            self.chain = nil
            self.providers = []
            self.source = nil
            self.configurationProblem = .notConfigured(missing: "a valid providers.yml (\(error))")
            return
        }
        let providers = configuration.makeProviders(
            registry: registry, context: ProviderBuildContext(environment: loader.environment))
        self.providers = providers
        self.source = configuration.source
        if let chain = configuration.makeChain(models: providers), !chain.members.isEmpty {
            self.chain = chain
            self.configurationProblem = nil
        } else {
            self.chain = nil
            self.configurationProblem = .notConfigured(
                missing: "a provider in chain \(configuration.defaultChain) of \(configuration.source)")
        }
    }

    public var name: String { chain?.name ?? "default" }

    private func problem(_ reason: UnavailableReason) -> GenUIError {
        .unavailable(reason, .init(provider: name, debugDescription: "the default model is \(reason)"))
    }

    public var availability: Availability {
        get async {
            guard let chain else { return .unavailable(configurationProblem ?? .notConfigured(missing: "a chain")) }
            return await chain.availability
        }
    }

    /// The chain's availability with each member's, in routing order. A member whose check did not finish within
    /// the chain's availability timeout is reported `UnavailableReason.unreachable(endpoint:)`.
    public func availabilityReport() async -> AvailabilityReport {
        guard let chain else {
            let availability = Availability.unavailable(configurationProblem ?? .notConfigured(missing: "a chain"))
            return AvailabilityReport(
                availability: availability, members: [.init(name: name, availability: availability)])
        }
        let statuses = await chain.memberStatuses()
        let members = zip(chain.members, statuses).map { member, status in
            let availability: Availability =
                switch status {
                case .ready: .available
                case .unavailable(let reason): .unavailable(reason)
                case .checkTimedOut:
                    .unavailable(
                        .unreachable(
                            endpoint: "\(member.model.name) (no answer within \(chain.options.availabilityTimeout))"))
                }
            return AvailabilityReport.Member(name: member.model.name, availability: availability)
        }
        let overall: Availability =
            members.contains { $0.availability.isAvailable }
            ? .available
            : .unavailable(
                members.lazy.compactMap(\.availability.unavailableReason).first
                    ?? .notConfigured(missing: "a provider"))
        return AvailabilityReport(availability: overall, members: members)
    }

    public var supportedCapabilities: Set<LanguageModelCapability> {
        get async { await chain?.supportedCapabilities ?? [] }
    }

    public var contextSize: Int {
        get async throws {
            guard let chain else { throw problem(configurationProblem ?? .notConfigured(missing: "a chain")) }
            return try await chain.contextSize
        }
    }

    public func tokenCount(for request: GenerationRequest) async throws -> Int {
        guard let chain else { throw problem(configurationProblem ?? .notConfigured(missing: "a chain")) }
        return try await chain.tokenCount(for: request)
    }

    public func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        guard let chain else { throw problem(configurationProblem ?? .notConfigured(missing: "a chain")) }
        return try await chain.respond(to: request)
    }

    public func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        guard let chain else {
            let error = problem(configurationProblem ?? .notConfigured(missing: "a chain"))
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
        return chain.streamResponse(to: request)
    }

    public func prewarm(promptPrefix: String?) async {
        await chain?.prewarm(promptPrefix: promptPrefix)
    }
}
