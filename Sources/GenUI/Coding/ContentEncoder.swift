/// Writes `Encodable` values as ``GeneratedContent`` trees, keeping the order in which a type encodes its keys.
///
/// The HTTP providers describe their request bodies as `Encodable` types and send what this encoder gives, written by
/// ``GeneratedContent/jsonString``: object keys stay in their declared order (a JSON Schema's `properties` keep the
/// order the model generates them in) and numbers are written as the rest of genui writes them. A ``JSONValueCoding``
/// inside a value is copied into the tree as it is. Optional properties that are `nil` are left out; `encodeNil`
/// writes `null`.
@_spi(Reading) public struct ContentEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// The tree `value` encodes to.
    public func content(of value: some Encodable) throws -> GeneratedContent {
        let slot = EncodedSlot()
        try EncodingTarget(slot: slot, codingPath: []).encodeValue(value)
        return slot.resolved
    }

    /// `value` as compact JSON text, keys in their encoded order.
    public func json(of value: some Encodable) throws -> String { try content(of: value).jsonString }
}

/// One place in the tree under construction.
private final class EncodedSlot {
    enum State {
        case empty
        case value(GeneratedContent)
        case object([(key: String, slot: EncodedSlot)])
        case array([EncodedSlot])
    }

    var state: State = .empty

    /// The finished value: an untouched slot is `null`.
    var resolved: GeneratedContent {
        switch state {
        case .empty: GeneratedContent(kind: .null)
        case .value(let content): content
        case .object(let pairs): GeneratedContent(orderedProperties: pairs.map { ($0.key, $0.slot.resolved) })
        case .array(let slots): GeneratedContent(kind: .array(slots.map(\.resolved)))
        }
    }

    /// The slot for `key` in an object (made an object if it is not one yet); encoding a key twice keeps the last.
    func child(forKey key: String) -> EncodedSlot {
        var pairs: [(key: String, slot: EncodedSlot)] = []
        if case .object(let existing) = state { pairs = existing }
        if let found = pairs.first(where: { $0.key == key }) {
            found.slot.state = .empty
            return found.slot
        }
        let slot = EncodedSlot()
        pairs.append((key, slot))
        state = .object(pairs)
        return slot
    }

    /// A new element at the end of an array (made an array if it is not one yet).
    func appendElement() -> EncodedSlot {
        var slots: [EncodedSlot] = []
        if case .array(let existing) = state { slots = existing }
        let slot = EncodedSlot()
        slots.append(slot)
        state = .array(slots)
        return slot
    }

    func makeObject() { if case .object = state {} else { state = .object([]) } }
    func makeArray() { if case .array = state {} else { state = .array([]) } }

    var count: Int {
        if case .array(let slots) = state { return slots.count }
        return 0
    }
}

/// The `Encoder` handed to each value: it writes into one slot.
private struct EncodingTarget: Encoder {
    let slot: EncodedSlot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.makeObject()
        return KeyedEncodingContainer(KeyedTarget<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.makeArray()
        return UnkeyedTarget(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleTarget(slot: slot, codingPath: codingPath) }

    /// Encodes `value` into the slot: JSON values are copied, scalars written, anything else asked to encode itself.
    func encodeValue(_ value: some Encodable) throws {
        if let json = value as? JSONValueCoding {
            slot.state = .value(json.content)
        } else if let scalar = EncodingTarget.scalar(value) {
            slot.state = .value(scalar)
        } else {
            try value.encode(to: self)
        }
    }

    /// The tree of a value the standard library encodes as a JSON scalar.
    static func scalar(_ value: Any) -> GeneratedContent? {
        switch value {
        case let text as String: GeneratedContent(kind: .string(text))
        case let flag as Bool: GeneratedContent(kind: .bool(flag))
        case let number as Double: GeneratedContent(kind: .number(number))
        case let number as Float: GeneratedContent(kind: .number(Double(number)))
        case let number as Int: GeneratedContent(kind: .number(Double(number)))
        case let number as Int64: GeneratedContent(kind: .number(Double(number)))
        case let number as Int32: GeneratedContent(kind: .number(Double(number)))
        case let number as UInt: GeneratedContent(kind: .number(Double(number)))
        case let number as UInt64: GeneratedContent(kind: .number(Double(number)))
        case let number as UInt32: GeneratedContent(kind: .number(Double(number)))
        case let number as Int16: GeneratedContent(kind: .number(Double(number)))
        case let number as Int8: GeneratedContent(kind: .number(Double(number)))
        case let number as UInt16: GeneratedContent(kind: .number(Double(number)))
        case let number as UInt8: GeneratedContent(kind: .number(Double(number)))
        default: nil
        }
    }
}

private struct KeyedTarget<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: EncodedSlot
    let codingPath: [any CodingKey]

