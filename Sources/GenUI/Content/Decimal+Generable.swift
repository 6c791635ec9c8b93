import Foundation

extension Decimal: Generable {
    public init(_ content: GeneratedContent) throws {
        let number = try Double.number(from: content)
        self = Decimal(string: JSONWriter.format(number)) ?? Decimal(number)
    }
    public var generatedContent: GeneratedContent {
        GeneratedContent(kind: .number(NSDecimalNumber(decimal: self).doubleValue))
    }
    public static var generationSchema: GenerationSchema {
        GenerationSchema(node: .number(.init()), name: "Decimal")
    }
}
