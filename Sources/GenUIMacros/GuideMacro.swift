import SwiftSyntax
import SwiftSyntaxMacros

/// `@Guide` only marks a property; `@Generable` reads it. It expands to nothing, and reports being attached to
/// anything but a property.
public struct GuideMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        if !declaration.is(VariableDeclSyntax.self) {
            var log = DiagnosticLog()
            log.error(node, "guideNotOnProperty", "@Guide describes stored properties of a @Generable struct")
            for diagnostic in log.diagnostics { context.diagnose(diagnostic) }
        }
        return []
    }
}
