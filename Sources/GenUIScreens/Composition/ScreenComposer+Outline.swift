import GenUI

extension ScreenComposer {
    /// The system instructions of an outlined composition: what the model writes around the named elements, and one
    /// filled-in example (measured on SmolLM2-135M over the project's intent corpus: docs/performance.md, "Screen
    /// quality").
    public static let outlineInstructions = """
        You fill in a mobile app screen for a request. The JSON already holds each thing the request names, grouped \
        in sections. Write a title of the screen's own in two or three words (never the request's words), a short \
        title for each section, a placeholder and an input kind for each field (secure for passwords, email for \
        e-mail addresses, number for amounts, otherwise text), a realistic value for each fact, whether each toggle \
        is on, and a style for each button.
        Example request: A trip booking screen with destination and date fields, the price, and Book and Cancel \
        buttons
        Example screen: {"title":"Book a trip","inputs":{"title":"Trip","Destination":{"placeholder":"City",\
        "kind":"text"},"Date":{"placeholder":"DD/MM/YYYY","kind":"text"}},"facts":{"title":"Fare","Price":"€240"},\
        "actions":{"title":"Actions","Book":"primary","Cancel":"secondary"}}
        """

    /// The instructions most of this composer's requests send: ``outlineInstructions`` for an outlined composition
    /// without tools, ``effectiveInstructions`` otherwise (an intent that names nothing is composed freely, under
    /// ``instructions``).
    public var usualInstructions: String {
        composition == .outlined && tools.isEmpty ? Self.outlineInstructions : effectiveInstructions
    }

    /// Starts ``model`` and has it evaluate ``usualInstructions`` ahead of the first request
    /// (`RoutableModel.prewarm(promptPrefix:)`), so that request evaluates only its own words.
    public func prewarm() async {
        await model.prewarm(promptPrefix: usualInstructions)
    }

    /// Turns a model's response into a valid screen, as ``finish(_:)`` does; with an `outline` (``outline(for:)``),
    /// the response fills it in (``ScreenOutline/fillInSchema``) and the screen is the one it describes.
    ///
    /// Guided output must follow the fill-in schema exactly. Unguided output (accepted only with ``allowUnguided``)
    /// that does not fill the outline in is taken as a freely composed screen and repaired.
    public func finish(_ response: GenerationResponse, outline: ScreenOutline?) throws -> ComposedScreen {
        try finish(response, outline: outline, intent: nil)
    }

    /// ``finish(_:outline:)``, then where each value comes from (``ComposedScreen/values``): a value the `intent`
    /// holds is the intent's; values that break ``ValueSanity``, or that the model wrote without leave to invent,
    /// become marked placeholders (what ``compose(_:)`` does with the response).
    public func finish(_ response: GenerationResponse, outline: ScreenOutline?, intent: String?) throws
        -> ComposedScreen
    {
        var composed = settleValues(
            try assemble(response, decision: outline.map { .outlined($0) } ?? .free(.chosen)), intent: intent,
            fromTools: false)
        if outline == nil { composed.decision = nil }
        return composed
    }

    /// The response turned into a screen under `decision`; the result's decision says how it was composed in the end.
    func assemble(_ response: GenerationResponse, decision: CompositionDecision) throws -> ComposedScreen {
        guard case .outlined(let outline) = decision else {
            var composed = try finish(response)
            composed.decision = decision
            return composed
        }
        let provider = response.metadata.provider
        let filled = response.metadata.guided ? response.content : Self.unguidedContent(response)
        // Content the provider validated against the request's fill-in schema (its title pattern included) also
        // follows the looser one checked here.
        let validated = response.metadata.guided && response.metadata.validatedSchema == outline.fillInSchema
        let violation = validated ? nil : outline.fillInSchema(titlePattern: nil).firstViolation(in: filled)
        if response.metadata.guided, let violation {
            throw GenUIError.decoding(
                violation.path, "guided output does not follow the outline's schema: \(violation.message)"
            ).attributed(to: provider)
        }
        guard violation == nil, let screen = outline.screen(from: filled) else {
            var composed = try finish(response)
            composed.decision = .free(.unguided)
            return composed
        }
        var assembled = response
        assembled.content = screen.generatedContent
        assembled.text = assembled.content.jsonString
        var composed = try finish(assembled)
        composed.decision = decision
        return composed
    }
}
