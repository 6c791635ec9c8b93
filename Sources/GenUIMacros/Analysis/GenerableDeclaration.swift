import SwiftDiagnostics
import SwiftSyntax

/// A stored property of a `@Generable` struct.
struct StoredProperty {
    /// The name in JSON (the Swift name without backticks).
    let name: String
    /// The name as written in Swift.
    let identifier: String
    let shape: TypeShape
    let guide: GuideAttribute
}

/// One associated value of an enum case.
struct PayloadField {
    /// The Swift label, if any, as written.
    let label: String?
    /// The property name in the case's JSON object.
    let name: String
    let shape: TypeShape
}

/// One case of a `@Generable` enum.
struct EnumCase {
    /// The case name in JSON.
    let name: String
    /// The case name as written in Swift.
    let identifier: String
    let fields: [PayloadField]
}

/// What `@Generable` is attached to, read from the syntax.
struct GenerableDeclaration {
    enum Shape {
        case structure([StoredProperty])
        /// An enum whose cases have no associated values: a string choice.
        case choice([EnumCase])
        /// An enum with associated values: one object per case.
        case taggedUnion([EnumCase])
    }

    let shape: Shape
    /// The type's name as declared.
    let name: String
    /// The access modifier the generated members need ("public " or ""), with its space.
    let access: String
    let description: ExprSyntax?
}

/// Reads a declaration for `@Generable`, collecting every problem as a diagnostic.
enum DeclarationReader {
    static func read(
        _ declaration: some DeclGroupSyntax, attribute: AttributeSyntax
    ) -> (GenerableDeclaration?, DiagnosticLog) {
        var log = DiagnosticLog()
        let description = typeDescription(attribute)
        let access = accessPrefix(declaration.modifiers)
        if let structure = declaration.as(StructDeclSyntax.self) {
            rejectGenerics(structure.genericParameterClause, name: structure.name.text, log: &log)
            let properties = readProperties(structure, log: &log)
            for property in properties where property.shape.refers(to: structure.name.text) {
                rejectRecursion(property.shape.syntax, name: structure.name.text, log: &log)
            }
            // A struct without stored properties is an empty object: the arguments of a tool that takes none.
            guard !log.hasErrors else { return (nil, log) }
            return (
                GenerableDeclaration(
                    shape: .structure(properties), name: structure.name.text, access: access, description: description),
                log
            )
        }
        if let enumeration = declaration.as(EnumDeclSyntax.self) {
            rejectGenerics(enumeration.genericParameterClause, name: enumeration.name.text, log: &log)
            let cases = readCases(enumeration, log: &log)
            for field in cases.flatMap(\.fields) where field.shape.refers(to: enumeration.name.text) {
                rejectRecursion(field.shape.syntax, name: enumeration.name.text, log: &log)
            }
            if cases.isEmpty && !log.hasErrors {
                log.error(
                    enumeration.name, "noCases",
                    "'\(enumeration.name.text)' has no cases to generate; add at least one case")
            }
            guard !log.hasErrors else { return (nil, log) }
            let hasPayloads = cases.contains { !$0.fields.isEmpty }
            return (
                GenerableDeclaration(
                    shape: hasPayloads ? .taggedUnion(cases) : .choice(cases), name: enumeration.name.text,
                    access: access,
                    description: description), log
            )
        }
        rejectKind(declaration, log: &log)
        return (nil, log)
    }

    // MARK: - The declaration itself

    private static func typeDescription(_ attribute: AttributeSyntax) -> ExprSyntax? {
        guard let arguments = attribute.arguments?.as(LabeledExprListSyntax.self),
            let argument = arguments.first(where: { $0.label?.text == "description" }),
            argument.expression.as(NilLiteralExprSyntax.self) == nil
        else { return nil }
        return argument.expression.trimmed
    }

    private static func accessPrefix(_ modifiers: DeclModifierListSyntax) -> String {
        for modifier in modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }

    private static func rejectGenerics(_ clause: GenericParameterClauseSyntax?, name: String, log: inout DiagnosticLog)
    {
        guard let clause else { return }
        log.error(
            clause, "genericType",
            "@Generable does not support generic types; '\(name)' needs one concrete schema, so remove its generic parameters"
        )
    }

