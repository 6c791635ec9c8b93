import SwiftSyntax

/// What a property's type is, as far as the syntax tells: the basis of the schema, the decoding code and the
/// guide checks. Types the syntax cannot classify are assumed to be `Generable`.
indirect enum TypeShape {
    /// A scalar the core makes `Generable`.
    case scalar(Scalar, TypeSyntax)
    /// `T?` or `Optional<T>`.
    case optional(TypeShape, TypeSyntax)
    /// `[T]` or `Array<T>`.
    case array(TypeShape, TypeSyntax)
    /// Any other named type, assumed to be `Generable` (the compiler checks the conformance).
    case named(TypeSyntax)

    /// The scalars with built-in conformances.
    enum Scalar {
        case string, integer, number, boolean
    }

    /// The type as written.
    var syntax: TypeSyntax {
        switch self {
        case .scalar(_, let type), .optional(_, let type), .array(_, let type), .named(let type): type
        }
    }

    /// The shape without one level of optionality.
    var unwrapped: TypeShape {
        if case .optional(let wrapped, _) = self { return wrapped }
        return self
    }

    /// Whether the shape refers to the type named `name` (or to `Self`), which would make its schema infinite.
    func refers(to name: String) -> Bool {
        switch self {
        case .scalar: false
        case .optional(let inner, _), .array(let inner, _): inner.refers(to: name)
        case .named(let type):
            [name, "Self"].contains(type.trimmedDescription.split(separator: ".").last.map(String.init) ?? "")
        }
    }

    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type a snapshot holds for a value of this type (before the optional every snapshot property adds).
    var partialType: String {
        switch self {
        case .scalar(_, let type): type.trimmedDescription
        case .optional(let wrapped, _): wrapped.partialType + "?"
        case .array(let element, _): "[\(element.partialType)]"
        case .named(let type): "\(type.trimmedDescription).PartiallyGenerated"
        }
    }

    /// The type written so that `.self` can follow it.
    var metatypeBase: String {
        let text = syntax.trimmedDescription
        switch syntax.as(TypeSyntaxEnum.self) {
        case .identifierType, .memberType, .arrayType, .optionalType: return text
        default: return "(\(text))"
        }
    }

    /// A short description for messages ("a String", "an array").
    var kindDescription: String {
        switch unwrapped {
        case .scalar(.string, _): "a String"
        case .scalar(.integer, _), .scalar(.number, _): "a number"
        case .scalar(.boolean, _): "a Bool"
        case .array: "an array"
        case .optional: "an optional"
        case .named(let type): "of type '\(type.trimmedDescription)'"
        }
    }
}

/// Why a type cannot be generated.
struct UnsupportedType: Error {
    let node: Syntax
    let message: String
}

enum TypeClassifier {
    private static let scalars: [String: TypeShape.Scalar] = [
        "String": .string, "Int": .integer, "Double": .number, "Float": .number, "Decimal": .number, "Bool": .boolean,
    ]

    /// Types that are clearly not `Generable`, with what to use instead.
    private static let unsupported: [String: String] = [
        "Date": "store it as a String (ISO 8601) or a Double",
        "URL": "store it as a String",
        "Data": "store it as a String",
        "UUID": "store it as a String",
        "Character": "use a String",
        "Substring": "use a String",
        "Set": "use an array",
        "Dictionary": "use an array of a @Generable struct with key and value properties",
        "Int8": "use Int", "Int16": "use Int", "Int32": "use Int", "Int64": "use Int",
        "UInt": "use Int", "UInt8": "use Int", "UInt16": "use Int", "UInt32": "use Int", "UInt64": "use Int",
        "CGFloat": "use Double", "Float16": "use Float", "Float80": "use Double",
        "Any": "use a concrete @Generable type", "AnyObject": "use a concrete @Generable type",
        "Void": "remove the property", "Never": "remove the property",
    ]

    private static let listOfSupported =
        "String, Int, Double, Float, Decimal, Bool, an optional, an array or a @Generable type"

    static func classify(_ type: TypeSyntax) -> Result<TypeShape, UnsupportedType> {
        func reject(_ node: some SyntaxProtocol, _ what: String, _ hint: String) -> Result<TypeShape, UnsupportedType> {
            .failure(
                UnsupportedType(
                    node: Syntax(node),
                    message: "\(what) cannot be generated; \(hint) (supported: \(listOfSupported))"))
        }
        switch type.as(TypeSyntaxEnum.self) {
        case .identifierType(let identifier):
            return classifyNamed(identifier.name.text, arguments: identifier.genericArgumentClause, type: type)
        case .memberType(let member):
            let base = member.baseType.trimmedDescription
            if base == "Swift" || base == "Foundation" {
                return classifyNamed(member.name.text, arguments: member.genericArgumentClause, type: type)
            }
            return .success(.named(type))
        case .optionalType(let optional):
            return classify(optional.wrappedType).flatMap { wrapped in
                if wrapped.isOptional { return reject(type, "A nested optional", "use a single optional") }
                return .success(.optional(wrapped, type))
            }
        case .implicitlyUnwrappedOptionalType:
            return reject(type, "An implicitly unwrapped optional", "use '?' instead of '!'")
        case .arrayType(let array):
            return classify(array.element).map { .array($0, type) }
        case .dictionaryType:
            return reject(type, "A dictionary", "use an array of a @Generable struct with key and value properties")
        case .tupleType(let tuple):
            if tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil {
                return classify(only.type)
            }
            return reject(type, "A tuple", "use a @Generable struct")
        case .functionType:
            return reject(type, "A function", "remove the property or make it computed")
        case .attributedType(let attributed):
            return classify(attributed.baseType)
        case .someOrAnyType:
            return reject(type, "An opaque or existential type", "use a concrete @Generable type")
        case .compositionType:
            return reject(type, "A protocol composition", "use a concrete @Generable type")
        case .metatypeType:
            return reject(type, "A metatype", "remove the property")
        default:
            return .success(.named(type))
        }
    }

    private static func classifyNamed(
        _ name: String, arguments: GenericArgumentClauseSyntax?, type: TypeSyntax
    ) -> Result<TypeShape, UnsupportedType> {
        if let scalar = scalars[name], arguments == nil { return .success(.scalar(scalar, type)) }
        if let hint = unsupported[name] {
            return .failure(
                UnsupportedType(
                    node: Syntax(type),
                    message: "'\(type.trimmedDescription)' cannot be generated; \(hint) (supported: \(listOfSupported))"
                ))
        }
        if name == "Optional" || name == "Array", let argument = singleTypeArgument(arguments) {
            return classify(argument).flatMap { inner in
                if name == "Array" { return .success(.array(inner, type)) }
                if inner.isOptional {
                    return .failure(
                        UnsupportedType(
                            node: Syntax(type), message: "A nested optional cannot be generated; use a single optional")
                    )
                }
                return .success(.optional(inner, type))
            }
        }
        return .success(.named(type))
    }

    private static func singleTypeArgument(_ clause: GenericArgumentClauseSyntax?) -> TypeSyntax? {
        guard let clause, clause.arguments.count == 1, let argument = clause.arguments.first else { return nil }
        if case .type(let type) = argument.argument { return type }
        return nil
    }
}
