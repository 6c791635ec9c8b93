import GenUITestSupport
import Testing

@Suite("@Generable on structs", .tags(.unit))
struct StructExpansionTests {
    @Test("a struct gets a schema, init(_:), generatedContent and a PartiallyGenerated type")
    func basicStruct() {
        assertExpansion(
            Samples.basicStruct,
            expandedSource: #"""
                struct Point {
                    var x: Int
                    var y: Int

                    nonisolated struct PartiallyGenerated: Swift.Identifiable, GenUI.ConvertibleFromGeneratedContent, Swift.Sendable {
                        var id: GenUI.GenerationID
                        var x: Int?
                        var y: Int?

                        init(_ content: GenUI.GeneratedContent) throws {
                            self.id = GenUI.GenerationID()
                            self.x = try content.partialValue(Int.self, forProperty: "x")
                            self.y = try content.partialValue(Int.self, forProperty: "y")
                        }
                    }
                }

                nonisolated extension Point: GenUI.Generable {
                    static var generationSchema: GenUI.GenerationSchema {
                        GenUI.GenerationSchema(
                            type: Self.self,
                            properties: [
                                GenUI.GenerationSchema.Property(name: "x", type: Int.self),
                                GenUI.GenerationSchema.Property(name: "y", type: Int.self)
                            ]
                        )
                    }

                    init(_ content: GenUI.GeneratedContent) throws {
                        self.x = try content.value(Int.self, forProperty: "x")
                        self.y = try content.value(Int.self, forProperty: "y")
                    }

                    var generatedContent: GenUI.GeneratedContent {
                        var properties: [(Swift.String, GenUI.GeneratedContent)] = []
                        properties.append(("x", self.x.generatedContent))
                        properties.append(("y", self.y.generatedContent))
                        return GenUI.GeneratedContent(orderedProperties: properties)
                    }
                }
                """#)
    }

    @Test(
        "a struct without stored properties (a tool's empty arguments) encodes to an empty object, with no variable left unmutated"
    )
    func emptyStruct() {
        assertExpansion(
            Samples.emptyStruct,
            expandedSource: #"""
                struct Arguments {

                    nonisolated struct PartiallyGenerated: Swift.Identifiable, GenUI.ConvertibleFromGeneratedContent, Swift.Sendable {
                        var id: GenUI.GenerationID

                        init(_ content: GenUI.GeneratedContent) throws {
                            self.id = GenUI.GenerationID()
                        }
                    }
                }

                nonisolated extension Arguments: GenUI.Generable {
                    static var generationSchema: GenUI.GenerationSchema {
                        GenUI.GenerationSchema(
                            type: Self.self,
                            properties: [

                            ]
                        )
                    }

                    init(_ content: GenUI.GeneratedContent) throws {

                    }

                    var generatedContent: GenUI.GeneratedContent {
                        return GenUI.GeneratedContent(orderedProperties: [])
                    }
                }
                """#)
    }

    @Test("every supported property type, optionals, arrays and nested types")
    func scalarStruct() {
        assertExpansion(
            Samples.scalarStruct,
            expandedSource: #"""
                struct Product {
                    var name: String
                    var stock: Int
                    var price: Decimal
                    var weight: Double
                    var rating: Float
                    var available: Bool
                    var note: String?
                    var tags: [String]
                    var variants: [Variant]
                    var supplier: Supplier?
                    var history: Optional<[Int]>

                    nonisolated struct PartiallyGenerated: Swift.Identifiable, GenUI.ConvertibleFromGeneratedContent, Swift.Sendable {
                        var id: GenUI.GenerationID
                        var name: String?
                        var stock: Int?
                        var price: Decimal?
                        var weight: Double?
                        var rating: Float?
                        var available: Bool?
                        var note: String?
                        var tags: [String]?
                        var variants: [Variant.PartiallyGenerated]?
                        var supplier: Supplier.PartiallyGenerated?
                        var history: [Int]?

                        init(_ content: GenUI.GeneratedContent) throws {
                            self.id = GenUI.GenerationID()
                            self.name = try content.partialValue(String.self, forProperty: "name")
                            self.stock = try content.partialValue(Int.self, forProperty: "stock")
                            self.price = try content.partialValue(Decimal.self, forProperty: "price")
                            self.weight = try content.partialValue(Double.self, forProperty: "weight")
                            self.rating = try content.partialValue(Float.self, forProperty: "rating")
                            self.available = try content.partialValue(Bool.self, forProperty: "available")
                            self.note = try content.partialValue(String.self, forProperty: "note")
                            self.tags = try content.partialElements(String.self, forProperty: "tags")
                            self.variants = try content.partialElements(Variant.PartiallyGenerated.self, forProperty: "variants")
                            self.supplier = try content.partialValue(Supplier.PartiallyGenerated.self, forProperty: "supplier")
                            self.history = try content.partialElements(Int.self, forProperty: "history")
                        }
                    }
                }

                nonisolated extension Product: GenUI.Generable {
                    static var generationSchema: GenUI.GenerationSchema {
                        GenUI.GenerationSchema(
                            type: Self.self,
                            description: "A product in the catalogue",
                            properties: [
                                GenUI.GenerationSchema.Property(name: "name", type: String.self),
                                GenUI.GenerationSchema.Property(name: "stock", type: Int.self),
                                GenUI.GenerationSchema.Property(name: "price", type: Decimal.self),
                                GenUI.GenerationSchema.Property(name: "weight", type: Double.self),
                                GenUI.GenerationSchema.Property(name: "rating", type: Float.self),
                                GenUI.GenerationSchema.Property(name: "available", type: Bool.self),
                                GenUI.GenerationSchema.Property(name: "note", type: String?.self, guides: [] as [GenUI.GenerationGuide<String>]),
                                GenUI.GenerationSchema.Property(name: "tags", type: [String].self),
                                GenUI.GenerationSchema.Property(name: "variants", type: [Variant].self),
                                GenUI.GenerationSchema.Property(name: "supplier", type: Supplier?.self, guides: [] as [GenUI.GenerationGuide<Supplier>]),
                                GenUI.GenerationSchema.Property(name: "history", type: Optional<[Int]>.self, guides: [] as [GenUI.GenerationGuide<[Int]>])
                            ]
                        )
                    }

                    init(_ content: GenUI.GeneratedContent) throws {
                        self.name = try content.value(String.self, forProperty: "name")
                        self.stock = try content.value(Int.self, forProperty: "stock")
                        self.price = try content.value(Decimal.self, forProperty: "price")
                        self.weight = try content.value(Double.self, forProperty: "weight")
                        self.rating = try content.value(Float.self, forProperty: "rating")
                        self.available = try content.value(Bool.self, forProperty: "available")
                        self.note = try content.value(String?.self, forProperty: "note")
                        self.tags = try content.value([String].self, forProperty: "tags")
                        self.variants = try content.value([Variant].self, forProperty: "variants")
                        self.supplier = try content.value(Supplier?.self, forProperty: "supplier")
                        self.history = try content.value([Int]?.self, forProperty: "history")
                    }

                    var generatedContent: GenUI.GeneratedContent {
                        var properties: [(Swift.String, GenUI.GeneratedContent)] = []
                        properties.append(("name", self.name.generatedContent))
                        properties.append(("stock", self.stock.generatedContent))
                        properties.append(("price", self.price.generatedContent))
                        properties.append(("weight", self.weight.generatedContent))
                        properties.append(("rating", self.rating.generatedContent))
                        properties.append(("available", self.available.generatedContent))
                        if let value = self.note {
                            properties.append(("note", value.generatedContent))
                        }
                        properties.append(("tags", self.tags.generatedContent))
                        properties.append(("variants", self.variants.generatedContent))
                        if let value = self.supplier {
                            properties.append(("supplier", value.generatedContent))
                        }
                        if let value = self.history {
                            properties.append(("history", value.generatedContent))
                        }
                        return GenUI.GeneratedContent(orderedProperties: properties)
                    }
                }
                """#)
    }

    @Test("guides pass through and a regex literal becomes a pattern guide")
    func guidedStruct() {
        assertExpansion(
            Samples.guidedStruct,
            expandedSource: #"""
                struct Review {
                    var stars: Int
                    var keywords: [String]
                    var airport: String
                    var sentiment: String
                    var summary: String?
                    var confidence: Double

                    nonisolated struct PartiallyGenerated: Swift.Identifiable, GenUI.ConvertibleFromGeneratedContent, Swift.Sendable {
                        var id: GenUI.GenerationID
                        var stars: Int?
                        var keywords: [String]?
                        var airport: String?
                        var sentiment: String?
                        var summary: String?
                        var confidence: Double?

                        init(_ content: GenUI.GeneratedContent) throws {
                            self.id = GenUI.GenerationID()
                            self.stars = try content.partialValue(Int.self, forProperty: "stars")
                            self.keywords = try content.partialElements(String.self, forProperty: "keywords")
                            self.airport = try content.partialValue(String.self, forProperty: "airport")
                            self.sentiment = try content.partialValue(String.self, forProperty: "sentiment")
                            self.summary = try content.partialValue(String.self, forProperty: "summary")
                            self.confidence = try content.partialValue(Double.self, forProperty: "confidence")
                        }
                    }
                }

                nonisolated extension Review: GenUI.Generable {
                    static var generationSchema: GenUI.GenerationSchema {
                        GenUI.GenerationSchema(
                            type: Self.self,
                            properties: [
                                GenUI.GenerationSchema.Property(name: "stars", description: "Stars given", type: Int.self, guides: [.range(1 ... 5)]),
                                GenUI.GenerationSchema.Property(name: "keywords", description: "Two or three keywords", type: [String].self, guides: [.count(2 ... 3), .element(.maximumLength(12))]),
                                GenUI.GenerationSchema.Property(name: "airport", description: "Airport code", type: String.self, guides: [.pattern("[A-Z]{3}\\/\\d")]),
                                GenUI.GenerationSchema.Property(name: "sentiment", description: "Sentiment", type: String.self, guides: [.anyOf(["good", "bad"])]),
                                GenUI.GenerationSchema.Property(name: "summary", type: String?.self, guides: [.minimumLength(1), .maximumLength(80)] as [GenUI.GenerationGuide<String>]),
                                GenUI.GenerationSchema.Property(name: "confidence", description: "Confidence", type: Double.self, guides: [.minimum(0), .maximum(1)])
                            ]
                        )
                    }

                    init(_ content: GenUI.GeneratedContent) throws {
                        self.stars = try content.value(Int.self, forProperty: "stars")
                        self.keywords = try content.value([String].self, forProperty: "keywords")
                        self.airport = try content.value(String.self, forProperty: "airport")
                        self.sentiment = try content.value(String.self, forProperty: "sentiment")
                        self.summary = try content.value(String?.self, forProperty: "summary")
                        self.confidence = try content.value(Double.self, forProperty: "confidence")
                    }

                    var generatedContent: GenUI.GeneratedContent {
                        var properties: [(Swift.String, GenUI.GeneratedContent)] = []
                        properties.append(("stars", self.stars.generatedContent))
                        properties.append(("keywords", self.keywords.generatedContent))
                        properties.append(("airport", self.airport.generatedContent))
                        properties.append(("sentiment", self.sentiment.generatedContent))
                        if let value = self.summary {
                            properties.append(("summary", value.generatedContent))
                        }
                        properties.append(("confidence", self.confidence.generatedContent))
                        return GenUI.GeneratedContent(orderedProperties: properties)
                    }
                }
                """#)
    }

    @Test("public types get public members; static, computed and lazy properties are skipped; a user id is kept")
    func publicStruct() {
        assertExpansion(
            Samples.publicStruct,
            expandedSource: #"""
                public struct Item {
                    public static let version = 2
                    public var id: String
                    public var `default`: Bool
                    var count: Int = 1 {
                        didSet { print(count) }
                    }
                    var label: String { id.uppercased() }
                    lazy var cache: [String] = []

                    public init(id: String) {
                        self.id = id
                        self.default = false
                    }

                    nonisolated public struct PartiallyGenerated: Swift.Identifiable, GenUI.ConvertibleFromGeneratedContent, Swift.Sendable {
                        public var id: String?
                        public var `default`: Bool?
                        public var count: Int?

                        public init(_ content: GenUI.GeneratedContent) throws {
                            self.id = try content.partialValue(String.self, forProperty: "id")
                            self.`default` = try content.partialValue(Bool.self, forProperty: "default")
                            self.count = try content.partialValue(Int.self, forProperty: "count")
                        }
                    }
                }

                nonisolated extension Item: GenUI.Generable {
                    public static var generationSchema: GenUI.GenerationSchema {
                        GenUI.GenerationSchema(
                            type: Self.self,
                            properties: [
                                GenUI.GenerationSchema.Property(name: "id", type: String.self),
                                GenUI.GenerationSchema.Property(name: "default", type: Bool.self),
                                GenUI.GenerationSchema.Property(name: "count", type: Int.self)
                            ]
                        )
                    }

                    public init(_ content: GenUI.GeneratedContent) throws {
                        self.id = try content.value(String.self, forProperty: "id")
                        self.`default` = try content.value(Bool.self, forProperty: "default")
                        self.count = try content.value(Int.self, forProperty: "count")
                    }

                    public var generatedContent: GenUI.GeneratedContent {
                        var properties: [(Swift.String, GenUI.GeneratedContent)] = []
                        properties.append(("id", self.id.generatedContent))
                        properties.append(("default", self.`default`.generatedContent))
                        properties.append(("count", self.count.generatedContent))
                        return GenUI.GeneratedContent(orderedProperties: properties)
                    }
                }
                """#)
    }
}
