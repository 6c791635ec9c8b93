import Foundation
import GenUI
import GenUIMCP
import MCP
import Testing

@testable import GenUIMCP
@testable import GenUIOnDevice

@Suite("What MCP servers send, read and bounded", .tags(.unit))
struct MCPWireTests {
    @Test("an event stream is read by bytes: LF, CRLF and CR line ends, multi-line data, empty priming events skipped")
    func eventStreams() {
        let body = Data(
            "id: 0\r\ndata:\r\n\r\nevent: message\r\ndata: {\"a\":1}\r\n\r\ndata: {\"b\":\ndata: 2}\n\n: comment\rdata: {\"c\":3}\r"
                .utf8)
        let events = StreamableHTTPTransport.events(in: body).map { String(decoding: $0, as: UTF8.self) }
        #expect(events == [#"{"a":1}"#, "{\"b\":\n2}", #"{"c":3}"#])
    }

    @Test("a message must be JSON-RPC and nest at most 128 levels; brackets inside strings do not count")
    func messageChecks() {
        #expect(MessageCheck.problem(in: Data(#"{"jsonrpc":"2.0","id":1,"result":{}}"#.utf8)[...]) == nil)
        #expect(MessageCheck.problem(in: Data(#"[{"jsonrpc":"2.0","method":"x"}]"#.utf8)[...]) == nil)
        #expect(
            MessageCheck.problem(in: Data(#"{"hello":"world"}"#.utf8)[...])
                == .invalidMessage(excerpt: #"{"hello":"world"}"#))
        let deep = String(repeating: "[", count: 129) + String(repeating: "]", count: 129)
        #expect(MessageCheck.problem(in: Data(deep.utf8)[...]) == .nestedTooDeep(limit: 128))
        let quoted = #"{"jsonrpc":"2.0","id":1,"result":{"text":""# + String(repeating: "[{\\\"", count: 300) + #""}}"#
        #expect(MessageCheck.problem(in: Data(quoted.utf8)[...]) == nil)
    }

    @Test("bounds past Int's range are clamped, not a crash; nullable choices make a property optional")
    func schemaEdges() throws {
        let json = """
            {"type": "object", "properties": {
              "big": {"type": "integer", "maximum": 9223372036854775807, "minimum": -1e30},
              "maybe": {"anyOf": [{"type": "string", "maxLength": 3}, {"type": "null"}]},
              "either": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
                         "anyOf": [{"required": ["a"]}, {"required": ["b"]}]}
            }, "required": ["big", "maybe", "either"]}
            """
        let value = try JSONDecoder().decode(Value.self, from: Data(json.utf8))
        let (schema, dropped) = MCPSchemaImport.convert(value, toolName: "edges")
        #expect(dropped == ["anyOf at /properties/either"])
        #expect(throws: Never.self) {
            try schema.validate(GeneratedContent(json: #"{"big": 5, "either": {"a": "x"}}"#))
        }
        #expect(throws: (any Error).self) {
            try schema.validate(GeneratedContent(json: #"{"big": 5, "maybe": "long", "either": {}}"#))
        }
    }

    @Test("references that multiply a small document are cut at the node budget, quickly")
    func referenceBomb() throws {
        let json = """
            {"$defs": {"N": {"type": "object", "properties": {
              "a": {"$ref": "#/$defs/N"}, "b": {"$ref": "#/$defs/N"}, "c": {"$ref": "#/$defs/N"},
              "d": {"$ref": "#/$defs/N"}, "e": {"$ref": "#/$defs/N"}}}},
             "$ref": "#/$defs/N"}
            """
        let value = try JSONDecoder().decode(Value.self, from: Data(json.utf8))
        let started = ContinuousClock.now
        let (_, dropped) = MCPSchemaImport.convert(value, toolName: "bomb")
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(dropped.contains { $0.hasPrefix("more than 2000 schema nodes") })
    }

    @Test("a configuration shows its command, URL and the names of its settings, never their values")
    func configurationsHideSecrets() {
        var stdio = MCPServerConfiguration(
            name: "remote", command: "mcp-remote", arguments: ["--header", "Authorization: Bearer tok-123"],
            environment: ["API_TOKEN": "tok-456"])
        stdio.writtenTarget = "mcp-remote --header \"Authorization: Bearer ${TOKEN}\""
        let http = MCPServerConfiguration(
            name: "docs", url: URL(string: "https://user:pw-789@docs.example.com/mcp?key=tok-000")!,
            headers: ["Authorization": "Bearer tok-abc"])
        // The file's own spelling of the arguments is shown (the parser sets it), so a token spliced in is not.
        for text in [stdio.description, "\(stdio)", String(reflecting: stdio), stdio.displayTarget] {
            #expect(!text.contains("tok-123"), "\(text)")
        }
        // Environment and header values, and a URL's credentials and query, are never shown.
        for text in [
            stdio.description, "\(stdio)", String(reflecting: stdio), http.description, "\(http)",
            String(reflecting: http),
            "\(http.transport)", String(reflecting: stdio.transport),
        ] {
            for secret in ["tok-456", "pw-789", "tok-000", "tok-abc"] {
                #expect(!text.contains(secret), "\(text)")
            }
        }
        var dumped = ""
        dump(http, to: &dumped)
        #expect(!dumped.contains("tok-abc"), "\(dumped)")
        #expect(http.description.contains("headers: Authorization"))
    }
}

@Suite("Hostile bounds in MCP schemas", .tags(.unit))
struct MCPSchemaBoundTests {
    @Test("huge or negative counts and lengths are lowered or dropped, named, and the schema still compiles")
    func hostileBounds() throws {
        let json = """
            {"type": "object", "properties": {
              "rows": {"type": "array", "maxItems": 9223372036854775807, "items": {
                "type": "array", "maxItems": 1000000000, "items": {"type": "string", "maxLength": 9223372036854775807}}},
              "note": {"type": "string", "minLength": -3, "maxLength": 5000000},
              "tags": {"type": "array", "minItems": 100000, "items": {"type": "string"}}
            }}
            """
        let value = try JSONDecoder().decode(Value.self, from: Data(json.utf8))
        let (schema, dropped) = MCPSchemaImport.convert(value, toolName: "bounds")
        #expect(
            Set(dropped) == [
                "maxItems above 256 (lowered to 256) at /properties/rows",
                "maxItems above 256 (lowered to 256) at /properties/rows/items",
                "maxLength above 4096 (lowered to 4096) at /properties/rows/items/items",
                "minLength at /properties/note", "maxLength above 4096 (lowered to 4096) at /properties/note",
                "minItems at /properties/tags",
            ])
        #expect(throws: Never.self) { try schema.validate(GeneratedContent(json: #"{"note": "hi", "tags": []}"#)) }
        let long = String(repeating: "a", count: 4_097)
        #expect(throws: (any Error).self) { try schema.validate(GeneratedContent(json: #"{"note": "\#(long)"}"#)) }
        #expect(throws: Never.self) { _ = try GrammarCompiler().compile(schema) }
    }

    @Test("the grammar compiler's size arithmetic stops at Int.max for bounds nothing lowered")
    func compilerSaturates() throws {
        let innermost = DynamicGenerationSchema(
            type: String.self, guides: [.pattern("[a-z]*"), .maximumLength(Int.max / 2)])
        let inner = DynamicGenerationSchema(arrayOf: innermost, maximumElements: Int.max / 3)
        let root = DynamicGenerationSchema(
            name: "Root",
            properties: [.init(name: "rows", schema: DynamicGenerationSchema(arrayOf: inner, maximumElements: Int.max))]
        )
        let schema = try GenerationSchema(root: root, dependencies: [])
        // Before, 2 + maximum × item size overflowed and trapped; now the largest size saturates.
        let grammar = try GrammarCompiler().compile(schema)
        #expect(grammar.maximumBytes == Int.max)
        #expect(CompletionRequestBuilder.tokenBudget(for: grammar) == Int.max)
    }
}
