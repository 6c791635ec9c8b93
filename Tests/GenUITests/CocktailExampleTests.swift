import GenUI
import GenUITestSupport
import Testing

// Seed 002's cocktail example, written as for Apple's Foundation Models; only the import differs.

struct SubComponentPromptSet {
    let title: String
    let bodyGuideDescription: String
}

struct EducationalPromptSet {
    let type: String
    let instructions: String
    let name: String
    let description: String
    let summaryGuideDescription: String
    let confidenceGuideDescription: String
    let subComponents: [SubComponentPromptSet]
}

let cocktailPromptSet = EducationalPromptSet(
    type: "bartender_basic",
    instructions:
        "You are an expert bartender. Take the provided cocktail name or list of ingredients and explain how to make a delicious cocktail. Be creative!",
    name: "Cocktail Recipe",
    description:
        "A custom cocktail recipe, tailored to the user's input and communicated in an educational tone and spirit",
    summaryGuideDescription:
        "The summary should describe the history (if applicable) and taste profile of the cocktail",
    confidenceGuideDescription:
        "Range between 0-100 for your confidence in the feasibility of this cocktail based on the prompt",
    subComponents: [
        SubComponentPromptSet(title: "Ingredients", bodyGuideDescription: "A list of all ingredients in the cocktail"),
        SubComponentPromptSet(title: "Steps", bodyGuideDescription: "A list of the steps to make the cocktail"),
        SubComponentPromptSet(
            title: "Prep", bodyGuideDescription: "The bar prep you should have completed in advance of service"),
    ]
)

let cocktailSchema = DynamicGenerationSchema(
    name: cocktailPromptSet.name,
    description: cocktailPromptSet.description,
    properties: [
        DynamicGenerationSchema.Property(
            name: "summary",
            description: cocktailPromptSet.summaryGuideDescription,
            schema: DynamicGenerationSchema(type: String.self)
        ),
        DynamicGenerationSchema.Property(
            name: "confidence",
            description: cocktailPromptSet.confidenceGuideDescription,
            schema: DynamicGenerationSchema(type: Int.self)
        ),
        DynamicGenerationSchema.Property(
            name: "subComponents",
            schema: DynamicGenerationSchema(
                name: "subComponents",
                properties: cocktailPromptSet.subComponents.map { subComponentPromptSet in
                    DynamicGenerationSchema.Property(
                        name: subComponentPromptSet.title,
                        description: subComponentPromptSet.bodyGuideDescription,
                        schema: DynamicGenerationSchema(type: String.self)
                    )
                }
            )
        ),
    ]
)

struct EducationalResult: ConvertibleFromGeneratedContent {
    let summary: String
    let confidence: Int
    let subComponents: [SubComponentResult]

    init(_ content: GeneratedContent) throws {
        summary = try content.value(String.self, forProperty: "summary")
        confidence = try content.value(Int.self, forProperty: "confidence")
        let subComponentsContent = try content.value(GeneratedContent.self, forProperty: "subComponents")
        let properties: [String: GeneratedContent] = {
            if case let .structure(properties, _) = subComponentsContent.kind {
                return properties
            }
            return [:]
        }()
        subComponents = try properties.map { (title, bodyContent) in
            try SubComponentResult(title: title, body: bodyContent.value(String.self))
        }
    }
}

struct SubComponentResult {
    let title: String
    let body: String
}

@Suite("Seed 002 cocktail example", .tags(.unit))
struct CocktailExampleTests {
    @Test("the dynamic schema builds and a sample content decodes through kind")
    func decodesSample() throws {
        let schema = try GenerationSchema(root: cocktailSchema, dependencies: [])
        let sample = try GeneratedContent(
            json: """
                {"summary":"A classic, sweet and fizzy.","confidence":100,
                 "subComponents":{"Ingredients":"Ginger ale, grenadine","Steps":"Pour, stir, garnish","Prep":"Chill glasses"}}
                """)
        try schema.validate(sample)
        let result = try EducationalResult(sample)
        #expect(result.summary == "A classic, sweet and fizzy.")
        #expect(result.confidence == 100)
        #expect(Set(result.subComponents.map(\.title)) == ["Ingredients", "Steps", "Prep"])
        #expect(result.subComponents.first(where: { $0.title == "Prep" })?.body == "Chill glasses")
    }

    @Test("a content missing a sub-component fails validation at its JSON pointer")
    func locatesMissingSubComponent() throws {
        let schema = try GenerationSchema(root: cocktailSchema, dependencies: [])
        let sample = try GeneratedContent(
            json: #"{"summary":"x","confidence":1,"subComponents":{"Steps":"a","Prep":"b"}}"#)
        let violation = try #require(schema.firstViolation(in: sample))
        #expect(violation.path == "/subComponents/Ingredients")
    }

    @Test("the playground code runs unchanged, with the scripted model named explicitly")
    func runsLikeThePlayground() async throws {
        // The default model is the configured chain (or unavailable); the scripted model serves only where named.
        let session = LanguageModelSession(model: ScriptedLanguageModel(name: "scripted")) {
            cocktailPromptSet.instructions
        }

        let response = try await session.respond(
            to: "Shirley Temple",
            schema: GenerationSchema(root: cocktailSchema, dependencies: [])
        )

        let cocktailResult = try EducationalResult(response.content)
        #expect(cocktailResult.subComponents.count == 3)
        #expect(!cocktailResult.summary.isEmpty)
        #expect(session.transcript.count == 3)
    }

    @Test("a reference to an undefined dependency is Foundation Models' undefinedReferences schema error")
    func undefinedReference() {
        let root = DynamicGenerationSchema(
            name: "Menu",
            properties: [.init(name: "drinks", schema: DynamicGenerationSchema(arrayOf: .init(referenceTo: "Drink")))])
        #expect {
            try GenerationSchema(root: root, dependencies: [])
        } throws: { error in
            guard case GenerationSchema.SchemaError.undefinedReferences(let schema, let references, _) = error else {
                return false
            }
            return schema == "Menu" && references == ["Drink"]
        }
        let drink = DynamicGenerationSchema(
            name: "Drink", properties: [.init(name: "name", schema: .init(type: String.self))])
        #expect(throws: Never.self) { try GenerationSchema(root: root, dependencies: [drink]) }
    }
}