    func encodeNil(forKey key: Key) throws {
        slot.child(forKey: key.stringValue).state = .value(GeneratedContent(kind: .null))
    }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try put(value, forKey: key) }

    // Scalars take the generic path, which writes them as JSON scalars.
    func encode(_ value: Bool, forKey key: Key) throws { try put(value, forKey: key) }
    func encode(_ value: String, forKey key: Key) throws { try put(value, forKey: key) }
    func encode(_ value: Double, forKey key: Key) throws { try put(value, forKey: key) }
    func encode(_ value: Float, forKey key: Key) throws { try put(value, forKey: key) }
    func encode(_ value: Int, forKey key: Key) throws { try put(value, forKey: key) }
    func encode(_ value: Int8, forKey key: Key) throws { try put(value, forKey: key) }
    func encode(_ value: Int16, forKey key: Key) throws { try put(value, forKey: key) }
    func encode(_ value: Int32, forKey key: Key) throws { try put(value, forKey: key) }
    func encode(_ value: Int64, forKey key: Key) throws { try put(value, forKey: key) }
    func encode(_ value: UInt, forKey key: Key) throws { try put(value, forKey: key) }
    func encode(_ value: UInt8, forKey key: Key) throws { try put(value, forKey: key) }
    func encode(_ value: UInt16, forKey key: Key) throws { try put(value, forKey: key) }
    func encode(_ value: UInt32, forKey key: Key) throws { try put(value, forKey: key) }
    func encode(_ value: UInt64, forKey key: Key) throws { try put(value, forKey: key) }

    private func put(_ value: some Encodable, forKey key: Key) throws {
        try EncodingTarget(slot: slot.child(forKey: key.stringValue), codingPath: codingPath + [key]).encodeValue(value)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = slot.child(forKey: key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(KeyedTarget<NestedKey>(slot: child, codingPath: codingPath + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = slot.child(forKey: key.stringValue)
        child.makeArray()
        return UnkeyedTarget(slot: child, codingPath: codingPath + [key])
    }

    func superEncoder() -> any Encoder { EncodingTarget(slot: slot.child(forKey: "super"), codingPath: codingPath) }

    func superEncoder(forKey key: Key) -> any Encoder {
        EncodingTarget(slot: slot.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedTarget: UnkeyedEncodingContainer {
    let slot: EncodedSlot
    let codingPath: [any CodingKey]
    var count: Int { slot.count }

    func encodeNil() throws { slot.appendElement().state = .value(GeneratedContent(kind: .null)) }

    func encode<T: Encodable>(_ value: T) throws { try put(value) }

    private func put(_ value: some Encodable) throws {
        try EncodingTarget(slot: slot.appendElement(), codingPath: codingPath).encodeValue(value)
    }

    func encode(_ value: Bool) throws { try put(value) }
    func encode(_ value: String) throws { try put(value) }
    func encode(_ value: Double) throws { try put(value) }
    func encode(_ value: Float) throws { try put(value) }
    func encode(_ value: Int) throws { try put(value) }
    func encode(_ value: Int8) throws { try put(value) }
    func encode(_ value: Int16) throws { try put(value) }
    func encode(_ value: Int32) throws { try put(value) }
    func encode(_ value: Int64) throws { try put(value) }
    func encode(_ value: UInt) throws { try put(value) }
    func encode(_ value: UInt8) throws { try put(value) }
    func encode(_ value: UInt16) throws { try put(value) }
    func encode(_ value: UInt32) throws { try put(value) }
    func encode(_ value: UInt64) throws { try put(value) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = slot.appendElement()
        child.makeObject()
        return KeyedEncodingContainer(KeyedTarget<NestedKey>(slot: child, codingPath: codingPath))
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = slot.appendElement()
        child.makeArray()
        return UnkeyedTarget(slot: child, codingPath: codingPath)
    }

    func superEncoder() -> any Encoder { EncodingTarget(slot: slot.appendElement(), codingPath: codingPath) }
}

private struct SingleTarget: SingleValueEncodingContainer {
    let slot: EncodedSlot
    let codingPath: [any CodingKey]

    func encodeNil() throws { slot.state = .value(GeneratedContent(kind: .null)) }

    func encode<T: Encodable>(_ value: T) throws { try put(value) }

    private func put(_ value: some Encodable) throws {
        try EncodingTarget(slot: slot, codingPath: codingPath).encodeValue(value)
    }

    func encode(_ value: Bool) throws { try put(value) }
    func encode(_ value: String) throws { try put(value) }
    func encode(_ value: Double) throws { try put(value) }
    func encode(_ value: Float) throws { try put(value) }
    func encode(_ value: Int) throws { try put(value) }
    func encode(_ value: Int8) throws { try put(value) }
    func encode(_ value: Int16) throws { try put(value) }
    func encode(_ value: Int32) throws { try put(value) }
    func encode(_ value: Int64) throws { try put(value) }
    func encode(_ value: UInt) throws { try put(value) }
    func encode(_ value: UInt8) throws { try put(value) }
    func encode(_ value: UInt16) throws { try put(value) }
    func encode(_ value: UInt32) throws { try put(value) }
    func encode(_ value: UInt64) throws { try put(value) }
}
