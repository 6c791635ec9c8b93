/// A structured value produced by a model: the Foundation Models `GeneratedContent`.
///
/// Content is a JSON value whose object properties keep the order they were generated in. Typed values are read
/// with ``value(_:)``, ``value(_:forProperty:)->Value`` and, for an optional property,
/// ``value(_:forProperty:)->Value?``; any failure is a ``GenUIError/decodingFailure(path:details:_:)`` naming the
/// property path as a JSON pointer.
public struct GeneratedContent: Sendable, Hashable {
    /// The shape of a value.
    public enum Kind: Sendable, Hashable {
        /// JSON `null`.
        case null
        /// A boolean.
        case bool(Bool)
        /// A number (JSON numbers are doubles; integers are exact up to 2^53).
        case number(Double)
        /// A string.
        case string(String)
        /// An ordered list.
        case array([GeneratedContent])
        /// An object; `orderedKeys` keeps the order the properties appeared in.
        case structure(properties: [String: GeneratedContent], orderedKeys: [String])
    }

    /// The value's shape and data.
    public var kind: Kind
    /// `false` for a value cut short while streaming: an unclosed string, array or object.
    public var isComplete: Bool
    /// An identity that stays the same while one response streams, when the content was given one.
    public var id: GenerationID?

    /// Creates content of the given kind.
    public init(kind: Kind, id: GenerationID? = nil, isComplete: Bool = true) {
        self.kind = kind
        self.id = id
        self.isComplete = isComplete
    }

    /// Creates content from a convertible value.
    public init(_ value: some ConvertibleToGeneratedContent) {
        self = value.generatedContent
    }

    /// Creates content from a convertible value, with an identity.
    public init(_ value: some ConvertibleToGeneratedContent, id: GenerationID) {
        self = value.generatedContent
        self.id = id
    }

    /// Creates an object from ordered key-value pairs; a repeated key keeps its last value.
    public init(properties: KeyValuePairs<String, any ConvertibleToGeneratedContent>, id: GenerationID? = nil) {
        var values: [String: GeneratedContent] = [:]
        var keys: [String] = []
        for (key, value) in properties {
            if values.updateValue(value.generatedContent, forKey: key) == nil { keys.append(key) }
        }
        self.init(kind: .structure(properties: values, orderedKeys: keys), id: id)
    }

    /// Creates an object from key-value pairs in order; `combine` decides the value of a repeated key from the one
    /// kept so far and the new one.
    public init<S: Sequence>(
        properties: S, id: GenerationID? = nil,
        uniquingKeysWith combine: (GeneratedContent, GeneratedContent) throws -> some ConvertibleToGeneratedContent
    ) rethrows where S.Element == (String, any ConvertibleToGeneratedContent) {
        var values: [String: GeneratedContent] = [:]
        var keys: [String] = []
        for (key, value) in properties {
            if let kept = values[key] {
                values[key] = try combine(kept, value.generatedContent).generatedContent
            } else {
                values[key] = value.generatedContent
                keys.append(key)
            }
        }
        self.init(kind: .structure(properties: values, orderedKeys: keys), id: id)
    }

    /// Creates an object from ordered `(key, content)` pairs; a repeated key keeps its last value.
    public init(orderedProperties: [(String, GeneratedContent)]) {
        var values: [String: GeneratedContent] = [:]
        var keys: [String] = []
        for (key, value) in orderedProperties {
            if values.updateValue(value, forKey: key) == nil { keys.append(key) }
        }
        self.init(kind: .structure(properties: values, orderedKeys: keys))
    }

    /// Creates an array from a sequence of convertible values.
    public init<S: Sequence>(elements: S, id: GenerationID? = nil)
    where S.Element == any ConvertibleToGeneratedContent {
        self.init(kind: .array(elements.map(\.generatedContent)), id: id)
    }

    /// Parses JSON text, as Foundation Models does: a complete document, or the beginning of one (a response still
    /// streaming), which gives content whose ``isComplete`` is `false`. Object key order is kept; text that cannot
    /// begin any JSON document is a decoding failure naming line and column. Code that needs a whole document uses
    /// ``JSONParser/parse(_:limits:duplicateKeys:)``.
    public init(json: String) throws(GenUIError) {
        do {
            self = try JSONParser.parse(json)
        } catch {
            // Only text that ended early is a beginning; anything wrong before its end stays an error.
            let endedEarly: Set<DecodingDetail.Code> = [
                .jsonUnexpectedEnd, .jsonUnterminatedString, .jsonUnexpectedEndInLiteral,
                .jsonUnterminatedUnicodeEscape,
            ]
            guard let code = error.context.underlying(DecodingDetail.self)?.code, endedEarly.contains(code),
                let partial = try? JSONParser.parsePartial(json), !partial.isComplete
            else { throw error }
            self = partial
        }
    }

    /// The value as compact JSON, object keys in their generated order.
    public var jsonString: String { JSONWriter.write(self) }

    /// The properties of an object in order, or `nil` when this is not an object.
    public var orderedProperties: [(key: String, value: GeneratedContent)]? {
        guard case .structure(let properties, let keys) = kind else { return nil }
        return keys.compactMap { key in properties[key].map { (key, $0) } }
    }

    /// The elements of an array, or `nil` when this is not an array.
    public var elements: [GeneratedContent]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    /// Reads the whole value as `type`.
    public func value<Value: ConvertibleFromGeneratedContent>(_ type: Value.Type = Value.self) throws -> Value {
        try Value(self)
    }

    /// Reads the property `name` of an object as `type`. A missing property or a value of the wrong shape is a
    /// decoding failure whose path names the property.
    public func value<Value: ConvertibleFromGeneratedContent>(
        _ type: Value.Type = Value.self, forProperty name: String
    ) throws -> Value {
        let properties = try objectProperties()
        guard let content = properties[name] else {
            throw GenUIError.decoding(JSONPointer.escape(name), "required property '\(name)' is missing")
        }
        return try Self.decoding(at: JSONPointer.escape(name)) { try Value(content) }
    }

    /// Reads the optional property `name`; a missing property or `null` gives `nil`.
    public func value<Value: ConvertibleFromGeneratedContent>(
        _ type: Value?.Type = Value?.self, forProperty name: String
    ) throws -> Value? {
        let properties = try objectProperties()
        guard let content = properties[name], content.kind != .null else { return nil }
        return try Self.decoding(at: JSONPointer.escape(name)) { try Value(content) }
    }

    /// Runs `body`, prefixing the path of any decoding failure it throws with `pointer`.
    public static func decoding<T>(at pointer: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as GenUIError {
            throw error.prefixingPath(pointer)
        }
    }

    private func objectProperties() throws -> [String: GeneratedContent] {
        guard case .structure(let properties, _) = kind else {
            throw GenUIError.decoding("", "expected an object, found \(kindName)")
        }
        return properties
    }

    /// A short name for the value's shape ("string", "object", ...), for error messages.
    public var kindName: String {
        switch kind {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .structure: "object"
        }
    }
}

extension GeneratedContent: CustomDebugStringConvertible {
    public var debugDescription: String { jsonString }
}

/// Builds JSON pointers (RFC 6901) for error paths.
public enum JSONPointer {
    /// Escapes one reference token and prefixes it with "/".
    public static func escape(_ token: String) -> String {
        "/" + token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The pointer token for an array index.
    public static func index(_ index: Int) -> String { "/\(index)" }
}
