import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct GenUIMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [GenerableMacro.self, GuideMacro.self, SessionPropertyEntryMacro.self]
}
