import GenUITestSupport
import Testing

@_spi(Reading) @testable import GenUI
@testable import GenUIOnDevice

/// The GBNF compiler and the request mapping, without a server.
@Suite("On-device grammar compiler and request mapping", .tags(.unit))
struct OnDeviceGrammarTests {
    let compiler = GrammarCompiler()

    @Test("strings and arrays without guides get the default bounds, and the byte bound adds up")
    func defaultBounds() throws {
        let schema = GenerationSchema(
            name: "Note", properties: [.init(name: "tags", type: [String].self)])
        let grammar = try compiler.compile(schema)
        #expect(grammar.text.contains("{0,64}"))
        #expect(grammar.text.contains("{0,5}")) // up to 6 elements: one, then up to five more
        // {"tags":[ 6 × (2 + 4 × 64) bytes, 5 commas ]}
        #expect(grammar.maximumBytes == 2 + "\"tags\":".utf8.count + 2 + 6 * (2 + 4 * 64) + 5)
    }

    @Test("the grammar never allows whitespace between tokens")
    func whitespaceFree() throws {
        let grammar = try compiler.compile(ScreenSketch.generationSchema)
        // No literal holds whitespace, and no character class but a string's own (negated) characters matches it.
        let (literals, classes) = Self.tokens(of: grammar.text)
        #expect(!literals.isEmpty)
        for literal in literals {
            #expect(!literal.contains(" ") && !literal.contains("\\n") && !literal.contains("\\t"), "\(literal)")
        }
        for characterClass in classes where !characterClass.hasPrefix("[^") {
            #expect(!characterClass.contains(" "), "\(characterClass)")
        }
        #expect(grammar.text.contains(#""\"kind\":""#))
    }

