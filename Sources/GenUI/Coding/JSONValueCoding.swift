/// A JSON value carried through `Codable`: how ``GeneratedContent`` trees (a JSON Schema, generated content) are
/// written into and read from any encoder and decoder.
///
/// Objects keep their key order when written; a decoder may hand keys back in any order, so formats that need an
/// order record it themselves (a schema's `x-order`). ``ContentEncoder`` and ``ContentDecoder`` carry the value
/// whole, order included: the providers' wire types hold JSON Schemas and tool arguments this way.
@_spi(Reading) public struct JSONValueCoding: Codable, Sendable, Equatable {
    /// The value.
    public let content: GeneratedContent

    /// Wraps `content`.
    public init(_ content: GeneratedContent) { self.content = content }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads any JSON value.
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var properties: [(String, GeneratedContent)] = []
            for key in object.allKeys {
                properties.append((key.stringValue, try object.decode(JSONValueCoding.self, forKey: key).content))
            }
            content = GeneratedContent(orderedProperties: properties)
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [GeneratedContent] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValueCoding.self).content) }
            content = GeneratedContent(kind: .array(elements))
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            content = GeneratedContent(kind: .null)
        } else if let bool = try? single.decode(Bool.self) {
            content = GeneratedContent(kind: .bool(bool))
        } else if let number = try? single.decode(Double.self) {
            content = GeneratedContent(kind: .number(number))
        } else {
            content = GeneratedContent(kind: .string(try single.decode(String.self)))
        }
    }

    /// Writes the value, object keys in order.
    public func encode(to encoder: any Encoder) throws {
        switch content.kind {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .number(let value):
            var single = encoder.singleValueContainer()
            if value.rounded() == value, let whole = Int64(exactly: value) {
                try single.encode(whole)
            } else {
                try single.encode(value)
            }
        case .string(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(JSONValueCoding(element)) }
        case .structure(let properties, let keys):
            var object = encoder.container(keyedBy: Key.self)
            for key in keys {
                if let value = properties[key] {
                    try object.encode(JSONValueCoding(value), forKey: Key(stringValue: key))
                }
            }
        }
    }
}