    private static func rejectRecursion(_ type: TypeSyntax, name: String, log: inout DiagnosticLog) {
        log.error(
            type, "recursiveType",
            "'\(name)' contains itself; @Generable schemas are written out in full, so a type cannot nest itself (use a fixed depth of distinct types)"
        )
    }

    private static func rejectKind(_ declaration: some DeclGroupSyntax, log: inout DiagnosticLog) {
        func makeStruct(_ keyword: TokenSyntax, _ kind: String, _ name: String) {
            var changes: [FixIt.Change] = []
            var newKeyword = keyword.with(\.tokenKind, .keyword(.struct))
            let modifiers = declaration.modifiers
            if let final = modifiers.first(where: { $0.name.tokenKind == .keyword(.final) }) {
                // A struct cannot be 'final': drop the modifier, keeping the trivia in front of the declaration.
                var remaining = Array(modifiers.filter { $0.id != final.id })
                if modifiers.first?.id == final.id {
                    if remaining.isEmpty {
                        newKeyword = newKeyword.with(\.leadingTrivia, final.leadingTrivia)
                    } else {
                        remaining[0] = remaining[0].with(\.leadingTrivia, final.leadingTrivia)
                    }
                }
                changes.append(.replace(oldNode: Syntax(modifiers), newNode: Syntax(DeclModifierListSyntax(remaining))))
            }
            changes.append(.replace(oldNode: Syntax(keyword), newNode: Syntax(newKeyword)))
            let fix = FixIt(message: GenerableFixIt("Make '\(name)' a struct"), changes: changes)
            log.error(
                keyword, "notStructOrEnum",
                "@Generable applies to structs and enums; '\(name)' is \(kind) (generated values are plain data)",
                fixIts: [fix])
        }
        if let classDeclaration = declaration.as(ClassDeclSyntax.self) {
            makeStruct(classDeclaration.classKeyword, "a class", classDeclaration.name.text)
        } else if let actor = declaration.as(ActorDeclSyntax.self) {
            makeStruct(actor.actorKeyword, "an actor", actor.name.text)
        } else if let proto = declaration.as(ProtocolDeclSyntax.self) {
            log.error(
                proto.protocolKeyword, "notStructOrEnum", "@Generable applies to structs and enums, not protocols")
        } else if let extensionDeclaration = declaration.as(ExtensionDeclSyntax.self) {
            log.error(
                extensionDeclaration.extensionKeyword, "notStructOrEnum",
                "@Generable applies to struct and enum declarations, not extensions; attach it to the type itself")
        } else {
            log.error(declaration, "notStructOrEnum", "@Generable applies to structs and enums")
        }
    }

    // MARK: - Structs

