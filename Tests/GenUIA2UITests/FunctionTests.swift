import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

@Suite("A2UI catalog functions", .tags(.unit))
struct A2UIFunctionTests {
    /// Evaluates `json` (a dynamic value) against `data`.
    func eval(_ json: String, data: String = "{}", scope: String? = nil) throws -> GeneratedContent {
        var evaluator = A2UIEvaluator(dataModel: A2UIDataModel(root: try GeneratedContent(json: data)), scope: scope)
        return evaluator.resolve(try GeneratedContent(json: json))
    }

    func string(_ json: String, data: String = "{}") throws -> String { A2UIEvaluator.text(try eval(json, data: data)) }
    func bool(_ json: String, data: String = "{}") throws -> Bool { A2UIEvaluator.truth(try eval(json, data: data)) }

    @Test("an argument list splits at top-level commas only: brackets inside quotes do not nest")
    func argumentsSplitOutsideQuotes() {
        #expect(A2UIEvaluator.splitArguments("a:'x{y', b:2") == ["a:'x{y'", " b:2"])
        #expect(A2UIEvaluator.splitArguments("a:'x(', b:')'") == ["a:'x('", " b:')'"])
        #expect(A2UIEvaluator.splitArguments("a:'}', b:${f(c:1, d:2)}") == ["a:'}'", " b:${f(c:1, d:2)}"])
    }

