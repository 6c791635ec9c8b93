import GenUI
import GenUITestSupport
import Synchronization
import Testing

// App code written the way Foundation Models apps write it (the generator of the generative-UI article, the
// availability messages of the on-device drafting article), compiled against genui and run against the scripted
// model. Only the import differs from the Foundation Models version.

/// A reason-to-message mapping with Foundation Models' three reasons, and the button gate.
private enum AIFeatureAvailability {
    static func message(for availability: SystemLanguageModel.Availability) -> String? {
        switch availability {
        case .available:
            return nil
        case .unavailable(let reason):
            return message(for: reason)
        }
    }

    static func message(for reason: SystemLanguageModel.Availability.UnavailableReason) -> String {
        switch reason {
        case .deviceNotEligible:
            return "This device can't draft routines."
        case .appleIntelligenceNotEnabled:
            return "Turn on Apple Intelligence in Settings > Apple Intelligence & Siri."
        case .modelNotReady:
            return "Try again once the model has finished downloading."
        }
    }

    /// A mapping by genui's reason's description, which names Foundation Models' reason where there is one.
    static func messageMatchingDescription(for reason: UnavailableReason) -> String {
        let description = String(describing: reason)
        if description.contains("deviceNotEligible") {
            return "This device can't draft routines."
        } else if description.localizedLowercaseContains("storage") {
            return "Free some space: the model needs room to download."
        } else if description.contains("modelNotReady") {
            return "Try again once the model has finished downloading."
        } else if description.contains("appleIntelligenceNotEnabled") {
            return "Turn on Apple Intelligence in Settings > Apple Intelligence & Siri."
        } else {
            return "Drafting is unavailable right now."
        }
    }

    /// Foundation Models' reasons written out with their type, as in `case .unavailable(.modelNotReady)`.
    static func shortCode(for availability: SystemLanguageModel.Availability) -> String {
        switch availability {
        case .available: "ok"
        case .unavailable(.deviceNotEligible): "device"
        case .unavailable(SystemLanguageModel.Availability.UnavailableReason.appleIntelligenceNotEnabled): "settings"
        case .unavailable(.modelNotReady): "wait"
        }
    }
}

private extension String {
    func localizedLowercaseContains(_ other: String) -> Bool { lowercased().contains(other) }
}

private protocol ScreenGenerating {
    func generate(from intent: String) async throws -> UIScreen
}

/// The generative-UI article's generator: a model parameter, random sampling with a fresh seed.
private struct FoundationModelsScreenGenerator: ScreenGenerating {
    var model: any LanguageModel = SystemLanguageModel.default
    var temperature: Double = 0.9
    var seed: UInt64 = UInt64.random(in: .min ... .max)

    func generate(from intent: String) async throws -> UIScreen {
        let session = LanguageModelSession(model: model, instructions: "You compose app screens.")
        let options = GenerationOptions(
            samplingMode: .random(top: 20, seed: seed),
            temperature: temperature
        )
        let response = try await session.respond(
            to: intent,
            generating: UIScreen.self,
            options: options
        )
        return response.content
    }
}

/// Instructions as a type of the app's own, used in an instructions builder.
private struct BartenderPersona: InstructionsRepresentable {
    var instructionsRepresentation: Instructions {
        "You are a bartender."
        "Answer in one sentence."
    }
}

/// A model that reports a chosen availability, records each request, and answers as the scripted model does, or
/// throws a chosen error.
private final class ProbeModel: RoutableModel {
    let name = "probe"
    let reported: Availability
    let failure: GenUIError?
    private let requests = Mutex<[GenerationRequest]>([])

    init(availability: Availability = .available, failure: GenUIError? = nil) {
        self.reported = availability
        self.failure = failure
    }

    var availability: Availability { reported }
    var supportedCapabilities: Set<LanguageModelCapability> { [.guidedGeneration, .streaming, .seededSampling] }
    var received: [GenerationRequest] { requests.withLock { $0 } }

