import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

/// The calls written inside `formatString` templates and the formats the catalog's function definitions declare,
/// checked when a component arrives, before anything is evaluated: a call that breaks the catalog leaves its
/// component out with a located problem, as a call written as JSON does.
@Suite("A2UI templates and formats checked before evaluation", .tags(.unit))
struct A2UITemplateCheckTests {
    /// The problems of a stream whose component `bad` is a Text showing `formatString` of `template` (JSON-escaped).
    static func problems(template: String) -> [A2UIProblem] {
        var client = A2UIClient()
        return client.process(
            jsonl: A2UICatalogProblemTests.stream(
                #"{"id":"bad","component":"Text","text":{"call":"formatString","args":{"value":"\#(template)"}}}"#))
    }

    static let at = A2UICatalogProblemTests.bad + "/text/args/value"

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var template: String
        var detail: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a function the catalog does not have", template: "Total ${formatMoney(value:${/n})}",
            detail:
                #"Text.text/args/value ${formatMoney(value:${/n})} calls "formatMoney", which is not a function of the basic catalog; it has required, regex, length, numeric, email, formatString, formatNumber, formatCurrency, formatDate, pluralize, openUrl, and, or, not"#
        ),
        Case(
            name: "a required argument missing", template: "${formatCurrency(value:${/price})}",
            detail:
                #"formatCurrency requires the argument "currency" (at Text.text/args/value ${formatCurrency(value:${/price})})"#
        ),
        Case(
            name: "an argument the function does not take", template: "${formatNumber(value:${/n}, digits:2)}",
            detail:
                #"formatNumber has no argument "digits"; it takes value, decimals, grouping (at Text.text/args/value ${formatNumber(value:${/n}, digits:2)})"#
        ),
        Case(
            name: "a literal of the wrong type", template: "${formatNumber(value:'many')}",
            detail:
                #"the argument "value" of formatNumber must be DynamicNumber, not "'many'" (at Text.text/args/value ${formatNumber(value:'many')})"#
        ),
        Case(
            name: "a whole number below its minimum", template: "${length(value:${/s}, min:-1)}",
            detail:
                #"the argument "min" of length must be at least 0, not -1 (at Text.text/args/value ${length(value:${/s}, min:-1)})"#
        ),
        Case(
            name: "neither of two arguments of which one is needed", template: "${numeric(value:${/n})}",
            detail:
                #"numeric needs at least one of the arguments min, max (at Text.text/args/value ${numeric(value:${/n})})"#
        ),
        Case(
            name: "an argument without a name", template: "${formatNumber(value:${/n}, 2)}",
            detail:
                #"formatNumber takes its arguments by name (name:value), not "2" (at Text.text/args/value ${formatNumber(value:${/n}, 2)})"#
        ),
        Case(
            name: "a call nested in another call's argument",
            template: "${formatString(value:${pluralize(value:${/n})})}",
            detail: #"pluralize requires the argument "other" (at Text.text/args/value ${pluralize(value:${/n})})"#),
        Case(
            name: "an openUrl whose url is not a URI", template: "${openUrl(url:'not a url')}",
            detail:
                #"the argument "url" of openUrl must be in the format uri the catalog declares, not "'not a url'" (at Text.text/args/value ${openUrl(url:'not a url')})"#
        ),
    ]

    @Test(
        "a call inside a template that breaks the catalog is one located problem, the component is left out, the rest renders",
        arguments: cases)
    func templateCall(_ test: Case) throws {
        let problems = Self.problems(template: test.template)
        let problem = try #require(problems.first { $0.componentID == "bad" }, "\(problems.map(\.description))")
        #expect(problems.count == 1, "\(problems.map(\.description))")
        #expect(problem.kind == .invalidFunction)
        #expect(problem.line == 2)
        #expect(problem.pointer == Self.at)
        #expect(problem.detail == test.detail)
        #expect(problem.text.map { A2UIProblemText.englishTemplates[$0.key] != nil } == true)
    }

    @Test("valid templates give no problem: paths, nested calls, quoted literals, now(), escapes and unclosed ${")
    func validTemplates() {
        for template in [
            "Hi ${/user/name} and ${name}", "Total ${formatNumber(value:${/n}, decimals:2)}",
            "${formatCurrency(value:${/price}, currency:'EUR')} at ${formatDate(value:${now()}, format:'HH:mm')}",
            "${pluralize(value:${/n}, one:'item', other:'items')}", "\\\\${formatMoney(x)} is literal", "${ not closed",
            "${formatString(value:${formatNumber(value:${/n}, grouping:true)})}", "${length(value:${/s}, max:10)}",
            "${openUrl(url:'https://example.com/a?b=c')}",
        ] {
            #expect(Self.problems(template: template) == [], "\(template)")
        }
    }

    @Test("problems of one template are bounded: a template of 10,000 bad calls gives at most 32")
    func bounded() {
        let problems = Self.problems(template: String(repeating: "${fmt(x:1)}", count: 10_000))
        #expect(problems.count == A2UICatalogWalk.maximumFindings)
        #expect(problems.allSatisfy { $0.kind == .invalidFunction && $0.pointer == Self.at })
    }

    @Test("openUrl's url written as JSON must be a URI: the component is left out with the format named; a URI is kept")
    func openUrlFormat() throws {
        func button(_ url: String) -> String {
            #"{"id":"bad","component":"Button","child":"ok","action":{"functionCall":{"call":"openUrl","args":{"url":"\#(url)"}}}}"#
        }
        var client = A2UIClient()
        let problems = client.process(jsonl: A2UICatalogProblemTests.stream(button("not a url")))
        let problem = try #require(problems.first)
        #expect(problems.count == 1)
        #expect(problem.kind == .invalidFunction)
        #expect(problem.pointer == A2UICatalogProblemTests.bad + "/action/functionCall/args/url")
        #expect(
            problem.detail
                == #"the argument "url" of openUrl must be in the format uri the catalog declares, not "not a url" (at Button.action/functionCall)"#
        )
        for url in ["https://example.com/x", "mailto:ada@example.com", "tel:+15551234"] {
            var valid = A2UIClient()
            #expect(valid.process(jsonl: A2UICatalogProblemTests.stream(button(url))) == [], "\(url)")
        }
        for url in ["", "//example.com", "https://exa mple.com", "1http://x"] {
            var invalid = A2UIClient()
            #expect(
                invalid.process(jsonl: A2UICatalogProblemTests.stream(button(url))).map(\.kind) == [.invalidFunction],
                "\(url)")
        }
    }

    @Test(
        "every format the official catalog's function definitions declare is checked, on the arguments that declare it",
        .enabled(if: TestEnvironment.a2uiSchemas != nil, "GENUI_A2UI_SCHEMAS does not name the official schemas"))
    func officialFormats() throws {
        let folder = try #require(TestEnvironment.a2uiSchemas)
        let catalog = try GeneratedContent(
            json: String(contentsOf: folder.appendingPathComponent("catalog.json"), encoding: .utf8))
        let functions = try #require(
            catalog.orderedProperties?.first { $0.key == "functions" }?.value.orderedProperties)
        var declared: [String: [String: String]] = [:]
        for (name, definition) in functions {
            let arguments =
                definition.orderedProperties?.first { $0.key == "properties" }?.value
                .orderedProperties?.first { $0.key == "args" }?.value
                .orderedProperties?.first { $0.key == "properties" }?.value.orderedProperties ?? []
            for (argument, schema) in arguments {
                if case .string(let format)? = schema.orderedProperties?.first(where: { $0.key == "format" })?.value
                    .kind
                {
                    declared[name, default: [:]][argument] = format
                }
            }
        }
        #expect(!declared.isEmpty)
        for definition in A2UIFunctionCatalog.definitions {
            #expect(definition.formats == declared[definition.name] ?? [:], "\(definition.name)")
        }
        #expect(Set(declared.values.flatMap(\.values)).isSubset(of: A2UIFunctionCatalog.checkedFormats))
    }
}
