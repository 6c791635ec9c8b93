import Foundation
import GenUITestSupport
import Testing

@testable import GenUI

/// A recursive schema (a layout node that is a row, a column or a text, rows and columns holding nodes) must be
/// walked in work linear in the output: alternatives are chosen by their discriminator, and the search among
/// alternatives without one is bounded.
@Suite("Defensive decoder on recursive schemas", .tags(.unit))
struct DefensiveDecoderRecursionTests {
    /// `Node`: anyOf row, column, text; each alternative tagged by `tag` ("type" is the discriminator), with the
    /// children before the tag when `childrenFirst` (so a wrong alternative is noticed only after its children).
    static func layoutSchema(tag: String = GenerationSchema.discriminator, childrenFirst: Bool = false)
        -> GenerationSchema
    {
        func container(_ name: String) -> GenerationSchema.Node {
            let tagProperty = GenerationSchema.PropertyNode(name: tag, node: .string(.init(choices: [name])))
            let children = GenerationSchema.PropertyNode(
                name: "children", node: .array(.init(items: .reference("Node"))))
            return .object(
                .init(name: name, properties: childrenFirst ? [children, tagProperty] : [tagProperty, children]))
        }
        let text = GenerationSchema.Node.object(
            .init(
                name: "text",
                properties: [
                    .init(name: tag, node: .string(.init(choices: ["text"]))),
                    .init(name: "text", node: .string(.init(maximumLength: 20))),
                ]))
        let node = GenerationSchema.Node.anyOf(
            .init(name: "Node", choices: [container("row"), container("column"), text]))
        return GenerationSchema(
            node: .reference("Node"), name: "Layout", definitions: [.init(name: "Node", node: node)])
    }

    /// Columns nested `depth` deep, each also holding a text whose value is a number (a repair at every level) unless
    /// `numbers` is off. A column is the second alternative, so trying alternatives in order misses the row first at
    /// every level.
    static func nestedColumns(
        depth: Int, tag: String = GenerationSchema.discriminator, capitalized: Bool = false, numbers: Bool = true
    ) -> String {
        var json = #"{"\#(tag)":"text","text":"leaf"}"#
        for level in 0..<depth {
            let name = capitalized && level.isMultiple(of: 2) ? "Column" : "column"
            json =
                #"{"\#(tag)":"\#(name)","children":[\#(json),{"\#(tag)":"text","text":\#(numbers ? "\(level)" : "\"\(level)\"")}]}"#
        }
        return json
    }

    @Test(
        "discriminated alternatives nested 25 deep, missing the first alternative at every level, decode in linear work"
    )
    func discriminatedDepth() throws {
        let depth = 25
        let decoder = DefensiveDecoder(schema: Self.layoutSchema())
        let result = try decoder.decode(Self.nestedColumns(depth: depth, capitalized: true))
        // 1 + 3 values per level, each a few checks to repair and a few per enclosing level to validate: trying the
        // row first at every level would take more than 2^25.
        let values = 1 + depth * 5
        #expect(result.schemaChecks < values * 64, "\(result.schemaChecks) schema checks for \(values) values")
        #expect(result.repairs.contains("coerced /children/1/text to a string"))
        #expect(result.repairs.contains(#"matched /type to the choice "column""#))
        #expect(result.content.jsonString.hasPrefix(#"{"type":"column","children":[{"type":"column""#))
    }

    @Test("work grows linearly with the nesting depth of discriminated alternatives")
    func linearGrowth() throws {
        let decoder = DefensiveDecoder(schema: Self.layoutSchema())
        let shallow = try decoder.decode(Self.nestedColumns(depth: 10)).schemaChecks
        let deep = try decoder.decode(Self.nestedColumns(depth: 20)).schemaChecks
        // Twice the depth: about four times the checks at most (validation revisits the subtree of each chosen
        // alternative), never the 1024 times of trying the alternatives in order.
        #expect(deep < shallow * 5, "depth 10: \(shallow) checks, depth 20: \(deep)")
    }

    @Test(
        "without a discriminator the alternatives are tried in turn, and the search stops at the work budget with a decoding error"
    )
    func undiscriminatedBudget() throws {
        let schema = Self.layoutSchema(tag: "kind")
        let decoder = DefensiveDecoder(schema: schema)
        // Small depths decode, each level doubling the work (the row is walked in full before it fails).
        let checks = try [4, 5, 6].map { try decoder.decode(Self.nestedColumns(depth: $0, tag: "kind")).schemaChecks }
        #expect(checks[1] > checks[0] * 3 / 2 && checks[2] > checks[1] * 3 / 2, "\(checks)")
        // 25 levels would take tens of millions of checks: the budget ends it with an error that says why.
        do {
            _ = try decoder.decode(Self.nestedColumns(depth: 25, tag: "kind"))
            Issue.record("decoded output nested 25 deep in undiscriminated alternatives")
        } catch {
            #expect(error.code == "decodingFailure")
            #expect("\(error)".contains("nests alternatives too deeply"), "\(error)")
        }
    }

    @Test("validation of undiscriminated alternatives nested 25 deep stops at its work budget")
    func validationBudget() throws {
        let schema = Self.layoutSchema(tag: "kind", childrenFirst: true)
        let content = try JSONParser.parse(Self.nestedColumns(depth: 25, tag: "kind", numbers: false))
        let violation = try #require(schema.firstViolation(in: content))
        #expect(violation.message.contains("nests alternatives too deeply"), "\(violation)")
        // Shallow content is still checked in full: a column of columns conforms.
        #expect(
            schema.firstViolation(in: try JSONParser.parse(Self.nestedColumns(depth: 3, tag: "kind", numbers: false)))
                == nil)
    }
}
