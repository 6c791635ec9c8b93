/// Declarations the expansion tests feed to the macros.
enum Samples {
    static let basicStruct = """
        @Generable
        struct Point {
            var x: Int
            var y: Int
        }
        """

    static let emptyStruct = """
        @Generable
        struct Arguments {}
        """

    static let scalarStruct = """
        @Generable(description: "A product in the catalogue")
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
        }
        """

    static let guidedStruct = #"""
        @Generable
        struct Review {
            @Guide(description: "Stars given", .range(1...5))
            var stars: Int
            @Guide(description: "Two or three keywords", .count(2...3), .element(.maximumLength(12)))
            var keywords: [String]
            @Guide(description: "Airport code", /[A-Z]{3}\/\d/)
            var airport: String
            @Guide(description: "Sentiment", .anyOf(["good", "bad"]))
            var sentiment: String
            @Guide(.minimumLength(1), .maximumLength(80))
            var summary: String?
            @Guide(description: "Confidence", .minimum(0), .maximum(1))
            var confidence: Double
        }
        """#

    static let publicStruct = """
        @Generable
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
        }
        """

    static let choiceEnum = """
        @Generable(description: "How the user feels")
        enum Mood: String {
            case happy = "h"
            case sad
            case `default`
        }
        """

    static let taggedEnum = """
        @Generable
        enum Block {
            case title(text: String)
            case quote(String)
            case point(Double, Double)
            case note(String, author: String?)
            case list(items: [Entry])
            case spacer
        }
        """
}