    @Test("choices become literal alternatives and guided lengths become exact bounds")
    func literalsAndGuides() throws {
        let grammar = try compiler.compile(ScreenSketch.generationSchema)
        for kind in ScreenSketch.Item.kinds { #expect(grammar.text.contains("\"\\\"\(kind)\\\"\"")) }
        #expect(grammar.text.contains("{0,40}"))
        #expect(grammar.text.contains("{0,32}"))
        #expect(grammar.text.contains("{0,3}")) // 1...4 items
    }

    @Test("small integer ranges are enumerated, others are digit-bounded")
    func integers() throws {
        let schema = GenerationSchema(
            name: "Rating",
            properties: [
                .init(name: "stars", type: Int.self, guides: [.range(1...5)]),
                .init(name: "count", type: Int.self, guides: [.minimum(0)]),
            ])
        let grammar = try compiler.compile(schema)
        #expect(grammar.text.contains(#"("1" | "2" | "3" | "4" | "5")"#))
        #expect(grammar.text.contains("[1-9] [0-9]{0,8}"))
    }

    @Test("optional properties may be left out, with commas only between written ones")
    func optionalProperties() throws {
        let schema = GenerationSchema(
            name: "Contact",
            properties: [
                .init(name: "name", type: String.self, guides: [.maximumLength(8)]),
                .init(name: "email", type: String?.self, guides: [.maximumLength(8)]),
                .init(name: "phone", type: String?.self, guides: [.maximumLength(8)]),
            ])
        let grammar = try compiler.compile(schema)
        #expect(grammar.text.contains("\"\\\"name\\\":\""))
        #expect(grammar.text.contains("Contact-from1-next"))
        #expect(grammar.ruleCount > 3)
    }

    @Test("a recursive reference is expanded a bounded number of levels")
    func recursion() throws {
        let node = GenerationSchema.Node.object(
            .init(
                name: "Tree",
                properties: [
                    .init(name: "name", node: .string(.init(maximumLength: 4))),
                    .init(name: "children", node: .array(.init(items: .reference("Tree"), maximumCount: 2))),
                ]))
        let schema = GenerationSchema(
            node: .reference("Tree"), name: "Tree", definitions: [.init(name: "Tree", node: node)])
        let grammar = try compiler.compile(schema)
        #expect(grammar.text.contains("Tree-d3"))
        #expect(!grammar.text.contains("Tree-d4"))
        #expect(grammar.maximumBytes < 10_000)
    }

    @Test("a required recursion that no bounded document satisfies is an invalid request")
    func impossibleRecursion() {
        let node = GenerationSchema.Node.object(
            .init(name: "Chain", properties: [.init(name: "next", node: .reference("Chain"))]))
        let schema = GenerationSchema(
            node: .reference("Chain"), name: "Chain", definitions: [.init(name: "Chain", node: node)])
        #expect(throws: GenUIError.self) { try compiler.compile(schema) }
    }

    @Test("contradictory bounds are an invalid request naming them")
    func contradictoryBounds() {
        let schema = GenerationSchema(
            node: .string(.init(minimumLength: 10, maximumLength: 2)), name: "Broken")
        do {
            _ = try compiler.compile(schema)
            Issue.record("compiling contradictory bounds must fail")
        } catch {
            #expect(error.code == "invalidRequest")
            #expect(error.context.debugDescription.contains("minimum length 10"))
        }
    }

    @Test("a pattern in the supported subset becomes grammar; an unsupported one falls back to a bounded string")
    func patterns() throws {
        let supported = try compiler.compile(
            GenerationSchema(node: .string(.init(pattern: #"^[A-Z]{3}-\d{2,4}$"#)), name: "Code"))
        #expect(supported.text.contains("([A-Z]){3}"))
        #expect(supported.text.contains("([0-9]){2,4}"))
        let unsupported = try compiler.compile(
            GenerationSchema(node: .string(.init(pattern: #"^(?=a)\w+$"#)), name: "Odd"))
        #expect(unsupported.text.contains("char"))
    }

    @Test("a string that may not be empty starts with a character other than whitespace; one that may is unchanged")
    func nonBlankStrings() throws {
        let schema = GenerationSchema(
            name: "Label",
            properties: [
                .init(name: "text", type: String.self, guides: [.length(1...12)]),
                .init(name: "note", type: String.self, guides: [.length(0...5)]),
            ])
        let grammar = try compiler.compile(schema)
        #expect(grammar.text.contains(#"first-char char{0,11}"#))
        #expect(grammar.text.contains(#"char{0,5}"#))
        #expect(!grammar.text.contains(#"first-char char{0,4}"#))
        let rules = Dictionary(
            grammar.text.split(separator: "\n").map { line -> (String, String) in
                let parts = line.components(separatedBy: " ::= ")
                return (parts[0], parts.dropFirst().joined(separator: " ::= "))
            }, uniquingKeysWith: { first, _ in first })
        // The first character's class ends at 0x20 (space) where any other character's ends at 0x1F.
        #expect(rules["first-char"] == #"[^"\\\x7F\x00-\x20] | "\\" ["\\/]"#)
        #expect(rules["char"] == #"[^"\\\x7F\x00-\x1F] | "\\" ["\\/]"#)
        // The byte bound is unchanged: still at most 4 bytes a character.
        let single = try compiler.compile(
            GenerationSchema(node: .string(.init(minimumLength: 1, maximumLength: 1)), name: "One"))
        #expect(single.maximumBytes == 2 + 4)
        #expect(single.text.contains(#"("\"" first-char "\"")"#))
    }

    @Test("greedy requests skip llama-server's prompt cache so they decode alike; sampled ones use it")
    func promptCache() throws {
        let builder = CompletionRequestBuilder(configuration: OnDeviceConfiguration())
        let greedy = GenerationRequest(prompt: "hi", options: .init(sampling: .greedy))
        let sampled = GenerationRequest(prompt: "hi", options: .init(sampling: .random(top: 40, seed: 3)))
        let unspecified = GenerationRequest(prompt: "hi")
        func cache(_ request: GenerationRequest) throws -> Bool? {
            try wire(
                builder.completionBody(prompt: "p", request: request, constraint: .none, contextSize: nil, stream: true)
            )[
                "cache_prompt"]?.boolValue
        }
        #expect(try cache(greedy) == false)
        #expect(try cache(sampled) == true)
        #expect(try cache(unspecified) == true)
    }

    @Test("greedy sampling is temperature 0, top_k 1 and the fixed seed")
    func greedyMapping() throws {
        let builder = CompletionRequestBuilder(configuration: OnDeviceConfiguration(greedySeed: 7))
        let fields = try wire(builder.sampling(GenerationOptions(sampling: .greedy, temperature: 1.5)))
        #expect(fields.jsonString == #"{"temperature":0,"top_k":1,"seed":7}"#)
    }

    @Test("random sampling maps to top_k or top_p with the seed, and temperature and maximum tokens pass through")
    func randomMapping() throws {
        let builder = CompletionRequestBuilder(configuration: OnDeviceConfiguration())
        let topK = try wire(builder.sampling(.init(sampling: .random(top: 20, seed: 5), temperature: 0.7)))
        #expect(topK.jsonString == #"{"top_k":20,"seed":5,"temperature":0.7}"#)
        let nucleus = try wire(builder.sampling(.init(sampling: .random(probabilityThreshold: 0.9))))
        #expect(nucleus.jsonString == #"{"top_p":0.9,"top_k":0}"#)
        let request = GenerationRequest(prompt: "hi", options: .init(maximumResponseTokens: 33))
        let body = try wire(
            builder.completionBody(prompt: "p", request: request, constraint: .none, contextSize: 2048, stream: true))
        #expect(body["n_predict"]?.intValue == 33)
        #expect(body["grammar"] == nil)
    }

    @Test(
        "structured requests send the compiled grammar with a budget every valid document fits in, or the stock schema")
    func constraints() throws {
        let request = GenerationRequest(prompt: "a login screen", schema: ScreenSketch.generationSchema)
        let compiled = CompletionRequestBuilder(configuration: OnDeviceConfiguration())
        let constraint = try compiled.constraint(for: request)
        guard case .grammar(let grammar) = constraint else {
            Issue.record("expected the compiled grammar")
            return
        }
        let body = try wire(
            compiled.completionBody(
                prompt: "p", request: request, constraint: constraint, contextSize: nil, stream: true))
        #expect(body["grammar"]?.stringValue == grammar.text)
        #expect(body["n_predict"]?.intValue == grammar.maximumBytes + 1)
        let stock = CompletionRequestBuilder(configuration: OnDeviceConfiguration(grammarMode: .stockJSONSchema))
        let stockConstraint = try stock.constraint(for: request)
        let stockBody = try wire(
            stock.completionBody(
                prompt: "p", request: request, constraint: stockConstraint, contextSize: nil, stream: true))
        #expect(stockBody["json_schema"] == ScreenSketch.generationSchema.jsonSchema())
        #expect(stockBody["grammar"] == nil)
        #expect(stockBody["n_predict"]?.intValue == grammar.maximumBytes + 1)
    }

    @Test("the system prompt carries the instructions and the schema with an example")
    func templateMessages() throws {
        let request = GenerationRequest(
            instructions: "You design app screens.",
            messages: [.init(role: .user, content: "A login form")], schema: ScreenSketch.generationSchema)
        let body = try wire(CompletionRequestBuilder(configuration: OnDeviceConfiguration()).templateBody(for: request))
        let messages = body["messages"]?.elements ?? []
        #expect(messages.count == 2)
        #expect(messages.first?["role"]?.stringValue == "system")
        #expect(messages.first?["content"]?.stringValue?.contains("You design app screens.") == true)
        #expect(messages.first?["content"]?.stringValue?.contains("Example") == true)
        #expect(messages.last?["content"]?.stringValue == "A login form")
    }

    /// The string literals and character classes of a GBNF text, escapes respected.
    static func tokens(of grammar: String) -> (literals: [String], classes: [String]) {
        var literals: [String] = []
        var classes: [String] = []
        var current = ""
        var mode: Character? = nil
        var escaped = false
        for character in grammar {
            if let open = mode {
                current.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if (open == "\"" && character == "\"") || (open == "[" && character == "]") {
                    if open == "\"" { literals.append(current) } else { classes.append(current) }
                    mode = nil
                }
            } else if character == "\"" || character == "[" {
                mode = character
                current = String(character)
            }
        }
        return (literals, classes)
    }
}
