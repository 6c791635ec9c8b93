import GenUITestSupport
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Guide placement", .tags(.unit))
struct GuidePlacementTests {
    @Test("@Guide on something that is not a property is rejected")
    func rejectsGuideOnFunction() {
        assertExpansion(
            #"""
            struct Scorer {
                @Guide(description: "Score")
                func score() -> Int { 1 }
            }
            """#,
            expandedSource: #"""
                struct Scorer {
                    func score() -> Int { 1 }
                }
                """#,
            diagnostics: [
                DiagnosticSpec(message: "@Guide describes stored properties of a @Generable struct", line: 2, column: 5)
            ]
        )
    }
}
