import GenUITestSupport
import Testing

@Suite("@Generable on enums", .tags(.unit))
struct EnumExpansionTests {
    @Test("an enum without payloads is a string choice of case names")
    func choiceEnum() {
        assertExpansion(
            Samples.choiceEnum,
            expandedSource: #"""
                enum Mood: String {
                    case happy = "h"
                    case sad
                    case `default`
                }

                nonisolated extension Mood: GenUI.Generable, Swift.Sendable {
                    static var generationSchema: GenUI.GenerationSchema {
                        GenUI.GenerationSchema(type: Self.self, description: "How the user feels", anyOf: ["happy", "sad", "default"])
                    }

                    init(_ content: GenUI.GeneratedContent) throws {
                        let caseName = try content.value(Swift.String.self)
                        switch caseName {
                        case "happy":
                            self = .happy
                        case "sad":
                            self = .sad
                        case "default":
                            self = .`default`
                        default:
                            throw GenUI.GenUIError.unknownCase(caseName, expected: ["happy", "sad", "default"])
                        }
                    }

                    var generatedContent: GenUI.GeneratedContent {
                        switch self {
                        case .happy:
                            GenUI.GeneratedContent(kind: .string("happy"))
                        case .sad:
                            GenUI.GeneratedContent(kind: .string("sad"))
                        case .`default`:
                            GenUI.GeneratedContent(kind: .string("default"))
                        }
                    }
                }
                """#)
    }

    @Test("an enum with payloads is one object per case tagged by \"type\"")
    func taggedEnum() {
        assertExpansion(
            Samples.taggedEnum,
            expandedSource: #"""
                enum Block {
                    case title(text: String)
                    case quote(String)
                    case point(Double, Double)
                    case note(String, author: String?)
                    case list(items: [Entry])
                    case spacer

                    nonisolated enum PartiallyGenerated: GenUI.ConvertibleFromGeneratedContent, Swift.Sendable {
                        case title(text: String?)
                        case quote(String?)
                        case point(Double?, Double?)
                        case note(String?, author: String?)
                        case list(items: [Entry.PartiallyGenerated]?)
                        case spacer

                        init(_ content: GenUI.GeneratedContent) throws {
                            let caseName = try content.value(Swift.String.self, forProperty: GenUI.GenerationSchema.discriminator)
                            switch caseName {
                            case "title":
                                self = try .title(text: content.partialValue(String.self, forProperty: "text"))
                            case "quote":
                                self = try .quote(content.partialValue(String.self, forProperty: "value"))
                            case "point":
                                self = try .point(content.partialValue(Double.self, forProperty: "_0"), content.partialValue(Double.self, forProperty: "_1"))
                            case "note":
                                self = try .note(content.partialValue(String.self, forProperty: "_0"), author: content.partialValue(String.self, forProperty: "author"))
                            case "list":
                                self = try .list(items: content.partialElements(Entry.PartiallyGenerated.self, forProperty: "items"))
                            case "spacer":
                                self = .spacer
                            default:
                                throw GenUI.GenUIError.unknownCase(caseName, expected: ["title", "quote", "point", "note", "list", "spacer"], path: "/" + GenUI.GenerationSchema.discriminator)
                            }
                        }
                    }
                }

                nonisolated extension Block: GenUI.Generable {
                    static var generationSchema: GenUI.GenerationSchema {
                        GenUI.GenerationSchema(
                            type: Self.self,
                            anyOf: [
                                GenUI.GenerationSchema(name: "title", properties: [
                                    GenUI.GenerationSchema.Property(name: GenUI.GenerationSchema.discriminator, type: Swift.String.self, guides: [.constant("title")]),
                                    GenUI.GenerationSchema.Property(name: "text", type: String.self)
                                ]),
                                GenUI.GenerationSchema(name: "quote", properties: [
                                    GenUI.GenerationSchema.Property(name: GenUI.GenerationSchema.discriminator, type: Swift.String.self, guides: [.constant("quote")]),
                                    GenUI.GenerationSchema.Property(name: "value", type: String.self)
                                ]),
                                GenUI.GenerationSchema(name: "point", properties: [
                                    GenUI.GenerationSchema.Property(name: GenUI.GenerationSchema.discriminator, type: Swift.String.self, guides: [.constant("point")]),
                                    GenUI.GenerationSchema.Property(name: "_0", type: Double.self),
                                    GenUI.GenerationSchema.Property(name: "_1", type: Double.self)
                                ]),
                                GenUI.GenerationSchema(name: "note", properties: [
                                    GenUI.GenerationSchema.Property(name: GenUI.GenerationSchema.discriminator, type: Swift.String.self, guides: [.constant("note")]),
                                    GenUI.GenerationSchema.Property(name: "_0", type: String.self),
                                    GenUI.GenerationSchema.Property(name: "author", type: String?.self, guides: [] as [GenUI.GenerationGuide<String>])
                                ]),
                                GenUI.GenerationSchema(name: "list", properties: [
                                    GenUI.GenerationSchema.Property(name: GenUI.GenerationSchema.discriminator, type: Swift.String.self, guides: [.constant("list")]),
                                    GenUI.GenerationSchema.Property(name: "items", type: [Entry].self)
                                ]),
                                GenUI.GenerationSchema(name: "spacer", properties: [
                                    GenUI.GenerationSchema.Property(name: GenUI.GenerationSchema.discriminator, type: Swift.String.self, guides: [.constant("spacer")])
                                ])
                            ]
                        )
                    }

                    init(_ content: GenUI.GeneratedContent) throws {
                        let caseName = try content.value(Swift.String.self, forProperty: GenUI.GenerationSchema.discriminator)
                        switch caseName {
                        case "title":
                            self = try .title(text: content.value(String.self, forProperty: "text"))
                        case "quote":
                            self = try .quote(content.value(String.self, forProperty: "value"))
                        case "point":
                            self = try .point(content.value(Double.self, forProperty: "_0"), content.value(Double.self, forProperty: "_1"))
                        case "note":
                            self = try .note(content.value(String.self, forProperty: "_0"), author: content.value(String?.self, forProperty: "author"))
                        case "list":
                            self = try .list(items: content.value([Entry].self, forProperty: "items"))
                        case "spacer":
                            self = .spacer
                        default:
                            throw GenUI.GenUIError.unknownCase(caseName, expected: ["title", "quote", "point", "note", "list", "spacer"], path: "/" + GenUI.GenerationSchema.discriminator)
                        }
                    }

                    var generatedContent: GenUI.GeneratedContent {
                        switch self {
                        case .title(let value0):
                            var properties: [(Swift.String, GenUI.GeneratedContent)] = [(GenUI.GenerationSchema.discriminator, GenUI.GeneratedContent(kind: .string("title")))]
                            properties.append(("text", value0.generatedContent))
                            return GenUI.GeneratedContent(orderedProperties: properties)
                        case .quote(let value0):
                            var properties: [(Swift.String, GenUI.GeneratedContent)] = [(GenUI.GenerationSchema.discriminator, GenUI.GeneratedContent(kind: .string("quote")))]
                            properties.append(("value", value0.generatedContent))
                            return GenUI.GeneratedContent(orderedProperties: properties)
                        case .point(let value0, let value1):
                            var properties: [(Swift.String, GenUI.GeneratedContent)] = [(GenUI.GenerationSchema.discriminator, GenUI.GeneratedContent(kind: .string("point")))]
                            properties.append(("_0", value0.generatedContent))
                            properties.append(("_1", value1.generatedContent))
                            return GenUI.GeneratedContent(orderedProperties: properties)
                        case .note(let value0, let value1):
                            var properties: [(Swift.String, GenUI.GeneratedContent)] = [(GenUI.GenerationSchema.discriminator, GenUI.GeneratedContent(kind: .string("note")))]
                            properties.append(("_0", value0.generatedContent))
                            if let value = value1 {
                                properties.append(("author", value.generatedContent))
                            }
                            return GenUI.GeneratedContent(orderedProperties: properties)
                        case .list(let value0):
                            var properties: [(Swift.String, GenUI.GeneratedContent)] = [(GenUI.GenerationSchema.discriminator, GenUI.GeneratedContent(kind: .string("list")))]
                            properties.append(("items", value0.generatedContent))
                            return GenUI.GeneratedContent(orderedProperties: properties)
                        case .spacer:
                            let properties: [(Swift.String, GenUI.GeneratedContent)] = [(GenUI.GenerationSchema.discriminator, GenUI.GeneratedContent(kind: .string("spacer")))]
                            return GenUI.GeneratedContent(orderedProperties: properties)
                        }
                    }
                }
                """#)
    }
}
