import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

/// Components and function calls that break the basic catalog: each is one located problem — surface, component,
/// JSON pointer, and what the catalog expects in its own words — and the rest of the surface still renders.
@Suite("A2UI catalog problems", .tags(.unit))
struct A2UICatalogProblemTests {
    /// A stream whose root Column holds a valid Text and the component `bad` (which is left out when it breaks the
    /// catalog).
    static func stream(_ bad: String, theme: String? = nil) -> String {
        let themed = theme.map { #","theme":\#($0)"# } ?? ""
        return [
            #"{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"\#(themed)}}"#,
            #"{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["ok","bad"]},{"id":"ok","component":"Text","text":"Still shown"},\#(bad)]}}"#,
        ].joined(separator: "\n") + "\n"
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var component: String
        var kind: A2UIProblem.Kind
        var pointer: String
        var detail: String
        var testDescription: String { name }
    }

    static let bad = "/updateComponents/components/2"

    static let cases: [Case] = [
        Case(
            name: "a property the component does not have",
            component: #"{"id":"bad","component":"Text","text":"x","colour":"red"}"#, kind: .invalidMessage,
            pointer: bad + "/colour",
            detail: #"Text has no property "colour"; it allows accessibility, component, id, weight, text, variant"#),
        Case(
            name: "a value outside the property's enum",
            component: #"{"id":"bad","component":"Text","text":"x","variant":"title"}"#, kind: .invalidMessage,
            pointer: bad + "/variant",
            detail: #"Text.variant must be one of h1, h2, h3, h4, h5, caption, body, not "title""#),
        Case(
            name: "a required property missing",
            component: #"{"id":"bad","component":"Slider","value":3}"#, kind: .invalidMessage, pointer: bad,
            detail: #"Slider requires the property "max""#),
        Case(
            name: "a value of the wrong type",
            component: #"{"id":"bad","component":"Text","text":42}"#, kind: .invalidMessage, pointer: bad + "/text",
            detail: "Text.text must be DynamicString, not 42"),
        Case(
            name: "a function the catalog does not have",
            component:
                #"{"id":"bad","component":"TextField","label":"Phone","checks":[{"condition":{"call":"isPhone","args":{"value":{"path":"/p"}}},"message":"m"}]}"#,
            kind: .invalidFunction, pointer: bad + "/checks/0/condition/call",
            detail:
                #"TextField.checks/0/condition calls "isPhone", which is not a function of the basic catalog; it has required, regex, length, numeric, email, formatString, formatNumber, formatCurrency, formatDate, pluralize, openUrl, and, or, not"#
        ),
        Case(
            name: "an argument of the wrong type",
            component:
                #"{"id":"bad","component":"Text","text":{"call":"formatNumber","args":{"value":1234.5,"decimals":"2"}}}"#,
            kind: .invalidFunction, pointer: bad + "/text/args/decimals",
            detail: #"the argument "decimals" of formatNumber must be DynamicNumber, not "2" (at Text.text)"#),
        Case(
            name: "a required argument missing",
            component: #"{"id":"bad","component":"Text","text":{"call":"formatCurrency","args":{"value":9.99}}}"#,
            kind: .invalidFunction, pointer: bad + "/text/args",
            detail: #"formatCurrency requires the argument "currency" (at Text.text)"#),
        Case(
            name: "an argument the function does not take",
            component:
                #"{"id":"bad","component":"TextField","label":"Mail","checks":[{"condition":{"call":"email","args":{"value":{"path":"/m"},"strict":true}},"message":"m"}]}"#,
            kind: .invalidFunction, pointer: bad + "/checks/0/condition/args/strict",
            detail: #"email has no argument "strict"; it takes value (at TextField.checks/0/condition)"#),
        Case(
            name: "a returnType the function does not return",
            component:
                #"{"id":"bad","component":"TextField","label":"Name","checks":[{"condition":{"call":"required","args":{"value":{"path":"/n"}},"returnType":"string"},"message":"m"}]}"#,
            kind: .invalidFunction, pointer: bad + "/checks/0/condition/returnType",
            detail: "required returns boolean, but its returnType says string (at TextField.checks/0/condition)"),
        Case(
            name: "a returnType outside the enum",
            component:
                #"{"id":"bad","component":"TextField","label":"Name","checks":[{"condition":{"call":"required","args":{"value":{"path":"/n"}},"returnType":"bool"},"message":"m"}]}"#,
            kind: .invalidFunction, pointer: bad + "/checks/0/condition/returnType",
            detail:
                #"returnType must be one of string, number, boolean, array, object, any, void, not "bool" (at TextField.checks/0/condition)"#
        ),
        Case(
            name: "a call whose returnType the property cannot take",
            component:
                #"{"id":"bad","component":"Text","text":{"call":"email","args":{"value":{"path":"/m"}},"returnType":"boolean"}}"#,
            kind: .invalidFunction, pointer: bad + "/text/returnType",
            detail: "Text.text takes a value of type string; a call with returnType boolean cannot give one"),
        Case(
            name: "neither of the arguments one of which is needed",
            component:
                #"{"id":"bad","component":"TextField","label":"Name","checks":[{"condition":{"call":"length","args":{"value":{"path":"/n"}}},"message":"m"}]}"#,
            kind: .invalidFunction, pointer: bad + "/checks/0/condition/args",
            detail: "length needs at least one of the arguments min, max (at TextField.checks/0/condition)"),
        Case(
            name: "an integer argument below its minimum",
            component:
                #"{"id":"bad","component":"TextField","label":"Name","checks":[{"condition":{"call":"length","args":{"value":{"path":"/n"},"max":-2}},"message":"m"}]}"#,
            kind: .invalidFunction, pointer: bad + "/checks/0/condition/args/max",
            detail: #"the argument "max" of length must be at least 0, not -2 (at TextField.checks/0/condition)"#),
        Case(
            name: "a nested call with a wrong argument",
            component:
                #"{"id":"bad","component":"CheckBox","label":"Agree","value":{"call":"not","args":{"value":{"call":"email","args":{"value":"a@b.c","address":"x"}}}}}"#,
            kind: .invalidFunction, pointer: bad + "/value/args/value/args/address",
            detail: #"email has no argument "address"; it takes value (at CheckBox.value/args/value)"#),
    ]

    @Test("a component that breaks the catalog is one located problem, and the rest renders", arguments: cases)
    func catalogProblem(_ test: Case) throws {
        var client = A2UIClient()
        let problems = client.process(jsonl: Self.stream(test.component))
        let problem = try #require(problems.first { $0.kind == test.kind }, "\(problems)")
        #expect(problems.count == 1, "\(problems.map(\.description))")
        #expect(problem.line == 2)
        #expect(problem.surfaceID == "s")
        #expect(problem.componentID == "bad")
        #expect(problem.pointer == test.pointer)
        #expect(problem.detail == test.detail)
        #expect(problem.text?.english == test.detail)
        #expect(problem.description == "line 2, surface s, component bad, at \(test.pointer): \(test.detail)")
        let resolution = try #require(client.resolve(surfaceID: "s"))
        #expect(resolution.root?.children.map(\.id) == ["ok"])
        #expect(
            resolution.problems.map(\.detail) == [
                #"the child "bad" breaks the catalog and was left out (see its problem on line 2)"#
            ])
        #expect(A2UITerminalRenderer(width: 60).render(resolution).contains("Still shown"))
    }

    @Test(
        "a root Button whose check names a returnType that does not exist: the problem names the Button and the value, and the missing root says why"
    )
    func rootLeftOut() throws {
        var client = A2UIClient()
        let problems = client.process(
            jsonl: """
                {"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
                {"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Button","child":"label","action":{"event":{"name":"go"}},"checks":[{"condition":{"call":"required","args":{"value":{"path":"/v"}},"returnType":"truthy"},"message":"m"}]},{"id":"label","component":"Text","text":"Go"}]}}

                """)
        #expect(
            problems.map(\.description) == [
                #"line 2, surface s, component root, at /updateComponents/components/0/checks/0/condition/returnType: returnType must be one of string, number, boolean, array, object, any, void, not "truthy" (at Button.checks/0/condition)"#
            ])
        let resolution = try #require(client.resolve(surfaceID: "s"))
        #expect(
            resolution.problems.map(\.description) == [
                #"line 2, surface s, component root: the component "root" of line 2 breaks the catalog and was left out (see its problem); nothing to show until a valid one arrives"#
            ])
        client.process(
            line:
                #"{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"Fixed"}]}}"#
        )
        let fixed = try #require(client.resolve(surfaceID: "s"))
        #expect(fixed.problems.isEmpty)
        #expect(fixed.root?.text("text") == "Fixed")
    }

    @Test("a valid use of every function of the catalog passes without a problem")
    func validCalls() throws {
        let checks = [
            #"{"call":"required","args":{"value":{"path":"/n"}},"returnType":"boolean"}"#,
            #"{"call":"regex","args":{"value":{"path":"/n"},"pattern":"^a"}}"#,
            #"{"call":"length","args":{"value":{"path":"/n"},"min":1,"max":9}}"#,
            #"{"call":"numeric","args":{"value":{"path":"/age"},"min":0}}"#,
            #"{"call":"email","args":{"value":{"path":"/n"}}}"#,
            #"{"call":"and","args":{"values":[true,{"call":"not","args":{"value":{"path":"/off"}}}]}}"#,
            #"{"call":"or","args":{"values":[{"path":"/a"},{"path":"/b"}]}}"#,
        ].map { #"{"condition":\#($0),"message":"m"}"# }.joined(separator: ",")
        let component =
            #"{"id":"bad","component":"TextField","label":{"call":"formatString","args":{"value":"${/n}"},"returnType":"string"},"checks":[\#(checks)]}"#
        var client = A2UIClient()
        let problems = client.process(
            jsonl: Self.stream(component) + #"""
                {"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"t1","component":"Text","text":{"call":"formatNumber","args":{"value":1,"decimals":2,"grouping":false}}},{"id":"t2","component":"Text","text":{"call":"formatCurrency","args":{"value":1,"currency":"EUR"}}},{"id":"t3","component":"Text","text":{"call":"formatDate","args":{"value":0,"format":"yyyy"}}},{"id":"t4","component":"Text","text":{"call":"pluralize","args":{"value":2,"one":"a","other":"b"}}},{"id":"b1","component":"Button","child":"t1","action":{"functionCall":{"call":"openUrl","args":{"url":"https://example.com"},"returnType":"void"}}}]}}
                """#)
        #expect(problems.isEmpty, "\(problems.map(\.description))")
    }

    @Test("two components with one id in one update are reported; the later one is shown")
    func duplicateIDs() throws {
        var client = A2UIClient()
        let problems = client.process(
            jsonl: Self.stream(
                #"{"id":"bad","component":"Text","text":"first"},{"id":"bad","component":"Text","text":"second"}"#))
        #expect(problems.map(\.kind) == [.duplicateComponent])
        let problem = try #require(problems.first)
        #expect(problem.pointer == "/updateComponents/components/3/id")
        #expect(problem.componentID == "bad")
        #expect(
            problem.detail
                == #"the id "bad" is used again in this update (first at /updateComponents/components/2); the later component replaces the earlier one"#
        )
        let text = A2UITerminalRenderer(width: 60).render(try #require(client.resolve(surfaceID: "s")))
        #expect(text.contains("Still shown"))
        #expect(text.contains("second"))
        #expect(!text.contains("first"))
    }

    @Test("the same id in two updates replaces the component without a problem")
    func replacementIsNoDuplicate() {
        var client = A2UIClient()
        var problems = client.process(jsonl: Self.stream(#"{"id":"bad","component":"Text","text":"first"}"#))
        problems += client.process(
            line:
                #"{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"bad","component":"Text","text":"second"}]}}"#
        )
        #expect(problems.isEmpty)
    }

    @Test("theme values the catalog does not allow are each reported and left out; the valid ones apply")
    func invalidTheme() throws {
        var client = A2UIClient()
        let problems = client.process(
            jsonl: Self.stream(
                #"{"id":"bad","component":"Text","text":"fine"}"#,
                theme:
                    #"{"primaryColor":"blue","font":"x;}body{color:red","iconUrl":"not a uri","agentDisplayName":"Weather"}"#
            ))
        #expect(problems.map(\.kind) == [.invalidTheme, .invalidTheme, .invalidTheme])
        #expect(
            problems.map(\.pointer) == [
                "/createSurface/theme/primaryColor", "/createSurface/theme/font", "/createSurface/theme/iconUrl",
            ])
        #expect(
            problems.first?.detail
                == #"theme.primaryColor must be a colour written #RRGGBB (the pattern ^#[0-9a-fA-F]{6}$), not "blue"; the default colour is used"#
        )
        #expect(problems.allSatisfy { $0.surfaceID == "s" && $0.line == 1 })
        let resolution = try #require(client.resolve(surfaceID: "s"))
        #expect(resolution.theme == A2UITheme(agentDisplayName: "Weather"))
        #expect(A2UITerminalRenderer(width: 60).render(resolution).contains("Still shown"))
        let page = A2UIHTMLRenderer().render([resolution])
        #expect(!page.contains("color:red"))
        #expect(!page.contains("not a uri"))
    }

    @Test("a theme that is not an object is reported, and the surface is still created")
    func themeNotObject() throws {
        var client = A2UIClient()
        let problems = client.process(
            jsonl: Self.stream(#"{"id":"bad","component":"Text","text":"fine"}"#, theme: #""dark""#))
        #expect(problems.map(\.kind) == [.invalidTheme])
        #expect(problems.first?.pointer == "/createSurface/theme")
        #expect(problems.first?.detail == "theme must be an object")
        #expect(A2UITerminalRenderer(width: 60).render(try #require(client.resolve(surfaceID: "s"))).contains("fine"))
    }
}
