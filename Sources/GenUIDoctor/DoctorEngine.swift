import Foundation
import GenUI
import GenUIConfig
import GenUIDiagnostics
import GenUIMCP
import GenUIRouter
import Logging

/// What doctor was asked to do.
package struct DoctorRequest: Sendable {
    package var chain: String?
    package var required: Set<LanguageModelCapability>
    /// The prompt size to route (`--require context=N`): members whose window cannot hold it and the answer are
    /// shown as skipped (`contextWindowTooSmall`).
    package var promptTokens: Int? = nil
    package var simulations: [(provider: String, code: String)]
    package var deep: Bool
    package var strict: Bool
    package var checkDeadline: Duration
    package var environment: [String: String]
    package var language: DiagnosticLanguage
    package var onSlow: @Sendable ([String]) -> Void

    package init(
        chain: String?, required: Set<LanguageModelCapability>, simulations: [(provider: String, code: String)],
        deep: Bool, strict: Bool, checkDeadline: Duration, environment: [String: String], language: DiagnosticLanguage,
        onSlow: @escaping @Sendable ([String]) -> Void
    ) {
        self.chain = chain
        self.required = required
        self.simulations = simulations
        self.deep = deep
        self.strict = strict
        self.checkDeadline = checkDeadline
        self.environment = environment
        self.language = language
        self.onSlow = onSlow
    }
}

/// A command-line mistake that names parts of the configuration that do not exist.
public struct DoctorUsageError: Error, CustomStringConvertible {
    /// What is wrong, for any language.
    public var text: LocalizedText
    /// What is wrong, in English.
    public var description: String { text.english }
}

