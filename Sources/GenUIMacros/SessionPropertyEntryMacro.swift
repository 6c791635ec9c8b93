import SwiftSyntax
import SwiftSyntaxMacros

/// `@SessionPropertyEntry var name: Type = value` in an extension of `SessionPropertyValues`: a key type
/// `__Key_name` whose default is `value` (peer), and the property's `get`/`set` through that key (accessors). An
/// optional type without a value defaults to `nil`.
public struct SessionPropertyEntryMacro: AccessorMacro, PeerMacro {
    /// The property's name, type and default value, or `nil` (with the reason reported) when it cannot be an entry.
    private struct Entry {
        var name: String
        var type: TypeSyntax
        var defaultValue: ExprSyntax

        var keyName: String { "__Key_\(name)" }
    }

    private static func entry(
        of declaration: some DeclSyntaxProtocol, node: AttributeSyntax, in context: some MacroExpansionContext,
        report: Bool
    ) -> Entry? {
        var log = DiagnosticLog()
        defer { if report { for diagnostic in log.diagnostics { context.diagnose(diagnostic) } } }
        guard let variable = declaration.as(VariableDeclSyntax.self), variable.bindings.count == 1,
            let binding = variable.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmedDescription
        else {
            log.error(
                node, "entryNotOnProperty", "@SessionPropertyEntry declares one property: `var name: Type = value`")
            return nil
        }
        guard let type = binding.typeAnnotation?.type.trimmed else {
            log.error(binding, "entryWithoutType", "@SessionPropertyEntry needs the property's type written out")
            return nil
        }
        if let value = binding.initializer?.value.trimmed {
            return Entry(name: name, type: type, defaultValue: value)
        }
        if type.is(OptionalTypeSyntax.self) || type.trimmedDescription.hasPrefix("Optional<") {
            return Entry(name: name, type: type, defaultValue: "nil")
        }
        log.error(binding, "entryWithoutDefault", "@SessionPropertyEntry needs a default value: `= value`")
        return nil
    }

    public static func expansion(
        of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let entry = entry(of: declaration, node: node, in: context, report: true) else { return [] }
        return [
            "get { self[\(raw: entry.keyName).self] }",
            "set { self[\(raw: entry.keyName).self] = newValue }",
        ]
    }

    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let entry = entry(of: declaration, node: node, in: context, report: false) else { return [] }
        return [
            """
            private struct \(raw: entry.keyName): SessionPropertyKey {
                static var defaultValue: \(entry.type) { \(entry.defaultValue) }
            }
            """
        ]
    }
}