    func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        requests.withLock { $0.append(request) }
        if let failure { throw failure.attributed(to: name) }
        return try await ScriptedLanguageModel(name: name).respond(to: request)
    }
}

@Suite("Foundation Models names", .tags(.unit))
struct FoundationModelsNamesTests {
    // MARK: Availability

    static let messageCases: [(UnavailableReason, String)] = [
        (.deviceNotEligible(detail: "CPU lacks AVX2"), "This device can't draft routines."),
        (.runtimeFailed(binary: "llama-server", failure: .illegalInstruction), "This device can't draft routines."),
        (.disabled, "Turn on Apple Intelligence in Settings > Apple Intelligence & Siri."),
        (
            .notConfigured(missing: "OPENAI_API_KEY"),
            "Turn on Apple Intelligence in Settings > Apple Intelligence & Siri."
        ),
        (.modelNotReady(progress: 0.4, detail: "downloading"), "Try again once the model has finished downloading."),
        (.modelNotReady(progress: nil, detail: nil), "Try again once the model has finished downloading."),
        (
            .lowStorage(requiredBytes: 2_000, availableBytes: 1_000, volume: "/"),
            "Try again once the model has finished downloading."
        ),
        (.modelNotInstalled(name: "SmolLM2"), "Try again once the model has finished downloading."),
        (.unreachable(endpoint: "http://127.0.0.1:8080"), "Try again once the model has finished downloading."),
    ]

    @Test(
        "the system model's availability is Foundation Models' three-reason enum, which an exhaustive switch covers",
        arguments: messageCases)
    func switchOverReasons(reason: UnavailableReason, expected: String) async {
        let system = SystemLanguageModel(ProbeModel(availability: .unavailable(reason)))
        let report = await system.checkAvailability()
        #expect(report.availability == .unavailable(reason), "genui's reason stays in the report")
        #expect(system.availabilityReport.availability == .unavailable(reason))
        #expect(!system.isAvailable)
        #expect(AIFeatureAvailability.message(for: system.availability) == expected)
    }

    @Test("an available model gets no message, and the scripted model answers")
    func availableModelAnswers() async throws {
        let system = SystemLanguageModel(ProbeModel())
        _ = await system.checkAvailability()
        #expect(system.availability == .available)
        #expect(system.isAvailable)
        #expect(AIFeatureAvailability.message(for: system.availability) == nil)
        let reply = try await LanguageModelSession(model: system).respond(to: "Draft a HIIT routine")
        #expect(!reply.content.isEmpty)
    }

    @Test("Foundation Models' reasons are values: compared, stored, and matched nested with the type written out")
    func reasonsAreValues() {
        let cases: [(SystemLanguageModel.Availability, String)] = [
            (.available, "ok"),
            (.unavailable(.deviceNotEligible), "device"),
            (.unavailable(.appleIntelligenceNotEnabled), "settings"),
            (.unavailable(.modelNotReady), "wait"),
        ]
        for (availability, code) in cases {
            #expect(AIFeatureAvailability.shortCode(for: availability) == code, "\(availability)")
        }
        let read = SystemLanguageModel.Availability(.unavailable(.deviceNotEligible(detail: "no AVX2")))
        #expect(read == .unavailable(.deviceNotEligible))
        #expect(read != .unavailable(.modelNotReady))
        #expect(SystemLanguageModel.Availability(.available) == .available)
        #expect(Set(cases.map(\.0)).count == 4)
        #expect(String(describing: SystemLanguageModel.Availability.UnavailableReason.modelNotReady) == "modelNotReady")
    }