    private static func readProperties(_ structure: StructDeclSyntax, log: inout DiagnosticLog) -> [StoredProperty] {
        var properties: [StoredProperty] = []
        for member in structure.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            properties += readVariable(variable, log: &log)
        }
        return properties
    }

    private static func readVariable(_ variable: VariableDeclSyntax, log: inout DiagnosticLog) -> [StoredProperty] {
        let guides = GuideReader.guideAttributes(in: variable.attributes)
        let isStatic = variable.modifiers.contains {
            [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains($0.name.tokenKind)
        }
        if isStatic {
            for guide in guides {
                log.error(
                    guide, "guideOnIgnoredProperty",
                    "@Guide applies to stored instance properties; static and lazy properties are not generated",
                    fixIts: [removeAttributeFixIt(guide, from: variable)])
            }
            return []
        }
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        var properties: [StoredProperty] = []
        let bindings = Array(variable.bindings)
        for (index, binding) in bindings.enumerated() {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                log.error(binding.pattern, "unsupportedPattern", "@Generable needs one name per stored property")
                continue
            }
            let identifier = pattern.identifier.text
            let name = identifier.trimmingBackticks
            if isComputed(binding) {
                for guide in guides {
                    log.error(
                        guide, "guideOnComputedProperty",
                        "@Guide applies to stored properties; '\(name)' is computed and is not generated",
                        fixIts: [removeAttributeFixIt(guide, from: variable)])
                }
                continue
            }
            if isLet, let initializer = binding.initializer {
                let fix = FixIt.replace(
                    message: GenerableFixIt("Change 'let' to 'var'"), oldNode: variable.bindingSpecifier,
                    newNode: variable.bindingSpecifier.with(\.tokenKind, .keyword(.var)))
                log.error(
                    initializer, "letWithDefault",
                    "'\(name)' is a 'let' with a default value, so a generated value cannot set it; make it a 'var' or remove the default",
                    fixIts: [fix])
                continue
            }
            guard let type = declaredType(of: index, in: bindings) else {
                log.error(
                    binding.pattern, "missingType",
                    "'\(name)' needs an explicit type annotation for @Generable to describe it")
                continue
            }
            switch TypeClassifier.classify(type) {
            case .failure(let unsupported):
                log.error(unsupported.node, "unsupportedType", unsupported.message)
            case .success(let shape):
                let guide = GuideReader.read(guides, property: name, shape: shape, log: &log)
                properties.append(StoredProperty(name: name, identifier: identifier, shape: shape, guide: guide))
            }
        }
        return properties
    }

    /// The type of the binding at `index`: its own annotation, or the next annotation in `var a, b: Int`.
    private static func declaredType(of index: Int, in bindings: [PatternBindingSyntax]) -> TypeSyntax? {
        if let type = bindings[index].typeAnnotation?.type { return type }
        guard bindings[index].initializer == nil else { return nil }
        for later in bindings[(index + 1)...] {
            if let type = later.typeAnnotation?.type { return type }
            if later.initializer != nil { return nil }
        }
        return nil
    }

    private static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessors = binding.accessorBlock?.accessors else { return false }
        switch accessors {
        case .getter: return true
        case .accessors(let list):
            return list.contains { ![.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
        }
    }

    private static func removeAttributeFixIt(_ attribute: AttributeSyntax, from variable: VariableDeclSyntax) -> FixIt {
        let kept = variable.attributes.filter { element in
            if case .attribute(let other) = element { return other.id != attribute.id }
            return true
        }
        return FixIt.replace(
            message: GenerableFixIt("Remove @Guide"), oldNode: variable,
            newNode: variable.with(\.attributes, kept))
    }

    // MARK: - Enums

    private static func readCases(_ enumeration: EnumDeclSyntax, log: inout DiagnosticLog) -> [EnumCase] {
        var cases: [EnumCase] = []
        for member in enumeration.memberBlock.members {
            guard let caseDeclaration = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDeclaration.elements {
                let identifier = element.name.text
                let fields = readPayload(element.parameterClause, caseName: identifier.trimmingBackticks, log: &log)
                cases.append(EnumCase(name: identifier.trimmingBackticks, identifier: identifier, fields: fields))
            }
        }
        return cases
    }

    private static func readPayload(
        _ clause: EnumCaseParameterClauseSyntax?, caseName: String, log: inout DiagnosticLog
    ) -> [PayloadField] {
        guard let clause else { return [] }
        let parameters = Array(clause.parameters)
        var fields: [PayloadField] = []
        var seen: Set<String> = []
        for (index, parameter) in parameters.enumerated() {
            let label = parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0 }
            let name: String
            if let label {
                name = label.text.trimmingBackticks
                if name == "type" {
                    log.error(
                        label, "payloadNamedType",
                        "The associated value label 'type' is reserved: the JSON encoding of '\(caseName)' uses \"type\" for the case name; rename the label"
                    )
                    continue
                }
            } else {
                name = parameters.count == 1 ? "value" : "_\(index)"
            }
            guard seen.insert(name).inserted else {
                log.error(
                    parameter, "duplicatePayloadName",
                    "Two associated values of '\(caseName)' are both encoded as \"\(name)\"; give them distinct labels")
                continue
            }
            switch TypeClassifier.classify(parameter.type) {
            case .failure(let unsupported):
                log.error(unsupported.node, "unsupportedType", unsupported.message)
            case .success(let shape):
                fields.append(PayloadField(label: label?.text, name: name, shape: shape))
            }
        }
        return fields
    }
}

extension String {
    /// The identifier without the backticks that escape keywords.
    var trimmingBackticks: String {
        guard count >= 2, hasPrefix("`"), hasSuffix("`") else { return self }
        return String(dropFirst().dropLast())
    }
}
