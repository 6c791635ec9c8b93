import Foundation
import GenUI
import Logging

/// Composes a screen from an intent ("A login form with …") through any `RoutableModel`: a provider or a chain.
///
/// The model picks and arranges components of the vocabulary under the ``UIScreen`` schema; it never writes code.
/// Guided output must follow the schema exactly (anything else is a decoding failure). Unguided output, accepted only
/// with ``allowUnguided``, is decoded leniently and repaired. Either way the screen then passes ``ScreenValidator``;
/// rules a schema cannot express (unique section titles, a screen-wide component limit) are repaired and reported.
public struct ScreenComposer: Sendable {
    /// The model that composes.
    public var model: any RoutableModel
    /// Sampling options; greedy by default, so the same intent gives the same screen.
    public var options: GenerationOptions
    /// Accept output that was not constrained to the schema, repairing it.
    public var allowUnguided: Bool
    /// The bounds screens are validated and repaired to.
    public var limits: ScreenLimits
    /// Whether the request appends the JSON schema (and an example) to the instructions. Off by default: the
    /// instructions already describe every component, a provider with guided generation is held to the schema
    /// while it decodes, and a chain that lets a provider without it answer appends the schema for that attempt
    /// (as does ``compose(_:)`` when ``model`` itself lacks guided generation). Leaving the schema out saves about
    /// 1,000 prompt tokens, and small models compose better without it: SmolLM2-135M composed 20 of 20 test intents
    /// into valid screens without it, 17 of 20 with it (it filled sections with dividers alone).
    public var includeSchemaInPrompt = false

    /// Tools the model may call before it composes (``RecordLookupTool`` for `genui generate --data`): the facts come
    /// from them, the layout from the model. Empty by default; with tools, only models that call tools can compose.
    public var tools: [any Tool] = []

    /// The schema the screen is composed under: ``UIScreen``'s, or a narrower one (``RecordSet/screenSchema(from:)``
    /// for a screen whose facts come from records). The result is validated against ``UIScreen``'s either way.
    public var schema: GenerationSchema = UIScreen.generationSchema

    /// Whether a component identical to an earlier one on the screen is dropped (and reported as a repair,
    /// `screen.repair.repeatedComponent`). On by default: small models repeat a component until a section is full.
    public var dropsRepeatedComponents = true

    /// How screens are composed: outlined by default (every element the intent names is shown once; measured on
    /// SmolLM2-135M in docs/performance.md, "Screen quality"), or freely.
    public var composition: ScreenComposition = .outlined

    /// How an outlined composition reads what an intent names: ``ScreenOutline/read(from:infersKinds:)`` (English
    /// phrasing) by default. Replace it to read another language, or to give a screen a fixed outline; an empty outline
    /// composes freely.
    public var outlineReader: @Sendable (String) -> ScreenOutline = { ScreenOutline.read(from: $0) }

    /// Records the screen shows as they are (`genui generate --data`): an outlined composition selects and orders
    /// them as the intent asks (``RecordSelection``) and puts them in standings tables of their own; the model writes
    /// the title and layout around them and never retypes a name or a number. `nil` by default.
    public var records: RecordSet?

    /// Whether the model may write sample content no source backs: a fact's value the intent, the data or a tool does
    /// not give. Off by default, as for the embedded model, which cannot know a recipe or today's meetings: such a
    /// value is a marked placeholder (``ComposedScreen/placeholders``) an app fills in. Turn it on for a model that
    /// knows (`genui generate --sample-values`).
    public var mayInventValues = false

    /// Whether values that break ``ValueSanity`` (a run of one repeated token, a copy of the title or of the key, a
    /// sentence several facts share) are replaced by marked placeholders and reported as repairs. On by default.
    public var checksValues = true

    /// Where the session that runs ``tools`` logs each request and tool call (`LanguageModelSession.logger`); by
    /// default nowhere. A composition without tools is one request to ``model``, which logs on its own.
    public var logger: Logger = ProviderInstrumentation.disabledLogger

    /// The longest intent accepted, in characters.
    public static let maximumIntentLength = 2_000

    /// Creates a composer.
    public init(
        model: any RoutableModel, options: GenerationOptions = GenerationOptions(sampling: .greedy),
        allowUnguided: Bool = false, limits: ScreenLimits = .standard
    ) {
        self.model = model
        self.options = options
        self.allowUnguided = allowUnguided
        self.limits = limits
    }