    @Test("formatString interpolates absolute paths, relative paths, nested calls and keeps an escaped ${")
    func formatString() throws {
        let data = #"{"user":{"name":"Ada"},"n":1234.5}"#
        #expect(
            try string(
                #"{"call":"formatString","args":{"value":"Hi ${/user/name}!"},"returnType":"string"}"#, data: data)
                == "Hi Ada!")
        #expect(
            try string(
                #"{"call":"formatString","args":{"value":"Total ${formatNumber(value:${/n}, decimals:2)}"},"returnType":"string"}"#,
                data: data) == "Total 1,234.50")
        #expect(
            try string(#"{"call":"formatString","args":{"value":"\\${literal}"},"returnType":"string"}"#)
                == "${literal}")
        var evaluator = A2UIEvaluator(dataModel: A2UIDataModel(root: try GeneratedContent(json: data)), scope: "/user")
        #expect(
            A2UIEvaluator.text(
                evaluator.resolve(try GeneratedContent(json: #"{"call":"formatString","args":{"value":"${name}"}}"#)))
                == "Ada")
    }

    @Test(
        "formatNumber groups thousands and rounds to the given decimals, and a negative value that rounds to zero has no sign"
    )
    func formatNumber() throws {
        #expect(try string(#"{"call":"formatNumber","args":{"value":1234567.891,"decimals":2}}"#) == "1,234,567.89")
        #expect(try string(#"{"call":"formatNumber","args":{"value":1234567,"grouping":false}}"#) == "1234567")
        #expect(try string(#"{"call":"formatNumber","args":{"value":-0.5,"decimals":0}}"#) == "0")
        #expect(
            try string(#"{"call":"formatNumber","args":{"value":{"path":"/x"},"decimals":1}}"#, data: #"{"x":-42.75}"#)
                == "-42.8")
    }

    @Test("formatCurrency puts the currency's symbol and decimals")
    func formatCurrency() throws {
        #expect(try string(#"{"call":"formatCurrency","args":{"value":1234.5,"currency":"USD"}}"#) == "$1,234.50")
        #expect(try string(#"{"call":"formatCurrency","args":{"value":-3,"currency":"EUR"}}"#) == "-€3.00")
        #expect(try string(#"{"call":"formatCurrency","args":{"value":1500,"currency":"JPY"}}"#) == "¥1,500")
        #expect(try string(#"{"call":"formatCurrency","args":{"value":12,"currency":"SEK"}}"#) == "SEK 12.00")
    }

    @Test("formatDate formats ISO 8601 and millisecond timestamps with a TR35 pattern in UTC")
    func formatDate() throws {
        #expect(
            try string(
                #"{"call":"formatDate","args":{"value":"2026-02-02T15:17:00Z","format":"E MMM d, yyyy h:mm a"}}"#)
                == "Mon Feb 2, 2026 3:17 PM")
        #expect(
            try string(#"{"call":"formatDate","args":{"value":0,"format":"yyyy-MM-dd HH:mm"}}"#) == "1970-01-01 00:00")
        #expect(
            try string(#"{"call":"formatDate","args":{"value":"2026-01-16","format":"MMM dd, yyyy"}}"#)
                == "Jan 16, 2026")
    }

    @Test("pluralize picks zero, one or other by the count")
    func pluralize() throws {
        let call =
            #"{"call":"pluralize","args":{"value":{"path":"/n"},"zero":"no items","one":"one item","other":"many items"}}"#
        #expect(try string(call, data: #"{"n":0}"#) == "no items")
        #expect(try string(call, data: #"{"n":1}"#) == "one item")
        #expect(try string(call, data: #"{"n":5}"#) == "many items")
    }

    @Test("required fails for null, empty strings and empty arrays")
    func required() throws {
        #expect(try !bool(#"{"call":"required","args":{"value":{"path":"/missing"}}}"#))
        #expect(try !bool(#"{"call":"required","args":{"value":""}}"#))
        #expect(try bool(#"{"call":"required","args":{"value":"x"}}"#))
        #expect(try !bool(#"{"call":"required","args":{"value":[]}}"#))
    }

    @Test("regex matches, and an invalid pattern is false with a problem")
    func regex() throws {
        #expect(try bool(#"{"call":"regex","args":{"value":"1234567890","pattern":"^\\d{10}$"}}"#))
        #expect(try !bool(#"{"call":"regex","args":{"value":"12345","pattern":"^\\d{10}$"}}"#))
        var evaluator = A2UIEvaluator(dataModel: A2UIDataModel())
        #expect(
            !A2UIEvaluator.truth(
                evaluator.resolve(try GeneratedContent(json: #"{"call":"regex","args":{"value":"a","pattern":"("}}"#))))
        #expect(evaluator.problems.map(\.kind) == [.invalidFunction])
    }

    @Test("a regex with catastrophic backtracking is stopped at its time limit and reported, instead of hanging")
    func regexBacktracking() throws {
        var evaluator = A2UIEvaluator(dataModel: A2UIDataModel())
        let started = Date()
        let call = #"{"call":"regex","args":{"value":"\#(String(repeating: "a", count: 60))b","pattern":"^(a+)+$"}}"#
        #expect(!A2UIEvaluator.truth(evaluator.resolve(try GeneratedContent(json: call))))
        #expect(evaluator.problems.map(\.kind) == [.limitExceeded])
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test("length and numeric check bounds")
    func lengthAndNumeric() throws {
        #expect(try bool(#"{"call":"length","args":{"value":"abc","min":2,"max":3}}"#))
        #expect(try !bool(#"{"call":"length","args":{"value":"abcd","max":3}}"#))
        #expect(try bool(#"{"call":"numeric","args":{"value":5,"min":1,"max":10}}"#))
        #expect(try !bool(#"{"call":"numeric","args":{"value":11,"max":10}}"#))
        #expect(try !bool(#"{"call":"numeric","args":{"value":"abc","min":0}}"#))
    }

    @Test("email accepts an address and rejects other text")
    func email() throws {
        #expect(try bool(#"{"call":"email","args":{"value":"john.doe@example.com"}}"#))
        #expect(try !bool(#"{"call":"email","args":{"value":"john.doe"}}"#))
        #expect(try !bool(#"{"call":"email","args":{"value":"a b@example.com"}}"#))
    }

    @Test("and, or and not combine checks")
    func logic() throws {
        let data = #"{"t":true,"f":false}"#
        #expect(try !bool(#"{"call":"and","args":{"values":[{"path":"/t"},{"path":"/f"}]}}"#, data: data))
        #expect(try bool(#"{"call":"or","args":{"values":[{"path":"/t"},{"path":"/f"}]}}"#, data: data))
        #expect(try bool(#"{"call":"not","args":{"value":{"path":"/f"}}}"#, data: data))
        #expect(try bool(#"{"call":"and","args":{"values":[true,{"call":"not","args":{"value":false}}]}}"#))
    }
}
