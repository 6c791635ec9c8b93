import GenUIFoundationModels
import GenUITestSupport
import Testing

/// Builds a schema the way app code does and reports which `SchemaError` case it threw, with its payload.
private func schemaError(root: DynamicGenerationSchema, dependencies: [DynamicGenerationSchema] = []) -> String? {
    do {
        _ = try GenerationSchema(root: root, dependencies: dependencies)
        return nil
    } catch let error as GenerationSchema.SchemaError {
        switch error {
        case .duplicateProperty(let schema, let property, let context):
            return "duplicateProperty \(schema).\(property): \(context.debugDescription)"
        case .duplicateType(let schema, let type, let context):
            return "duplicateType \(schema ?? "-") \(type): \(context.debugDescription)"
        case .emptyTypeChoices(let schema, let context):
            return "emptyTypeChoices \(schema): \(context.debugDescription)"
        case .undefinedReferences(let schema, let references, let context):
            return "undefinedReferences \(schema ?? "-") \(references): \(context.debugDescription)"
        }
    } catch {
        return "another error: \(error)"
    }
}

private let text = DynamicGenerationSchema(type: String.self)

/// `GenerationSchema.SchemaError` as Foundation Models ships it: the cases app code binds, each with its payload and
/// a context whose `debugDescription` says where the problem is.
@Suite("Foundation Models API: GenerationSchema.SchemaError", .tags(.unit))
struct SchemaErrorAPITests {
    @Test("an object with two properties of one name is duplicateProperty, naming the object and the property")
    func duplicateProperty() {
        let card = DynamicGenerationSchema(
            name: "Card",
            properties: [
                .init(name: "title", schema: text), .init(name: "title", schema: text),
            ])
        let found = schemaError(root: card)
        #expect(
            found?.hasPrefix("duplicateProperty Card.title: object 'Card' has two properties named 'title'") == true,
            "\(found ?? "no error")")
    }

    @Test("two dependencies of one name are duplicateType, naming the type")
    func duplicateType() {
        let first = DynamicGenerationSchema(name: "Item", properties: [.init(name: "a", schema: text)])
        let second = DynamicGenerationSchema(name: "Item", properties: [.init(name: "b", schema: text)])
        let root = DynamicGenerationSchema(
            name: "List",
            properties: [
                .init(
                    name: "items",
                    schema: DynamicGenerationSchema(arrayOf: DynamicGenerationSchema(referenceTo: "Item")))
            ])
        let found = schemaError(root: root, dependencies: [first, second])
        #expect(
            found?.hasPrefix("duplicateType - Item: two dependencies are named 'Item'") == true,
            "\(found ?? "no error")")
    }

    @Test("a choice without alternatives is emptyTypeChoices, for schema choices and string choices alike")
    func emptyTypeChoices() {
        let noSchemas = DynamicGenerationSchema(name: "Shape", anyOf: [DynamicGenerationSchema]())
        #expect(schemaError(root: noSchemas) == "emptyTypeChoices Shape: the choice 'Shape' has no alternatives")
        let noStrings = DynamicGenerationSchema(name: "Colour", anyOf: [String]())
        let holder = DynamicGenerationSchema(name: "Paint", properties: [.init(name: "colour", schema: noStrings)])
        #expect(schemaError(root: holder) == "emptyTypeChoices Colour: the choice 'Colour' has no alternatives")
    }

    @Test("references no dependency defines are undefinedReferences: every missing name, and the schema holding them")
    func undefinedReferences() throws {
        let menu = DynamicGenerationSchema(
            name: "Menu",
            properties: [
                .init(
                    name: "drinks",
                    schema: DynamicGenerationSchema(arrayOf: DynamicGenerationSchema(referenceTo: "Drink"))),
                .init(name: "dish", schema: DynamicGenerationSchema(referenceTo: "Dish")),
                .init(name: "dessert", schema: DynamicGenerationSchema(referenceTo: "Drink")),
            ])
        let found = try #require(schemaError(root: menu))
        #expect(
            found.hasPrefix(#"undefinedReferences Menu ["Drink", "Dish"]: 'Menu' refers to 'Drink', 'Dish'"#),
            "\(found)")
        let drink = DynamicGenerationSchema(name: "Drink", properties: [.init(name: "name", schema: text)])
        let dish = DynamicGenerationSchema(name: "Dish", properties: [.init(name: "name", schema: text)])
        #expect(schemaError(root: menu, dependencies: [drink, dish]) == nil)
    }

    @Test("the error reads as Foundation Models' does: LocalizedError text and a debug description with the case")
    func descriptions() throws {
        let card = DynamicGenerationSchema(
            name: "Card",
            properties: [
                .init(name: "x", schema: text), .init(name: "x", schema: text),
            ])
        let error = try #require(throws: GenerationSchema.SchemaError.self) {
            try GenerationSchema(root: card, dependencies: [])
        }
        #expect(error.errorDescription == "object 'Card' has two properties named 'x'")
        #expect(error.recoverySuggestion?.isEmpty == false)
        #expect(error.debugDescription == "duplicateProperty: object 'Card' has two properties named 'x'")
        #expect(
            GenerationSchema.SchemaError.Context(debugDescription: "made by hand").debugDescription == "made by hand")
    }
}
