/// Reads `Decodable` values from ``GeneratedContent`` trees (a server's JSON parsed by ``JSONParser``, which keeps
/// object key order and bounds what it reads).
///
/// Required properties must be present with the expected shape; a failure is a `DecodingError` whose
/// ``ContentDecoder/describe(_:)`` names the JSON pointer, what was expected and what was found. Optional properties
/// are read loosely, as a server's answers are: a property that is missing, `null` or of another shape reads as
/// absent. A ``JSONValueCoding`` takes its value whole, key order included. Integers must be whole numbers in range.
@_spi(Reading) public struct ContentDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// `type` read from `content`.
    public func decode<T: Decodable>(_ type: T.Type, from content: GeneratedContent) throws -> T {
        try DecodingSource(content: content, codingPath: []).decodeValue(type)
    }

    /// A one-line account of a decoding failure: where (a JSON pointer), what was expected and what was found.
    public static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing \(key.stringValue) at \(pointer(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription) at \(pointer(context.codingPath))"
        @unknown default:
            return "\(error)"
        }
    }

    /// The JSON pointer of a coding path ("" for the whole value).
    static func pointer(_ path: [any CodingKey]) -> String {
        let tokens = path.map { key in key.intValue.map(JSONPointer.index) ?? JSONPointer.escape(key.stringValue) }
        return tokens.isEmpty ? "/" : tokens.joined()
    }
}

/// The `Decoder` handed to each value: one node of the tree and its path.
private struct DecodingSource: Decoder {
    let content: GeneratedContent
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .structure(let properties, let keys) = content.kind else { throw mismatch("an object") }
        return KeyedDecodingContainer(KeyedSource<Key>(properties: properties, keys: keys, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let elements = content.elements else { throw mismatch("an array") }
        return UnkeyedSource(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleSource(source: self) }

    func mismatch(_ expected: String) -> DecodingError {
        .typeMismatch(
            Any.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(content.kindName)")
        )
    }

    /// `type` read from this node: JSON values whole, scalars by their JSON kind, anything else by its own reading.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if type == JSONValueCoding.self, let value = JSONValueCoding(content) as? T { return value }
        if let scalar = try scalar(type) { return scalar }
        return try T(from: self)
    }

    /// `type` when it is one of the standard library's scalars, else `nil`.
    func scalar<T>(_ type: T.Type) throws -> T? {
        if type == String.self {
            guard let text = content.stringValue else { throw mismatch("a string") }
            return text as? T
        }
        if type == Bool.self {
            guard let flag = content.boolValue else { throw mismatch("a boolean") }
            return flag as? T
        }
        if type == Double.self { return try number() as? T }
        if type == Float.self { return Float(try number()) as? T }
        if type == Int.self { return try integer(Int.self) as? T }
        if type == Int64.self { return try integer(Int64.self) as? T }
        if type == Int32.self { return try integer(Int32.self) as? T }
        if type == UInt.self { return try integer(UInt.self) as? T }
        if type == UInt64.self { return try integer(UInt64.self) as? T }
        if type == UInt32.self { return try integer(UInt32.self) as? T }
        if type == Int16.self { return try integer(Int16.self) as? T }
        if type == Int8.self { return try integer(Int8.self) as? T }
        if type == UInt16.self { return try integer(UInt16.self) as? T }
        if type == UInt8.self { return try integer(UInt8.self) as? T }
        return nil
    }

    func number() throws -> Double {
        guard let number = content.numberValue else { throw mismatch("a number") }
        return number
    }

    func integer<I: BinaryInteger>(_ type: I.Type) throws -> I {
        let number = try number()
        guard number.rounded() == number, let value = I(exactly: number) else {
            throw mismatch("a whole number in range")
        }
        return value
    }
}

private struct KeyedSource<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let properties: [String: GeneratedContent]
    let keys: [String]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { properties[key.stringValue] != nil }

    func source(_ key: Key) throws -> DecodingSource {
        guard let content = properties[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "missing \(key.stringValue)"))
        }
        return DecodingSource(content: content, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { properties[key.stringValue].map { $0.kind == .null } ?? true }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try source(key).decodeValue(type) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try source(key).decodeValue(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try source(key).decodeValue(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try source(key).decodeValue(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try source(key).decodeValue(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try source(key).decodeValue(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try source(key).decodeValue(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try source(key).decodeValue(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try source(key).decodeValue(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try source(key).decodeValue(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try source(key).decodeValue(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try source(key).decodeValue(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try source(key).decodeValue(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try source(key).decodeValue(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try source(key).decodeValue(type) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { loose(type, key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { loose(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { loose(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { loose(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { loose(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { loose(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { loose(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { loose(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { loose(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { loose(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { loose(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { loose(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { loose(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { loose(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { loose(type, key) }

    /// An optional property: absent when missing, `null` or not readable as `type`.
    private func loose<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        guard let content = properties[key.stringValue], content.kind != .null else { return nil }
        return try? DecodingSource(content: content, codingPath: codingPath + [key]).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try source(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try source(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        DecodingSource(content: properties["super"] ?? GeneratedContent(kind: .null), codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try source(key) }
}

private struct UnkeyedSource: UnkeyedDecodingContainer {
    let elements: [GeneratedContent]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(elements: [GeneratedContent], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private struct Index: CodingKey {
        let intValue: Int?
        var stringValue: String { intValue.map(String.init) ?? "" }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    mutating func next() throws -> DecodingSource {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: codingPath, debugDescription: "expected another element"))
        }
        defer { currentIndex += 1 }
        return DecodingSource(content: elements[currentIndex], codingPath: codingPath + [Index(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].kind == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decodeValue(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().decodeValue(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decodeValue(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decodeValue(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decodeValue(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decodeValue(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decodeValue(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decodeValue(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decodeValue(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decodeValue(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decodeValue(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decodeValue(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decodeValue(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct SingleSource: SingleValueDecodingContainer {
    let source: DecodingSource
    var codingPath: [any CodingKey] { source.codingPath }

    func decodeNil() -> Bool { source.content.kind == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try source.decodeValue(type) }
    func decode(_ type: Bool.Type) throws -> Bool { try source.decodeValue(type) }
    func decode(_ type: String.Type) throws -> String { try source.decodeValue(type) }
    func decode(_ type: Double.Type) throws -> Double { try source.decodeValue(type) }
    func decode(_ type: Float.Type) throws -> Float { try source.decodeValue(type) }
    func decode(_ type: Int.Type) throws -> Int { try source.decodeValue(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try source.decodeValue(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try source.decodeValue(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try source.decodeValue(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try source.decodeValue(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try source.decodeValue(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try source.decodeValue(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try source.decodeValue(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try source.decodeValue(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try source.decodeValue(type) }
}