/// Runs doctor's checks and decides which provider each chain would use.
package struct DoctorEngine {
    package let configuration: Configuration
    package let request: DoctorRequest
    /// The provider types the configuration was read with: their builders and remedies.
    package var registry: ProviderRegistry

    package init(configuration: Configuration, request: DoctorRequest, registry: ProviderRegistry = .standard) {
        self.configuration = configuration
        self.request = request
        self.registry = registry
    }

    private var diagnostics: Diagnostics { Diagnostics(language: request.language) }

    package func run() async throws -> DoctorReport {
        let chains = try chosenChains()
        let providerNames = chains.flatMap(\.providers).reduce(into: [String]()) { names, name in
            if !names.contains(name) { names.append(name) }
        }
        let failures = try simulations()
        let context = ProviderBuildContext(environment: request.environment)
        let models: [(any RoutableModel, SimulatedFailure?)] = providerNames.compactMap { name in
            guard let settings = configuration.provider(named: name) else { return nil }
            let model = registry.makeModel(for: settings, context: context)
            if let failure = failures[name] { return (SimulatedModel(base: model, failure: failure), failure) }
            return (model, nil)
        }
        let checker = ProviderChecker(
            deadline: request.checkDeadline, deep: request.deep, deepTimeout: .seconds(60), onSlow: request.onSlow,
            slowAfter: .milliseconds(800))
        async let mcpServers = mcpServerReports()
        let results = await checker.check(models)
        let byName = Dictionary(results.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

        let providerReports = results.compactMap { result in
            configuration.provider(named: result.name).map { providerReport(result, settings: $0) }
        }
        var chainReports: [DoctorReport.ChainReport] = []
        for chain in chains {
            chainReports.append(await chainReport(chain, results: byName, failures: failures))
        }
        let decisive =
            chainReports.first { $0.name == (request.chain ?? configuration.defaultChain) } ?? chainReports.first
        var exitCode = decisive?.canServe == true ? ExitStatus.ok : ExitStatus.cannotServe
        // An untrusted ./providers.yml passed over is reported; doctor still checks the configuration used instead,
        // and only --strict makes it a failure.
        let servers = await mcpServers
        let hasWarnings =
            !configuration.warnings.isEmpty || configuration.source.untrusted != nil
            || providerReports.contains { ["caveat", "pending", "crashed"].contains($0.status) }
            || servers?.contains { $0.status != "ready" } == true
        if request.strict, hasWarnings { exitCode = ExitStatus.cannotServe }
        return DoctorReport(
            locale: request.language.rawValue, configuration: Self.summary(of: configuration, diagnostics: diagnostics),
            requiredCapabilities: request.required.sorted().map(\.rawValue),
            simulated: request.simulations.map { .init(provider: $0.provider, failure: $0.code) },
            providers: providerReports, chains: chainReports, exitCode: exitCode, mcpServers: servers)
    }

    /// Starts each MCP server of the configuration, lists its tools and stops it again; `nil` when there are none.
    private func mcpServerReports() async -> [DoctorReport.MCPServerReport]? {
        guard !configuration.mcpServers.isEmpty else { return nil }
        let toolbox = MCPToolbox(
            servers: configuration.mcpServers, environment: request.environment,
            logger: Logger(label: "genui.mcp", factory: { _ in SwiftLogNoOpLogHandler() }))
        var reports: [DoctorReport.MCPServerReport] = []
        for (server, state) in await toolbox.check() {
            let tools = (try? await server.tools()) ?? []
            let status = if case .ready = state { "ready" } else { "unavailable" }
            reports.append(
                .init(
                    name: server.name, target: server.configuration.displayTarget, status: status,
                    message: diagnostics.text(state.localizedText), tools: tools.map(\.signature)))
        }
        await toolbox.stop()
        return reports
    }

    package static func summary(of configuration: Configuration, diagnostics: Diagnostics)
        -> DoctorReport.ConfigurationSummary
    {
        .init(
            source: configuration.source.description, origin: configuration.source.origin.rawValue,
            searched: configuration.source.searched.map { .init(path: $0.path, found: $0.found) },
            variablesRead: configuration.variablesRead,
            warnings: configuration.warnings.map { DoctorReport.Issue($0, diagnostics: diagnostics) },
            errors: [], untrusted: configuration.source.untrusted)
    }

    private func chosenChains() throws -> [ChainSettings] {
        guard let name = request.chain else { return configuration.chains }
        guard let chain = configuration.chain(named: name) else {
            throw DoctorUsageError(
                text: LocalizedText(
                    "cli.unknownChain",
                    [
                        "chain": .verbatim(name), "source": .phrase(ConfigurationNaming.source(configuration.source)),
                        "chains": .list(configuration.chains.map(\.name)),
                    ]))
        }
        return [chain]
    }

    private func simulations() throws -> [String: SimulatedFailure] {
        var result: [String: SimulatedFailure] = [:]
        for (provider, code) in request.simulations {
            guard let settings = configuration.provider(named: provider) else {
                throw DoctorUsageError(
                    text: LocalizedText(
                        "doctor.usage.simulateProvider",
                        [
                            "provider": .verbatim(provider),
                            "source": .phrase(ConfigurationNaming.source(configuration.source)),
                        ]))
            }
            guard
                let failure = SimulatedFailure(
                    code: code, settings: settings, detail: diagnostics.text("doctor.simulatedDetail"))
            else {
                throw DoctorUsageError(
                    text: LocalizedText(
                        "doctor.usage.simulateReason",
                        [
                            "code": .verbatim(code), "codes": .list(SimulatedFailure.acceptedCodes),
                        ]))
            }
            result[provider] = failure
        }
        return result
    }

    private func providerReport(_ result: ProviderCheckResult, settings: ProviderSettings)
        -> DoctorReport.ProviderReport
    {
        var report = DoctorReport.ProviderReport(
            status: "unavailable", mark: DoctorMarks.unavailable, name: settings.name, type: settings.type.rawValue,
            model: settings.modelName, endpoint: settings.endpoint,
            secret: settings.apiKeyEnv.map {
                .init(environmentVariable: $0, isSet: !(request.environment[$0] ?? "").isEmpty)
            },
            reason: nil, capabilities: [], missingCapabilities: [], message: "", remediation: nil,
            durationSeconds: result.duration.seconds, facts: result.facts, deep: result.deep)
        switch result.state {
        case .checked(.available, let capabilities):
            report.capabilities = capabilities.sorted().map(\.rawValue)
            let wanted = request.required.union(settings.requires).union([.guidedGeneration])
            let missing = wanted.subtracting(capabilities).sorted()
            report.missingCapabilities = missing.map(\.rawValue)
            if missing.isEmpty {
                report.status = "available"
                report.mark = DoctorMarks.available
                report.message = diagnostics.text("doctor.status.available")
            } else if missing == [.guidedGeneration] && !request.required.contains(.guidedGeneration) {
                report.status = "caveat"
                report.mark = DoctorMarks.caveat
                report.message = diagnostics.text("doctor.status.noGuided")
                report.remediation = diagnostics.text("doctor.status.noGuided.remedy")
            } else {
                report.status = "caveat"
                report.mark = DoctorMarks.caveat
                let names = diagnostics.list(of: missing)
                report.message = diagnostics.missingCapabilitiesText(missing)
                report.remediation = diagnostics.text("error.unsupportedCapability.remedy", ["capability": names])
            }
        case .checked(.unavailable(let reason), _):
            let described = diagnostics.describe(reason, remedies: registry.definition(for: settings.type)?.remedies)
            report.reason = reason
            report.message = described.message
            report.remediation = described.remediation
        case .pending:
            report.status = "pending"
            report.mark = DoctorMarks.pending
            report.message = diagnostics.text(
                "doctor.status.pending", ["duration": diagnostics.format.duration(request.checkDeadline)])
            report.remediation = diagnostics.text("doctor.status.pending.remedy")
        case .crashed(let detail):
            report.status = "crashed"
            report.mark = DoctorMarks.crashed
            report.message = diagnostics.text("doctor.status.crashed", ["detail": diagnostics.text(detail)])
            report.remediation = diagnostics.text("doctor.status.crashed.remedy")
        }
        if let deep = result.deep, !deep.ok, report.status == "available" {
            report.status = "caveat"
            report.mark = DoctorMarks.caveat
            report.message = diagnostics.text(
                "doctor.deep.failed", ["error": deepFailureText(result.deepFailure, deep)])
        }
        return report
    }

    /// Why the test generation failed, in the user's language: a model's error as the catalog words it, a deadline
    /// with its length; anything else (never raised by a model) as it describes itself.
    private func deepFailureText(_ failure: (any Error)?, _ deep: DoctorReport.DeepCheck) -> String {
        switch failure {
        case let error as GenUIError: diagnostics.describe(error).message
        case let deadline as DeadlineExceeded:
            diagnostics.text("detail.deep.timedOut", ["duration": diagnostics.format.duration(deadline.limit)])
        case let error?: diagnostics.text(.verbatim("\(error)"))
        case nil: diagnostics.text(.verbatim(deep.message))
        }
    }

    /// Routes one request through a stand-in of the chain: the members as doctor found them, answering with
    /// scripted output, simulated failures thrown where asked.
    private func chainReport(
        _ chain: ChainSettings, results: [String: ProviderCheckResult], failures: [String: SimulatedFailure]
    ) async -> DoctorReport.ChainReport {
        let members: [ChainMember] = chain.providers.compactMap { name in
            guard let settings = configuration.provider(named: name) else { return nil }
            let found: DryRunModel.Found
            switch results[name]?.state {
            case .checked(let availability, let capabilities)?: found = .status(availability, capabilities)
            default: found = .unknown
            }
            var failure: GenUIError?
            if case .error(let error)? = failures[name] { failure = error }
            return ChainMember(
                DryRunModel(
                    name: name, found: found, failure: failure, contextWindow: settings.contextWindow,
                    promptTokens: request.promptTokens),
                contextWindow: settings.contextWindow, requiredCapabilities: settings.requires)
        }
        var options = chain.options
        options.availabilityTimeout = .milliseconds(50)
        options.availabilityTTL = .zero
        options.attemptTimeout = .seconds(5)
        options.deadline = .seconds(10)
        let dryRun = ProviderChain(name: chain.name, members: members, options: options)
        // With --require context=N the probe is N bytes long, so no window it surely fits is counted, and the stand-ins
        // count it as exactly N tokens.
        var probe = GenerationRequest(
            prompt: request.promptTokens.map { String(repeating: "x", count: min($0, 10_000_000)) } ?? "genui doctor")
        probe.requiredCapabilities = request.required
        let trace: RouteTrace?
        var servedBy: String?
        do {
            let response = try await dryRun.respond(to: probe)
            trace = response.metadata.trace
            servedBy = trace?.servedBy
        } catch let error as GenUIError {
            trace = error.trace
        } catch {
            trace = nil
        }
        let skipped = (trace?.steps ?? []).filter { $0.outcome != .served }.map { step in
            DoctorReport.Skip(
                provider: step.provider, reason: step.reason, message: diagnostics.reason(of: step),
                outcome: step.outcome)
        }
        let message =
            servedBy.map { diagnostics.text("doctor.chain.wouldUse", ["chain": chain.name, "provider": $0]) }
            ?? diagnostics.text("doctor.chain.cannotServe", ["chain": chain.name])
        return DoctorReport.ChainReport(
            name: chain.name, isDefault: chain.name == configuration.defaultChain, providers: chain.providers,
            canServe: servedBy != nil, wouldUse: servedBy, message: message, skipped: skipped, trace: trace)
    }
}

/// The marks of doctor's table.
package enum DoctorMarks {
    package static let available = "✓"
    package static let caveat = "!"
    package static let unavailable = "✗"
    package static let pending = "…"
    package static let crashed = "‼"
}
