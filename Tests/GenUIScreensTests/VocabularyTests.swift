import GenUI
import GenUIScreens
import GenUITestSupport
import Testing

@Suite("Screen vocabulary", .tags(.unit))
struct VocabularyTests {
    /// Every string node of the schema has a maximum length and every array a count range.
    private func unbounded(_ node: GenerationSchema.Node, path: String, in schema: GenerationSchema) -> [String] {
        switch node {
        case .string(let c):
            return c.choices != nil || c.maximumLength != nil ? [] : [path + ": string without maximumLength"]
        case .array(let a):
            let own = a.minimumCount != nil && a.maximumCount != nil ? [] : [path + ": array without a count range"]
            return own + unbounded(a.items, path: path + "[]", in: schema)
        case .object(let o):
            return o.properties.flatMap { unbounded($0.node, path: path + "." + $0.name, in: schema) }
        case .anyOf(let choice):
            return choice.choices.enumerated().flatMap {
                unbounded($0.element, path: path + "|\($0.offset)", in: schema)
            }
        case .reference(let name):
            return schema.definition(named: name).map { unbounded($0, path: path, in: schema) } ?? [
                path + ": undefined \(name)"
            ]
        case .any:
            return [path + ": unconstrained value"]
        case .integer, .number, .boolean, .null:
            return []
        }
    }

    @Test("every string in the UIScreen schema has a maximum length and every array a count range")
    func schemaIsBounded() {
        let schema = UIScreen.generationSchema
        #expect(unbounded(schema.root, path: "screen", in: schema) == [])
    }

    @Test("the component schema offers exactly the vocabulary's kinds, each tagged by \"type\"")
    func componentKinds() throws {
        let json = UIComponent.generationSchema.jsonSchemaString()
        for kind in UIComponent.kinds {
            #expect(
                json.contains("\"const\":\"\(kind)\"") || json.contains("\"enum\":[\"\(kind)\"]"), "missing \(kind)")
        }
    }

    @Test("components encode as one object per case with a type discriminator, and round-trip")
    func encoding() throws {
        #expect(UIComponent.divider.generatedContent.jsonString == #"{"type":"divider"}"#)
        #expect(
            UIComponent.badge(label: "New", tone: .positive).generatedContent.jsonString
                == #"{"type":"badge","label":"New","tone":"positive"}"#)
        let screen = ScreenFixtures.everything
        let json = ScreenDocument.json(screen)
        #expect(try ScreenDocument.read(json: json) == screen)
        try UIScreen.generationSchema.validate(screen.generatedContent)
    }

    @Test("the everything fixture uses every component kind")
    func fixtureCoversAllKinds() {
        let used = Set(ScreenFixtures.everything.sections.flatMap(\.components).map(\.kind))
        #expect(used == Set(UIComponent.kinds))
    }

    @Test("the system instructions name every component kind")
    func instructionsTeachTheVocabulary() {
        for kind in UIComponent.kinds { #expect(ScreenComposer.instructions.contains(kind)) }
    }
}
