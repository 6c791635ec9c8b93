import GenUI
import GenUIRouter

/// A conformance suite a provider package runs against its own `RoutableModel`.
///
/// It checks what genui's chain relies on: availability answers promptly and is cheap; claimed capabilities are
/// real (a model claiming guided generation returns output that validates, one claiming streaming streams);
/// errors are `GenUIError`s attributed to the model; invalid options are rejected as invalid requests;
/// cancellation ends a request promptly. A model claiming tool calling answers a request with one tool by calls of
/// that tool whose arguments validate (or by an answer), and accepts its own calls and another provider's back with
/// their outputs; a model that does not claim it is sent no tools, and the report lists the tool checks as skipped.
/// Use it from Swift Testing:
///
/// ```swift
/// @Test func conforms() async {
///     let report = await LanguageModelConformance.run(MyModel())
///     #expect(report.passed, "\(report)")
/// }
/// ```
public enum LanguageModelConformance {
    /// What the suite expects and how long it waits.
    public struct Options: Sendable {
        /// The schema used for the guided-generation check.
        public var schema: GenerationSchema
        /// The prompt used for generation checks.
        public var prompt: String
        /// The longest an availability check may take.
        public var availabilityTimeout: Duration
        /// The longest a generation may take.
        public var generationTimeout: Duration
        /// How long after cancellation the request must end.
        public var cancellationGrace: Duration
        /// The token limit of every request the suite sends (`nil`: the model's own); a small one keeps runs against
        /// real models short. It must leave room for a value of ``schema`` and a call of ``tool``.
        public var maximumResponseTokens: Int?
        /// The one tool offered in the tool checks.
        public var tool: GenerationRequest.ToolDefinition
        /// The prompt of the tool checks: one that needs ``tool``.
        public var toolPrompt: String
        /// The output given back for each call in the follow-up tool checks.
        public var toolOutput: String

        /// Creates options; every parameter has a default.
        public init(
            schema: GenerationSchema = LanguageModelConformance.defaultSchema, prompt: String = "A tiny greeting card",
            availabilityTimeout: Duration = .seconds(5), generationTimeout: Duration = .seconds(120),
            cancellationGrace: Duration = .seconds(5), maximumResponseTokens: Int? = nil,
            tool: GenerationRequest.ToolDefinition = LanguageModelConformance.defaultTool,
            toolPrompt: String = "Use the look_up_city tool to find out about Paris.",
            toolOutput: String = "Paris: capital of France, population 2.1 million."
        ) {
            self.schema = schema
            self.prompt = prompt
            self.availabilityTimeout = availabilityTimeout
            self.generationTimeout = generationTimeout
            self.cancellationGrace = cancellationGrace
            self.maximumResponseTokens = maximumResponseTokens
            self.tool = tool
            self.toolPrompt = toolPrompt
            self.toolOutput = toolOutput
        }

        /// A request the suite sends: `prompt`, with the token limit.
        func request(_ prompt: String, schema: GenerationSchema? = nil) -> GenerationRequest {
            GenerationRequest(
                prompt: prompt, schema: schema, options: GenerationOptions(maximumResponseTokens: maximumResponseTokens)
            )
        }
    }

    /// A small schema with a bounded string, a ranged integer and a short array.
    public static let defaultSchema = GenerationSchema(
        node: .object(
            .init(
                name: "Card",
                properties: [
                    .init(name: "title", node: .string(.init(minimumLength: 1, maximumLength: 40))),
                    .init(name: "stars", node: .integer(.init(minimum: 1, maximum: 5))),
                    .init(
                        name: "tags",
                        node: .array(.init(items: .string(.init(maximumLength: 20)), minimumCount: 1, maximumCount: 3))),
                ])),
        name: "Card")

    /// A lookup tool with one required string argument, `city`.
    public static let defaultTool = GenerationRequest.ToolDefinition(
        name: "look_up_city", description: "Looks up a city's country and population.",
        parameters: GenerationSchema(
            node: .object(
                .init(
                    name: "CityLookup",
                    properties: [
                        .init(
                            name: "city", description: "The city's name",
                            node: .string(.init(minimumLength: 1, maximumLength: 40)))
                    ])),
            name: "CityLookup"))

