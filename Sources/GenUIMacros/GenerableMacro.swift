import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Writes the `Generable` conformance of a struct or enum.
///
/// The member role adds the nested `PartiallyGenerated` type and reports every diagnostic; the extension role adds
/// the conformance with `generationSchema`, `init(_:)` and `generatedContent`. Initializers go in the extension so a
/// struct keeps its implicit memberwise initializer. Nothing is generated for a declaration with errors.
public struct GenerableMacro: ExtensionMacro, MemberMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        let (read, _) = DeclarationReader.read(declaration, attribute: node)
        guard let read else { return [] }
        let description = read.description?.description
        let members: String
        var conformances = ["GenUI.Generable"]
        switch read.shape {
        case .structure(let properties):
            members = StructExpansion.conformanceMembers(properties, access: read.access, description: description)
        case .choice(let cases):
            members = EnumExpansion.choiceMembers(cases, access: read.access, description: description)
            conformances.append("Swift.Sendable")
        case .taggedUnion(let cases):
            members = EnumExpansion.taggedMembers(cases, access: read.access, description: description)
        }
        let requested = Set(protocols.map { $0.trimmedDescription.split(separator: ".").last.map(String.init) ?? "" })
        let adopted = conformances.filter { name in
            requested.contains(name.split(separator: ".").last.map(String.init) ?? name)
        }
        let clause = adopted.isEmpty ? "" : ": " + adopted.joined(separator: ", ")
        let source =
            "nonisolated extension \(type.trimmedDescription)\(clause) {\n\(SchemaSource.indent(members, by: 1))\n}"
        guard let extensionDeclaration = DeclSyntax(stringLiteral: source).as(ExtensionDeclSyntax.self) else {
            return []
        }
        return [extensionDeclaration]
    }

    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let (read, log) = DeclarationReader.read(declaration, attribute: node)
        for diagnostic in log.diagnostics { context.diagnose(diagnostic) }
        guard let read else { return [] }
        switch read.shape {
        case .structure(let properties):
            return [DeclSyntax(stringLiteral: StructExpansion.partiallyGenerated(properties, access: read.access))]
        case .choice:
            return []
        case .taggedUnion(let cases):
            return [DeclSyntax(stringLiteral: EnumExpansion.partiallyGenerated(cases, access: read.access))]
        }
    }
}