    @Test("foundationModelsReason names Foundation Models' equivalent; the system model's reading covers every reason")
    func fullMapping() {
        typealias Reading = SystemLanguageModel.Availability.UnavailableReason
        let expected: [UnavailableReason: (name: Reading?, reading: Reading)] = [
            .deviceNotEligible(detail: "x"): (.deviceNotEligible, .deviceNotEligible),
            .disabled: (.appleIntelligenceNotEnabled, .appleIntelligenceNotEnabled),
            .modelNotReady(progress: 0.5, detail: nil): (.modelNotReady, .modelNotReady),
            .lowStorage(requiredBytes: 2, availableBytes: 1, volume: "/"): (.modelNotReady, .modelNotReady),
            .modelNotInstalled(name: "m"): (.modelNotReady, .modelNotReady),
            .notConfigured(missing: "KEY"): (nil, .appleIntelligenceNotEnabled),
            .runtimeMissing(binary: "llama-server"): (nil, .modelNotReady),
            .unreachable(endpoint: "http://127.0.0.1:1"): (nil, .modelNotReady),
            .unauthorized: (nil, .appleIntelligenceNotEnabled),
            .rateLimited(retryAfter: nil): (nil, .modelNotReady),
            .invalidModel(path: "/m.gguf", detail: "bad"): (nil, .modelNotReady),
            .runtimeFailed(binary: "llama-server", failure: .illegalInstruction): (
                .deviceNotEligible, .deviceNotEligible
            ),
            .runtimeFailed(binary: "llama-server", failure: .killedWhileLoading): (nil, .modelNotReady),
        ]
        #expect(Set(expected.keys.map(\.code)) == Set(UnavailableReason.allCodes))
        for (reason, mapping) in expected {
            #expect(reason.foundationModelsReason == mapping.name, "\(reason)")
            #expect(Reading(reason) == mapping.reading, "\(reason)")
            #expect(SystemLanguageModel.Availability(.unavailable(reason)) == .unavailable(mapping.reading))
            for pattern in Reading.allCases {
                #expect((pattern ~= reason) == (pattern == mapping.name), "\(pattern) ~= \(reason)")
            }
        }
    }

    @Test("matching on the description routes each reason as Foundation Models' names do")
    func descriptionMatching() {
        let cases: [(UnavailableReason, String)] = [
            (.deviceNotEligible(detail: "CPU lacks AVX2"), "This device can't draft routines."),
            (.disabled, "Turn on Apple Intelligence in Settings > Apple Intelligence & Siri."),
            (
                .modelNotReady(progress: 0.4, detail: "downloading"),
                "Try again once the model has finished downloading."
            ),
            (.modelNotInstalled(name: "SmolLM2"), "Try again once the model has finished downloading."),
            (
                .lowStorage(requiredBytes: 2_000, availableBytes: 1_000, volume: "/"),
                "Free some space: the model needs room to download."
            ),
            (.unauthorized, "Drafting is unavailable right now."),
        ]
        for (reason, expected) in cases {
            #expect(AIFeatureAvailability.messageMatchingDescription(for: reason) == expected, "\(reason)")
        }
    }

    // MARK: Options

    @Test("GenerationOptions(samplingMode:temperature:) reaches the model as random top-20 sampling with the seed")
    func samplingModeLabel() async throws {
        let model = ProbeModel()
        let generator = FoundationModelsScreenGenerator(model: model, temperature: 0.7, seed: 42)
        let first = try await generator.generate(from: "A login form with two buttons")
        let second = try await generator.generate(from: "A login form with two buttons")
        #expect(first == second)
        let options = try #require(model.received.first?.options)
        #expect(options.sampling?.topK == 20)
        #expect(options.sampling?.seed == 42)
        #expect(options.samplingMode == options.sampling)
        #expect(options.temperature == 0.7)
        #expect(model.received.first?.instructions == "You compose app screens.")
    }

    @Test("a fresh seed per generation, as the article writes it, still gives a valid screen")
    func freshSeed() async throws {
        let model = ProbeModel()
        let screen = try await FoundationModelsScreenGenerator(model: model).generate(from: "Top ten cities")
        #expect(!screen.sections.isEmpty)
        #expect(model.received.count == 1)
    }

    // MARK: Prompt and Instructions

