/// A type that can be created from ``GeneratedContent``.
public protocol ConvertibleFromGeneratedContent: SendableMetatype {
    /// Creates a value from generated content, throwing a decoding failure (with the property path) when the
    /// content does not have the expected shape.
    init(_ content: GeneratedContent) throws
}

/// A type that can be turned into ``GeneratedContent``.
public protocol ConvertibleToGeneratedContent: InstructionsRepresentable, PromptRepresentable {
    /// The value as generated content.
    var generatedContent: GeneratedContent { get }
}

extension ConvertibleToGeneratedContent {
    /// The value as a prompt: one structured segment holding its content, named after its type, which the model
    /// reads as JSON. A tool may return such a value as its output.
    public var promptRepresentation: Prompt {
        return Prompt(segments: [.structure(.init(source: String(describing: Self.self), content: generatedContent))])
    }

    /// The value as instructions: its content as JSON.
    public var instructionsRepresentation: Instructions {
        return Instructions(text: generatedContent.jsonString)
    }
}

/// A type a model can generate: it has a schema and converts to and from ``GeneratedContent``.
///
/// Conform by hand or with the `@Generable` macro, which writes exactly these members.
public protocol Generable: ConvertibleFromGeneratedContent, ConvertibleToGeneratedContent {
    /// The type used for snapshots while a response streams: every property optional.
    associatedtype PartiallyGenerated: ConvertibleFromGeneratedContent = Self
    /// The schema that constrains generation of this type.
    static var generationSchema: GenerationSchema { get }
}

extension Generable {
    /// The value as a partially generated snapshot (every property present).
    ///
    /// Never traps on a value: when ``Generable/PartiallyGenerated`` cannot read the complete value (a hand-written
    /// conformance whose two initialisers disagree, an `Int` too large for a JSON number), the snapshot is the best
    /// it can read — the value with each unreadable part left out, as while streaming (see
    /// ``partiallyGenerated()``). Only a `PartiallyGenerated` that rejects every JSON value, even an empty
    /// incomplete object, has no snapshot at all: that is a defect of the conformance, reported as such.
    public func asPartiallyGenerated() -> PartiallyGenerated {
        do {
            return try partiallyGenerated()
        } catch {
            preconditionFailure("\(PartiallyGenerated.self) accepts no content at all, so it has no snapshot: \(error)")
        }
    }

    /// The value as a partially generated snapshot, or the decoding failure of the last reading tried.
    ///
    /// Tries, in order: the value itself when it is its own `PartiallyGenerated`; its complete content; its content
    /// marked incomplete, which partial decoding reads leaving out what it cannot read; and an empty incomplete
    /// object, array, string or `null`.
    public func partiallyGenerated() throws -> PartiallyGenerated {
        if let same = self as? PartiallyGenerated { return same }
        let content = generatedContent
        if let whole = try? PartiallyGenerated(content) { return whole }
        var lastError: any Error = GenUIError.decoding("", "no reading of the content succeeded")
        let candidates: [GeneratedContent] = [
            content.markedIncomplete(),
            GeneratedContent(kind: .structure(properties: [:], orderedKeys: []), isComplete: false),
            GeneratedContent(kind: .array([]), isComplete: false),
            GeneratedContent(kind: .string(""), isComplete: false),
            GeneratedContent(kind: .null, isComplete: false),
        ]
        for candidate in candidates {
            do {
                return try PartiallyGenerated(candidate)
            } catch {
                lastError = error
            }
        }
        throw lastError
    }
}

extension GeneratedContent {
    /// The same value with it and every value inside it marked incomplete, as a snapshot taken mid-stream is.
    func markedIncomplete() -> GeneratedContent {
        switch kind {
        case .array(let elements):
            return GeneratedContent(kind: .array(elements.map { $0.markedIncomplete() }), isComplete: false)
        case .structure(let properties, let keys):
            return GeneratedContent(
                kind: .structure(properties: properties.mapValues { $0.markedIncomplete() }, orderedKeys: keys),
                isComplete: false)
        default:
            return GeneratedContent(kind: kind, isComplete: false)
        }
    }
}

extension GeneratedContent: Generable {
    public init(_ content: GeneratedContent) throws { self = content }
    public var generatedContent: GeneratedContent { self }
    /// Any JSON value.
    public static var generationSchema: GenerationSchema { GenerationSchema(node: .any, name: "GeneratedContent") }
}

