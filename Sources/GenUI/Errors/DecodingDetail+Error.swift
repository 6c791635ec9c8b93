/// A decoding problem is what a decoding failure came from: ``GenUIError/decoding(_:_:)-(String,DecodingDetail)``
/// carries it among the error's ``GenUIError/Context/underlyingErrors``, and a failed route step keeps it
/// (``RouteTrace/Failure/decodingFailure(path:detail:)``), so the failure is worded from its code rather than read back
/// from its English.
extension DecodingDetail: Error {}

extension DecodingDetail: Codable {
    private enum CodingKeys: String, CodingKey { case code, arguments }

    /// One argument as JSON: `{"data": "x"}`, `{"integer": 3}`, `{"number": 2.5}` or `{"kind": "number"}`.
    private enum ArgumentKeys: String, CodingKey { case data, integer, number, kind }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let code = try container.decode(Code.self, forKey: .code)
        var arguments: [String: Argument] = [:]
        let values = try container.nestedContainer(keyedBy: AnyKey.self, forKey: .arguments)
        for key in values.allKeys {
            let value = try values.nestedContainer(keyedBy: ArgumentKeys.self, forKey: key)
            if let text = try value.decodeIfPresent(String.self, forKey: .data) {
                arguments[key.stringValue] = .data(text)
            } else if let integer = try value.decodeIfPresent(Int.self, forKey: .integer) {
                arguments[key.stringValue] = .integer(integer)
            } else if let number = try value.decodeIfPresent(Double.self, forKey: .number) {
                arguments[key.stringValue] = .number(number)
            } else {
                arguments[key.stringValue] = .kind(try value.decode(Kind.self, forKey: .kind))
            }
        }
        self.init(code, arguments)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        var values = container.nestedContainer(keyedBy: AnyKey.self, forKey: .arguments)
        for (name, argument) in arguments.sorted(by: { $0.key < $1.key }) {
            var value = values.nestedContainer(keyedBy: ArgumentKeys.self, forKey: AnyKey(name))
            switch argument {
            case .data(let text): try value.encode(text, forKey: .data)
            case .integer(let integer): try value.encode(integer, forKey: .integer)
            case .number(let number): try value.encode(number, forKey: .number)
            case .kind(let kind): try value.encode(kind, forKey: .kind)
            }
        }
    }

    /// A coding key for an argument's name.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension DecodingDetail.Code: Codable {}
extension DecodingDetail.Kind: Codable {}
