import GenUITestSupport
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@SessionPropertyEntry", .tags(.unit))
struct SessionPropertyEntryTests {
    @Test("an entry becomes a key with the property's default and accessors through that key")
    func expandsToKeyAndAccessors() {
        assertExpansion(
            #"""
            extension SessionPropertyValues {
                @SessionPropertyEntry var activatedSkills: [String: Bool] = [:]
            }
            """#,
            expandedSource: #"""
                extension SessionPropertyValues {
                    var activatedSkills: [String: Bool] {
                        get {
                            self[__Key_activatedSkills.self]
                        }
                        set {
                            self[__Key_activatedSkills.self] = newValue
                        }
                    }

                    private struct __Key_activatedSkills: SessionPropertyKey {
                        static var defaultValue: [String: Bool] {
                            [:]
                        }
                    }
                }
                """#)
    }

    @Test("an optional entry without a value defaults to nil")
    func optionalDefaultsToNil() {
        assertExpansion(
            #"""
            extension SessionPropertyValues {
                @SessionPropertyEntry var accountID: String?
            }
            """#,
            expandedSource: #"""
                extension SessionPropertyValues {
                    var accountID: String? {
                        get {
                            self[__Key_accountID.self]
                        }
                        set {
                            self[__Key_accountID.self] = newValue
                        }
                    }

                    private struct __Key_accountID: SessionPropertyKey {
                        static var defaultValue: String? {
                            nil
                        }
                    }
                }
                """#)
    }

    @Test("an entry without a default value, or without a written type, is rejected with the form to write")
    func rejectsIncompleteEntries() {
        assertExpansion(
            #"""
            extension SessionPropertyValues {
                @SessionPropertyEntry var count: Int
            }
            """#,
            expandedSource: #"""
                extension SessionPropertyValues {
                    var count: Int
                }
                """#,
            diagnostics: [
                DiagnosticSpec(message: "@SessionPropertyEntry needs a default value: `= value`", line: 2, column: 31)
            ])
        assertExpansion(
            #"""
            extension SessionPropertyValues {
                @SessionPropertyEntry var count = 0
            }
            """#,
            expandedSource: #"""
                extension SessionPropertyValues {
                    var count = 0
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message: "@SessionPropertyEntry needs the property's type written out", line: 2, column: 31)
            ])
    }
}