    /// The system instructions that teach the model the vocabulary (the components and the screen's bounds). The
    /// schema itself is appended by the request.
    public static let vocabularyInstructions = """
        You design mobile app screens. You do not write code: you fill in a JSON screen built only from these \
        components, each an object whose "type" names it:
        heading {text} - a prominent line; paragraph {text} - one or two sentences; keyValue {key, value} - a fact \
        such as "Plan": "Pro"; badge {label, tone: neutral|info|positive|warning|critical} - a short status; \
        field {label, placeholder, kind: text|secure|email|number} - an input the user types into (secure for \
        passwords); button {label, style: primary|secondary|destructive} - an action, one primary per section; \
        toggle {label, isOn} - an on/off setting; list {items} - short bullet items; standings {title, rows: \
        [{name, value}]} - a ranked table; divider {} - a separator.
        A screen has a title of at most 40 characters and 1 to 4 sections with distinct short titles; a section \
        has 1 to 6 components. Keep every label short. Use only what the request asks for; do not invent \
        components that are not listed.
        """

    /// The system instructions of a composition without tools: the vocabulary, then rules against repeats and
    /// copied titles, and one complete example screen (measured on SmolLM2-135M over the project's intent corpus:
    /// docs/performance.md, "Screen quality").
    public static let instructions =
        vocabularyInstructions + "\n" + """
            Show each thing the request names exactly once: a field for each input, a button for each action, a \
            keyValue for each figure. Never repeat a component. Give the screen a short title of its own.
            Example request: A trip booking screen with destination and date fields, the price, and Book and Cancel \
            buttons
            Example screen: {"title":"Book a trip","sections":[{"title":"Trip","components":[{"type":"field",\
            "label":"Destination","placeholder":"City","kind":"text"},{"type":"field","label":"Date",\
            "placeholder":"DD/MM/YYYY","kind":"text"},{"type":"keyValue","key":"Price","value":"€240"}]},\
            {"title":"Actions","components":[{"type":"button","label":"Book","style":"primary"},{"type":"button",\
            "label":"Cancel","style":"secondary"}]}]}
            """

    /// The system instructions of a composition with tools: the vocabulary, then ``toolInstructions``. The example
    /// screen is left out: it is a form, and with it SmolLM2-135M laid out a data file's records as a field instead
    /// of a standings table.
    public static let toolCompositionInstructions = vocabularyInstructions + "\n" + toolInstructions

    /// The instructions of a free composition without tools: ``instructions``, or ``toolCompositionInstructions``
    /// with ``tools``. An outlined composition sends ``outlineInstructions``.
    public var effectiveInstructions: String { tools.isEmpty ? Self.instructions : Self.toolCompositionInstructions }

    /// The request sent for `intent` to a model with guided generation; `schemaInPrompt` overrides
    /// ``includeSchemaInPrompt``. Under ``outline(for:)``'s outline the model fills in
    /// ``ScreenOutline/fillInSchema`` under ``outlineInstructions``.
    public func request(for intent: String, schemaInPrompt: Bool? = nil) -> GenerationRequest {
        request(for: intent, outline: outline(for: intent), schemaInPrompt: schemaInPrompt ?? includeSchemaInPrompt)
    }

    /// The request for `intent` under `outline` (free without one).
    func request(for intent: String, outline: ScreenOutline?, schemaInPrompt: Bool) -> GenerationRequest {
        GenerationRequest(
            instructions: outline == nil ? effectiveInstructions : Self.outlineInstructions,
            messages: [.init(role: .user, content: intent)],
            schema: outline?.fillInSchema ?? schema, includeSchemaInPrompt: schemaInPrompt, options: options)
    }

    /// The outline `intent` is composed with: what it names (``outlineReader``), when ``composition`` is outlined,
    /// no ``tools`` are set and the intent names something; `nil` when it is composed freely.
    public func outline(for intent: String) -> ScreenOutline? {
        guard composition == .outlined, tools.isEmpty else { return nil }
        var outline = outlineReader(intent)
        outline.modelWritesFactValues = mayInventValues
        if let records {
            // The records are what the screen shows: what the reading took for facts is their description.
            outline.elements.removeAll { $0.kind.section == .facts }
            outline.records = OutlinedRecords(intent: intent, records: records)
        }
        return outline.isEmpty ? nil : outline
    }

