import GenUITestSupport
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Generable and @Guide diagnostics", .tags(.unit))
struct DiagnosticTests {
    @Test("a class is rejected at its keyword with a fix-it making it a struct")
    func rejectsClass() {
        assertExpansion(
            #"""
            @Generable
            final class Profile {
                var name: String
            }
            """#,
            expandedSource: #"""
                final class Profile {
                    var name: String
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@Generable applies to structs and enums; 'Profile' is a class (generated values are plain data)",
                    line: 2, column: 7, fixIts: [FixItSpec(message: "Make 'Profile' a struct")])
            ],
            fixedSource: #"""
                @Generable
                struct Profile {
                    var name: String
                }
                """#
        )
    }

    @Test("an actor is rejected with a fix-it making it a struct")
    func rejectsActor() {
        assertExpansion(
            #"""
            @Generable
            actor Counter {
                var value: Int
            }
            """#,
            expandedSource: #"""
                actor Counter {
                    var value: Int
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@Generable applies to structs and enums; 'Counter' is an actor (generated values are plain data)",
                    line: 2, column: 1, fixIts: [FixItSpec(message: "Make 'Counter' a struct")])
            ],
            fixedSource: #"""
                @Generable
                struct Counter {
                    var value: Int
                }
                """#
        )
    }

    @Test("a generic type is rejected at its generic parameters")
    func rejectsGeneric() {
        assertExpansion(
            #"""
            @Generable
            struct Box<Value> {
                var value: Value
            }
            """#,
            expandedSource: #"""
                struct Box<Value> {
                    var value: Value
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@Generable does not support generic types; 'Box' needs one concrete schema, so remove its generic parameters",
                    line: 2, column: 11)
            ]
        )
    }

    @Test("properties of types that cannot be generated are rejected at the type")
    func rejectsTypes() {
        assertExpansion(
            #"""
            @Generable
            struct Event {
                var date: Date
                var links: [String: URL]
                var position: (Double, Double)
                var handler: () -> Void
                var id: UInt32?
                var name: String!
            }
            """#,
            expandedSource: #"""
                struct Event {
                    var date: Date
                    var links: [String: URL]
                    var position: (Double, Double)
                    var handler: () -> Void
                    var id: UInt32?
                    var name: String!
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'Date' cannot be generated; store it as a String (ISO 8601) or a Double (supported: String, Int, Double, Float, Decimal, Bool, an optional, an array or a @Generable type)",
                    line: 3, column: 15),
                DiagnosticSpec(
                    message:
                        "A dictionary cannot be generated; use an array of a @Generable struct with key and value properties (supported: String, Int, Double, Float, Decimal, Bool, an optional, an array or a @Generable type)",
                    line: 4, column: 16),
                DiagnosticSpec(
                    message:
                        "A tuple cannot be generated; use a @Generable struct (supported: String, Int, Double, Float, Decimal, Bool, an optional, an array or a @Generable type)",
                    line: 5, column: 19),
                DiagnosticSpec(
                    message:
                        "A function cannot be generated; remove the property or make it computed (supported: String, Int, Double, Float, Decimal, Bool, an optional, an array or a @Generable type)",
                    line: 6, column: 18),
                DiagnosticSpec(
                    message:
                        "'UInt32' cannot be generated; use Int (supported: String, Int, Double, Float, Decimal, Bool, an optional, an array or a @Generable type)",
                    line: 7, column: 13),
                DiagnosticSpec(
                    message:
                        "An implicitly unwrapped optional cannot be generated; use '?' instead of '!' (supported: String, Int, Double, Float, Decimal, Bool, an optional, an array or a @Generable type)",
                    line: 8, column: 15),
            ]
        )
    }

    @Test("a numeric range on a String is rejected with a fix-it removing it")
    func rejectsStringRange() {
        assertExpansion(
            #"""
            @Generable
            struct Person {
                @Guide(description: "Name", .range(1...5))
                var name: String
            }
            """#,
            expandedSource: #"""
                struct Person {
                    var name: String
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "'.range' bounds numbers, but 'name' is a String", line: 3, column: 33,
                    fixIts: [FixItSpec(message: "Remove '.range(1...5)'")])
            ],
            fixedSource: #"""
                @Generable
                struct Person {
                    @Guide(description: "Name")
                    var name: String
                }
                """#
        )
    }

    @Test("guides that do not fit the property type are rejected, inside .element too")
    func rejectsGuides() {
        assertExpansion(
            #"""
            @Generable
            struct Stats {
                @Guide(.count(3))
                var total: Int
                @Guide(.anyOf(["a"]))
                var ratio: Double
                @Guide(.minimum(1))
                var enabled: Bool
                @Guide(.element(.pattern("x+")))
                var scores: [Int]
                @Guide(description: "Code", /[0-9]+/)
                var code: Int
            }
            """#,
            expandedSource: #"""
                struct Stats {
                    var total: Int
                    var ratio: Double
                    var enabled: Bool
                    var scores: [Int]
                    var code: Int
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "'.count' constrains arrays, but 'total' is a number", line: 3, column: 12,
                    fixIts: [FixItSpec(message: "Remove '.count(3)'")]),
                DiagnosticSpec(
                    message: "'.anyOf' constrains strings, but 'ratio' is a number", line: 5, column: 12,
                    fixIts: [FixItSpec(message: "Remove '.anyOf([\"a\"])'")]),
                DiagnosticSpec(
                    message: "'.minimum' bounds numbers, but 'enabled' is a Bool", line: 7, column: 12,
                    fixIts: [FixItSpec(message: "Remove '.minimum(1)'")]),
                DiagnosticSpec(
                    message: "'.pattern' constrains strings, but each element of 'scores' is a number", line: 9,
                    column: 21, fixIts: [FixItSpec(message: "Remove '.element(.pattern(\"x+\"))'")]),
                DiagnosticSpec(
                    message: "A regex constrains strings, but 'code' is a number", line: 11, column: 33,
                    fixIts: [FixItSpec(message: "Remove '/[0-9]+/'")]),
            ],
            fixedSource: #"""
                @Generable
                struct Stats {
                    var total: Int
                    var ratio: Double
                    var enabled: Bool
                    var scores: [Int]
                    @Guide(description: "Code")
                    var code: Int
                }
                """#
        )
    }

    @Test("a let with a default value is rejected with a fix-it making it a var")
    func rejectsLet() {
        assertExpansion(
            #"""
            @Generable
            struct Settings {
                let version: Int = 2
                var title: String
            }
            """#,
            expandedSource: #"""
                struct Settings {
                    let version: Int = 2
                    var title: String
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'version' is a 'let' with a default value, so a generated value cannot set it; make it a 'var' or remove the default",
                    line: 3, column: 22, fixIts: [FixItSpec(message: "Change 'let' to 'var'")])
            ],
            fixedSource: #"""
                @Generable
                struct Settings {
                    var version: Int = 2
                    var title: String
                }
                """#
        )
    }

    @Test("an associated value labelled type is rejected at the label")
    func rejectsPayloadType() {
        assertExpansion(
            #"""
            @Generable
            enum Shape {
                case circle(type: String, radius: Double)
                case square(Double)
            }
            """#,
            expandedSource: #"""
                enum Shape {
                    case circle(type: String, radius: Double)
                    case square(Double)
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "The associated value label 'type' is reserved: the JSON encoding of 'circle' uses \"type\" for the case name; rename the label",
                    line: 3, column: 17)
            ]
        )
    }

    @Test("a property without a type annotation and @Guide on a computed property are rejected")
    func rejectsMissingType() {
        assertExpansion(
            #"""
            @Generable
            struct Counter {
                var count = 0
                @Guide(description: "Shown")
                var label: String { "x" }
            }
            """#,
            expandedSource: #"""
                struct Counter {
                    var count = 0
                    var label: String { "x" }
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "'count' needs an explicit type annotation for @Generable to describe it", line: 3,
                    column: 9),
                DiagnosticSpec(
                    message: "@Guide applies to stored properties; 'label' is computed and is not generated", line: 4,
                    column: 5, fixIts: [FixItSpec(message: "Remove @Guide")]),
            ],
            fixedSource: #"""
                @Generable
                struct Counter {
                    var count = 0
                    var label: String { "x" }
                }
                """#
        )
    }

    @Test("a regex that is not a literal is rejected")
    func rejectsRegex() {
        assertExpansion(
            #"""
            @Generable
            struct Code {
                @Guide(description: "Digits", try! Regex("[0-9]+"))
                var digits: String
            }
            """#,
            expandedSource: #"""
                struct Code {
                    var digits: String
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Guide needs a regex literal (/.../) so its pattern can be read at compile time", line: 3,
                    column: 35)
            ]
        )
    }

    @Test("an enum without cases and a generic enum are rejected")
    func rejectsEnum() {
        assertExpansion(
            #"""
            @Generable
            enum Nothing {
            }

            @Generable
            enum Either<A, B> {
                case left(A)
                case right(B)
            }
            """#,
            expandedSource: #"""
                enum Nothing {
                }
                enum Either<A, B> {
                    case left(A)
                    case right(B)
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "'Nothing' has no cases to generate; add at least one case", line: 2, column: 6),
                DiagnosticSpec(
                    message:
                        "@Generable does not support generic types; 'Either' needs one concrete schema, so remove its generic parameters",
                    line: 6, column: 12),
            ]
        )
    }

    @Test("a type that contains itself is rejected at the recursive reference")
    func rejectsRecursive() {
        assertExpansion(
            #"""
            @Generable
            struct Tree {
                var label: String
                var children: [Tree]
            }

            @Generable
            indirect enum Expression {
                case number(Double)
                case sum(Expression, Expression?)
            }
            """#,
            expandedSource: #"""
                struct Tree {
                    var label: String
                    var children: [Tree]
                }
                indirect enum Expression {
                    case number(Double)
                    case sum(Expression, Expression?)
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'Tree' contains itself; @Generable schemas are written out in full, so a type cannot nest itself (use a fixed depth of distinct types)",
                    line: 4, column: 19),
                DiagnosticSpec(
                    message:
                        "'Expression' contains itself; @Generable schemas are written out in full, so a type cannot nest itself (use a fixed depth of distinct types)",
                    line: 10, column: 14),
                DiagnosticSpec(
                    message:
                        "'Expression' contains itself; @Generable schemas are written out in full, so a type cannot nest itself (use a fixed depth of distinct types)",
                    line: 10, column: 26),
            ]
        )
    }
}