    @Test("session.respond { … } sends the builder's lines, skipping a branch that did not apply")
    func promptBuilder() async throws {
        let model = ProbeModel()
        let session = LanguageModelSession(model: model)
        let addRegister = false
        let fields = ["username", "password"]
        try await session.respond {
            "A login form."
            if addRegister { "Add a register button." }
            for field in fields { "A field for \(field)." }
        }
        #expect(model.received.last?.prompt == "A login form.\nA field for username.\nA field for password.")
        guard case .prompt(let prompt)? = session.transcript.first else {
            Issue.record("the transcript does not start with the prompt: \(session.transcript)")
            return
        }
        let texts = prompt.segments.compactMap { segment -> String? in
            if case .text(let text) = segment { return text.content }
            return nil
        }
        #expect(texts == ["A login form.\nA field for username.\nA field for password."])
    }

    @Test("respond(to: Prompt, generating:) and a builder with a generable value decode as the String forms do")
    func promptGenerating() async throws {
        let model = ProbeModel()
        let session = LanguageModelSession(model: model)
        let prompt = Prompt {
            "Make a screen like this one:"
            StandingRow(team: "Ternana", points: 40)
        }
        let screen = try await session.respond(to: prompt, generating: UIScreen.self).content
        #expect(!screen.sections.isEmpty)
        #expect(
            model.received.last?.prompt == #"Make a screen like this one:"# + "\n" + #"{"team":"Ternana","points":40}"#)
        let row = try await session.respond(generating: StandingRow.self) { "One row of a league table" }.content
        #expect(row.points >= 0)
    }

    @Test("prompts and instructions nest: a value of each in a builder, and each made from a string")
    func nesting() {
        let inner = Prompt("Be concise.")
        let outer = Prompt {
            inner
            Prompt {
                "Two"
                "lines"
            }
        }
        #expect(outer.text == "Be concise.\nTwo\nlines")
        #expect(Prompt(outer) == outer)
        let instructions = Instructions {
            Instructions("First.")
            "Second."
        }
        #expect(instructions.text == "First.\nSecond.")
        #expect(Instructions(instructions) == instructions)
        #expect(Instructions(BartenderPersona()).text == "You are a bartender.\nAnswer in one sentence.")
    }

    @Test("streamResponse { … } streams the builder's prompt")
    func streamBuilder() async throws {
        let model = ProbeModel()
        let session = LanguageModelSession(model: model)
        let response = try await session.streamResponse { "Say hello" }.collect()
        #expect(!response.content.isEmpty)
        #expect(model.received.last?.prompt == "Say hello")
    }

    /// The text of a transcript's instructions entry, read the Foundation Models way.
    static func instructionsText(_ transcript: Transcript) -> String? {
        guard case .instructions(let instructions)? = transcript.first else { return nil }
        return instructions.segments.compactMap { segment -> String? in
            if case .text(let text) = segment { return text.content }
            return nil
        }.joined(separator: "\n")
    }