    /// How `intent` is composed, and why: outlined when ``composition`` is outlined, no ``tools`` are set, ``model``
    /// can be held to a schema (guided generation) and the intent names something (``outline(for:)``); otherwise
    /// freely, with the first of those reasons that applies.
    public func decision(for intent: String) async -> CompositionDecision {
        decision(for: intent, guided: await model.supportedCapabilities.contains(.guidedGeneration))
    }

    /// ``decision(for:)`` for a model that can (`guided`) or cannot be held to a schema.
    func decision(for intent: String, guided: Bool) -> CompositionDecision {
        guard composition == .outlined else { return .free(.chosen) }
        guard tools.isEmpty else { return .free(.tools) }
        guard guided else { return .free(.unguided) }
        guard let outline = outline(for: intent) else { return .free(.nothingNamed) }
        return .outlined(outline)
    }

    /// Composes, validates and (when needed) repairs a screen for `intent`.
    public func compose(_ intent: String) async throws -> ComposedScreen {
        let (request, decision) = try await checkedRequest(for: intent)
        guard !tools.isEmpty else {
            return settleValues(
                try assemble(try await model.respond(to: request), decision: decision), intent: intent,
                fromTools: false)
        }
        return settleValues(
            try assemble(try await respondWithTools(request), decision: decision), intent: intent, fromTools: true)
    }

    /// The request for `intent` after checking it (not empty, not too long), with how it is composed
    /// (``decision(for:)``); the schema is in the prompt when ``model`` cannot be held to it.
    func checkedRequest(for intent: String) async throws -> (GenerationRequest, CompositionDecision) {
        let trimmed = intent.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw GenUIError.invalid(
                "the intent is empty; describe the screen in words, for example \"A login form with username and password\""
            )
        }
        guard trimmed.count <= Self.maximumIntentLength else {
            throw GenUIError.invalid(
                "the intent has \(trimmed.count) characters, more than \(Self.maximumIntentLength); describe the screen more briefly"
            )
        }
        // A model that cannot be held to the schema is shown it, and composes freely.
        let guided = await model.supportedCapabilities.contains(.guidedGeneration)
        let decision = decision(for: trimmed, guided: guided)
        let request = request(
            for: trimmed, outline: decision.outline, schemaInPrompt: includeSchemaInPrompt || !guided)
        return (request, decision)
    }

    /// Runs `request` in a session with ``tools``: the model calls them, then composes from what they returned.
    func respondWithTools(_ request: GenerationRequest) async throws -> GenerationResponse {
        let session = LanguageModelSession(
            model: model, tools: tools, instructions: request.instructions ?? effectiveInstructions,
            logger: logger)
        let response: LanguageModelSession.Response<GeneratedContent>
        do {
            response = try await session.respond(
                to: request.prompt, schema: request.schema ?? UIScreen.generationSchema,
                includeSchemaInPrompt: request.includeSchemaInPrompt, options: request.options)
        } catch {
            // The session throws Foundation Models' types; the composer's callers read genui's error and its trace.
            throw GenUIError(unwrapping: error) ?? error
        }
        return GenerationResponse(
            content: response.rawContent, text: response.rawContent.jsonString, metadata: response.metadata)
    }

    /// What the instructions add when tools give the facts.
    public static let toolInstructions = """
        The facts for this screen come from the tools: call a tool first, then show exactly the names and numbers \
        it returned, never others. Show ranked records as a standings table: one row per record, its name and its \
        number.
        """

    /// Turns a model's response into a valid screen (public so other pipelines, streaming say, can reuse it).
    public func finish(_ response: GenerationResponse) throws -> ComposedScreen {
        let provider = response.metadata.provider
        let schema = UIScreen.generationSchema
        var screen: UIScreen
        var repairs: [ScreenRepair] = []
        if response.metadata.guided {
            if response.metadata.validatedSchema != schema, let violation = schema.firstViolation(in: response.content)
            {
                throw GenUIError.decoding(
                    violation.path, "guided output does not follow the screen schema: \(violation.message)"
                ).attributed(to: provider)
            }
            do {
                screen = try UIScreen(response.content)
            } catch let error as GenUIError {
                throw error.attributed(to: provider)
            }
        } else {
            guard allowUnguided else {
                throw GenUIError.unsupportedCapability(
                    .guidedGeneration,
                    .init(
                        provider: provider,
                        debugDescription:
                            "\(provider) answered without guided generation; allow repaired unguided output to accept it"
                    ))
            }
            let content = Self.unguidedContent(response)
            if schema.firstViolation(in: content) == nil, let typed = try? UIScreen(content) {
                screen = typed
            } else {
                do {
                    let repaired = try ScreenRepairer(limits: limits).repair(content: content)
                    screen = repaired.screen
                    repairs = repaired.repairs
                } catch {
                    throw Self.decodingFailure(error, provider: provider)
                }
            }
        }
        if dropsRepeatedComponents {
            let unrepeated = ScreenRepairer(limits: limits).dropRepeatedComponents(screen)
            screen = unrepeated.screen
            repairs += unrepeated.repairs
        }
        let validator = ScreenValidator(limits: limits)
        if !validator.issues(in: screen).isEmpty {
            let repaired = ScreenRepairer(limits: limits).repair(screen)
            screen = repaired.screen
            repairs += repaired.repairs
            do {
                try validator.validate(screen)
            } catch {
                throw Self.decodingFailure(error, provider: provider)
            }
        }
        return ComposedScreen(screen: screen, metadata: response.metadata, repairs: repairs)
    }

    /// The content of an unguided response: its parsed content when that is an object, otherwise the first JSON
    /// object found in its text (code fences and prose around it are ignored).
    static func unguidedContent(_ response: GenerationResponse) -> GeneratedContent {
        if response.content.orderedProperties != nil { return response.content }
        var text = response.text
        if case .string(let inner) = response.content.kind, !inner.isEmpty { text = inner }
        if let start = text.firstIndex(of: "{"), let end = text.lastIndex(of: "}"), start < end,
            let parsed = try? JSONParser.parse(String(text[start...end]))
        {
            return parsed
        }
        return response.content
    }

    /// A decoding failure for a screen that stayed invalid; it carries `error` itself (its issues, each with its
    /// catalog key) among its context's underlying errors, so a caller can word the issues in the user's language.
    static func decodingFailure(_ error: ScreenValidationError, provider: String) -> GenUIError {
        let first = error.issues.first
        var failure = GenUIError.decoding(ScreenPointer.pointer(from: first?.path ?? ""), error.description)
        failure.context.underlyingErrors = [error]
        return failure.attributed(to: provider)
    }
}