    /// Runs every check against `model`.
    public static func run(_ model: any RoutableModel, options: Options = Options()) async -> ConformanceReport {
        var checks: [ConformanceReport.Check] = []
        func record(_ name: String, _ passed: Bool, _ detail: String) {
            checks.append(.init(name: name, passed: passed, detail: detail))
        }

        let availability: Availability
        do {
            availability = try await withDeadline(options.availabilityTimeout) { await model.availability }
            record("availability answers promptly", true, availability.unavailableReason?.code ?? "available")
        } catch {
            record("availability answers promptly", false, "no answer within \(options.availabilityTimeout)")
            return ConformanceReport(model: model.name, checks: checks)
        }
        let capabilities = await model.supportedCapabilities

        if case .unavailable(let reason) = availability {
            let outcome = await attempt(model, options.request(options.prompt), options.generationTimeout)
            switch outcome {
            case .failure(let error as GenUIError):
                record("an unavailable model fails with a GenUIError", true, error.code)
                record(
                    "errors name the provider", error.provider == model.name, "provider: \(error.provider ?? "none")")
            case .failure(let error):
                record("an unavailable model fails with a GenUIError", false, "threw \(type(of: error))")
            case .success:
                record(
                    "an unavailable model fails with a GenUIError", false,
                    "reported \(reason.code) but served a request")
            }
            return ConformanceReport(model: model.name, checks: checks)
        }

        var invalid = options.request(options.prompt)
        invalid.options.temperature = 50
        switch await attempt(model, invalid, options.generationTimeout) {
        case .failure(let error as GenUIError):
            record("invalid options are an invalid request", error.code == "invalidRequest", error.code)
            record("errors name the provider", error.provider == model.name, "provider: \(error.provider ?? "none")")
        case .failure(let error):
            record("invalid options are an invalid request", false, "threw \(type(of: error))")
        case .success:
            record("invalid options are an invalid request", false, "temperature 50 was accepted")
        }

        let structured = options.request(options.prompt, schema: options.schema)
        switch await attempt(model, structured, options.generationTimeout) {
        case .success(let response):
            let violation = options.schema.firstViolation(in: response.content)
            if capabilities.contains(.guidedGeneration) {
                record(
                    "guided output validates against the schema", violation == nil,
                    violation.map { "\($0)" } ?? "valid")
                record(
                    "guided output is reported as guided", response.metadata.guided,
                    "guided: \(response.metadata.guided)")
            } else {
                record(
                    "a model without guided generation does not claim guided output", !response.metadata.guided,
                    "guided: \(response.metadata.guided)")
            }
        case .failure(let error as GenUIError):
            let honest = !capabilities.contains(.guidedGeneration) && error.code == "unsupportedCapability"
            record("guided output validates against the schema", honest, "threw \(error)")
        case .failure(let error):
            record("guided output validates against the schema", false, "threw \(type(of: error))")
        }

        if capabilities.contains(.streaming) {
            let detail = await streamCheck(model, options.request(options.prompt), options.generationTimeout)
            record("a model claiming streaming streams deltas then completes", detail == nil, detail ?? "ok")
        }

        checks += await toolChecks(model, capabilities: capabilities, options: options)

        let cancelled = await cancellationCheck(model, options.request(options.prompt), options.cancellationGrace)
        record("cancellation ends the request promptly", cancelled == nil, cancelled ?? "ended")

        return ConformanceReport(model: model.name, checks: checks)
    }

    static func attempt(_ model: any RoutableModel, _ request: GenerationRequest, _ limit: Duration) async
        -> Result<GenerationResponse, any Error>
    {
        do {
            return .success(try await withDeadline(limit) { try await model.respond(to: request) })
        } catch {
            return .failure(error)
        }
    }

    private static func streamCheck(_ model: any RoutableModel, _ request: GenerationRequest, _ limit: Duration) async
        -> String?
    {
        do {
            return try await withDeadline(limit) {
                var deltas = 0
                var completed = false
                for try await event in model.streamResponse(to: request) {
                    switch event {
                    case .delta: deltas += 1
                    case .restarted: break
                    case .completed: completed = true
                    }
                }
                if !completed { return "the stream ended without a completion" }
                return deltas == 0 ? "no delta before the completion" : nil
            }
        } catch {
            return "streaming failed: \(error)"
        }
    }

    private static func cancellationCheck(_ model: any RoutableModel, _ request: GenerationRequest, _ grace: Duration)
        async -> String?
    {
        let task = Task { try await model.respond(to: request) }
        try? await Task.sleep(for: .milliseconds(20))
        task.cancel()
        do {
            _ = try await withDeadline(grace) { try await task.value }
            return nil
        } catch is DeadlineExceeded {
            return "still running \(grace) after cancellation"
        } catch {
            return nil
        }
    }
}
