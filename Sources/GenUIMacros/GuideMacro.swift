import SwiftSyntax
import SwiftSyntaxMacros

/// `@Guide` only marks a property; `@Generable` reads it. It expands to nothing.
public struct GuideMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