    @Test("Instructions and an instructions builder with the app's own type become the session's instructions")
    func instructionsForms() async throws {
        let model = ProbeModel()
        let withType = LanguageModelSession(
            model: model,
            instructions: Instructions {
                BartenderPersona()
                "Never mention prices."
            })
        #expect(
            Self.instructionsText(withType.transcript)
                == "You are a bartender.\nAnswer in one sentence.\nNever mention prices.")
        let withClosure = LanguageModelSession(model: model) {
            BartenderPersona()
        }
        #expect(Self.instructionsText(withClosure.transcript) == "You are a bartender.\nAnswer in one sentence.")
        let none: Instructions? = nil
        #expect(LanguageModelSession(model: model, instructions: none).transcript.isEmpty)
        #expect(LanguageModelSession(model: model, instructions: nil).transcript.isEmpty)
        let withValue = LanguageModelSession(model: model, instructions: Instructions("Be brief."))
        try await withValue.respond(to: Prompt("Hello"))
        #expect(model.received.last?.instructions == "Be brief.")
        #expect(model.received.last?.prompt == "Hello")
    }

    // MARK: Errors

    static let context = GenUIError.Context(provider: "probe", debugDescription: "scripted failure")

    /// How an app built for Foundation Models 27 handles generation errors, falling back to 26's `GenerationError` as
    /// Apple advises for apps that also deploy to 26.
    private static func handle(_ body: () async throws -> Void) async -> String {
        do {
            try await body()
            return "ok"
        } catch let error as LanguageModelError {
            switch error {
            case .contextSizeExceeded(let info): return "start a new session (\(info.contextSize))"
            case .guardrailViolation(let info): return "blocked: \(info.debugDescription)"
            case .rateLimited: return "slow down"
            case .refusal: return "refused"
            case .unsupportedGenerationGuide: return "guide"
            case .timeout: return "timeout"
            default: return "failed"
            }
        } catch LanguageModelSession.Error.concurrentRequests {
            return "busy"
        } catch SystemLanguageModel.Error.assetsUnavailable(let info) {
            // genui's reason travels with it.
            return
                "assets: \(GenUIError(unwrapping: SystemLanguageModel.Error.assetsUnavailable(info))?.code ?? "none")"
        } catch LanguageModelSession.GenerationError.exceededContextWindowSize(let context) {
            return "26: \(context.debugDescription)"
        } catch let error as GenUIError {
            return "genui: \(error.code)"
        } catch {
            return "unexpected"
        }
    }

    static let errorCases: [(GenUIError, String)] = [
        (.contextSizeExceeded(contextSize: 2048, tokenCount: 3000, context), "start a new session (2048)"),
        (.guardrailViolation(context), "blocked: scripted failure"),
        (.unavailable(.modelNotInstalled(name: "m"), context), "assets: unavailable"),
        (.noProviderAvailable(context), "assets: noProviderAvailable"),
        (.unsupportedGenerationGuide(context), "guide"),
        (.concurrentRequests(context), "busy"),
        (.rateLimited(retryAfter: nil, context), "slow down"),
        (.refusal(context), "refused"),
        (.timedOut(context), "timeout"),
        (.transport(.connectionRefused(endpoint: "127.0.0.1:9"), context), "genui: transport"),
    ]

    @Test(
        "a session throws Foundation Models 27's error types, and genui's error where Foundation Models has none",
        arguments: errorCases)
    func sessionErrorsAreFoundationModels27Types(error: GenUIError, expected: String) async {
        let session = LanguageModelSession(model: ProbeModel(failure: error))
        #expect(await Self.handle { try await session.respond(to: "Hello") } == expected)
        #expect(await Self.handle { _ = try await session.streamResponse(to: "Hello").collect() } == expected)
    }

    @Test("genui's error, with its provider, is found in what a session throws")
    func genUIErrorIsCarried() async throws {
        let session = LanguageModelSession(
            model: ProbeModel(failure: .rateLimited(retryAfter: .seconds(30), Self.context)))
        do {
            try await session.respond(to: "Hello")
            Issue.record("the request should fail")
        } catch {
            guard case .rateLimited(let info)? = error as? LanguageModelError else {
                Issue.record("expected LanguageModelError.rateLimited, got \(error)")
                return
            }
            let reset = try #require(info.resetDate)
            #expect(reset.timeIntervalSinceNow > 20 && reset.timeIntervalSinceNow <= 30)
            let carried = try #require(GenUIError(unwrapping: error))
            #expect(carried.code == "rateLimited")
            #expect(carried.provider == "probe")
        }
    }

    @Test("an error that is neither genui's nor Foundation Models' matches none of the handlers")
    func otherErrorsDoNotMatch() async {
        struct Other: Error {}
        #expect(await Self.handle { throw Other() } == "unexpected")
        #expect(GenUIError(unwrapping: Other()) == nil)
    }
}