extension String: Generable {
    public init(_ content: GeneratedContent) throws {
        guard case .string(let value) = content.kind else {
            throw GenUIError.decoding("", "expected a string, found \(content.kindName)")
        }
        self = value
    }
    public var generatedContent: GeneratedContent { GeneratedContent(kind: .string(self)) }
    public static var generationSchema: GenerationSchema { GenerationSchema(node: .string(.init()), name: "String") }
}

extension Bool: Generable {
    public init(_ content: GeneratedContent) throws {
        guard case .bool(let value) = content.kind else {
            throw GenUIError.decoding("", "expected a boolean, found \(content.kindName)")
        }
        self = value
    }
    public var generatedContent: GeneratedContent { GeneratedContent(kind: .bool(self)) }
    public static var generationSchema: GenerationSchema { GenerationSchema(node: .boolean, name: "Bool") }
}

extension Int: Generable {
    public init(_ content: GeneratedContent) throws {
        let number = try Double.number(from: content)
        guard number.rounded() == number, let exact = Int(exactly: number) else {
            throw GenUIError.decoding("", "expected an integer, found \(JSONWriter.format(number))")
        }
        self = exact
    }
    public var generatedContent: GeneratedContent { GeneratedContent(kind: .number(Double(self))) }
    public static var generationSchema: GenerationSchema { GenerationSchema(node: .integer(.init()), name: "Int") }
}

extension Double: Generable {
    public init(_ content: GeneratedContent) throws { self = try Double.number(from: content) }
    public var generatedContent: GeneratedContent { GeneratedContent(kind: .number(self)) }
    public static var generationSchema: GenerationSchema { GenerationSchema(node: .number(.init()), name: "Double") }

    static func number(from content: GeneratedContent) throws -> Double {
        guard case .number(let value) = content.kind else {
            throw GenUIError.decoding("", "expected a number, found \(content.kindName)")
        }
        return value
    }
}

extension Float: Generable {
    public init(_ content: GeneratedContent) throws { self = Float(try Double.number(from: content)) }
    public var generatedContent: GeneratedContent { GeneratedContent(kind: .number(Double(self))) }
    public static var generationSchema: GenerationSchema { GenerationSchema(node: .number(.init()), name: "Float") }
}

extension Array: Generable where Element: Generable {
    public typealias PartiallyGenerated = [Element.PartiallyGenerated]

    public static var generationSchema: GenerationSchema {
        let items = Element.generationSchema
        return GenerationSchema(
            node: .array(.init(items: items.root)), name: "Array", definitions: items.definitions)
    }
}

extension Array: PromptRepresentable, InstructionsRepresentable where Element: ConvertibleToGeneratedContent {}

extension Array: ConvertibleToGeneratedContent where Element: ConvertibleToGeneratedContent {
    public var generatedContent: GeneratedContent { GeneratedContent(kind: .array(map(\.generatedContent))) }
}

extension Array: ConvertibleFromGeneratedContent where Element: ConvertibleFromGeneratedContent {
    public init(_ content: GeneratedContent) throws {
        guard case .array(let elements) = content.kind else {
            throw GenUIError.decoding("", "expected an array, found \(content.kindName)")
        }
        self = try elements.enumerated().map { index, element in
            try GeneratedContent.decoding(at: JSONPointer.index(index)) { try Element(element) }
        }
    }
}

/// Marks `Optional` so schemas can tell optional properties apart.
protocol OptionalGenerable {
    static var wrappedSchema: GenerationSchema { get }
}

extension Optional: Generable, OptionalGenerable where Wrapped: Generable {
    /// As in Foundation Models, the wrapped type's snapshot type itself: a snapshot's properties are optional already.
    public typealias PartiallyGenerated = Wrapped.PartiallyGenerated

    public static var generationSchema: GenerationSchema { Wrapped.generationSchema }
    static var wrappedSchema: GenerationSchema { Wrapped.generationSchema }
}

extension Optional: PromptRepresentable, InstructionsRepresentable where Wrapped: ConvertibleToGeneratedContent {}

extension Optional: ConvertibleToGeneratedContent where Wrapped: ConvertibleToGeneratedContent {
    public var generatedContent: GeneratedContent { self?.generatedContent ?? GeneratedContent(kind: .null) }
}

extension Optional: ConvertibleFromGeneratedContent where Wrapped: ConvertibleFromGeneratedContent {
    public init(_ content: GeneratedContent) throws {
        if case .null = content.kind {
            self = nil
        } else {
            self = try Wrapped(content)
        }
    }
}