/// A composed screen with how it was produced.
public struct ComposedScreen: Sendable {
    /// The valid screen.
    public var screen: UIScreen
    /// Who produced it, with tokens, timings and the route trace.
    public var metadata: ResponseMetadata
    /// What was repaired to make it valid (empty for clean output).
    public var repairs: [ScreenRepair]
    /// How the screen was composed and, when freely, why (``ScreenComposer/decision(for:)``, then what the answer
    /// allowed: an unguided answer that did not fill the outline in was composed freely); `nil` for a screen that
    /// did not go through the composer's own requests.
    public var decision: CompositionDecision?
    /// The outline the model filled in, or `nil` for a free composition.
    public var outline: ScreenOutline? { decision?.outline }
    /// Where each value on the screen comes from (each key-value's value, list item and standings row), in document
    /// order; empty for a screen that did not go through ``ScreenComposer/compose(_:)`` or
    /// ``ScreenComposer/stream(_:)``.
    public var values: [ScreenValue]

    /// Creates a result.
    public init(
        screen: UIScreen, metadata: ResponseMetadata, repairs: [ScreenRepair], outline: ScreenOutline? = nil,
        values: [ScreenValue] = []
    ) {
        self.screen = screen
        self.metadata = metadata
        self.repairs = repairs
        self.decision = outline.map { .outlined($0) }
        self.values = values
    }

    /// The values shown as marked placeholders, for an app to fill in.
    public var placeholders: [ScreenValue] { values.filter { $0.source == .placeholder } }
}

/// Converts property paths to JSON pointers.
enum ScreenPointer {
    /// `sections[1].components[3].label` → `/sections/1/components/3/label`.
    static func pointer(from path: String) -> String {
        var pointer = ""
        var token = ""
        func flush() {
            if !token.isEmpty { pointer += JSONPointer.escape(token) }
            token = ""
        }
        for character in path {
            switch character {
            case ".", "[": flush()
            case "]": flush()
            default: token.append(character)
            }
        }
        flush()
        return pointer
    }
}
