@_spi(Reading) import GenUI
import GenUITestSupport
import Testing

/// The coders the providers' wire types go through: key order kept, `nil` left out, optional fields read loosely and
/// required ones reported with their JSON pointer.
@Suite("Wire coding through GeneratedContent", .tags(.unit))
struct ContentCodingTests {
    struct Body: Codable, Equatable {
        struct Inner: Codable, Equatable {
            var zeta: Int
            var alpha: String?
        }

        var model: String
        var stream: Bool
        var temperature: Double?
        var schema: JSONValueCoding?
        var items: [Inner]
        var seed: UInt64?
    }

    @Test("encoding keeps the declared key order and a JSON value's own order, and leaves nil properties out")
    func encodingOrder() throws {
        let schema = try GeneratedContent(
            json: #"{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"number"}}}"#)
        let body = Body(
            model: "m", stream: true, temperature: nil, schema: JSONValueCoding(schema),
            items: [.init(zeta: 2, alpha: nil), .init(zeta: 3, alpha: "x")], seed: 42)
        let json = try ContentEncoder().json(of: body)
        #expect(
            json
                == #"{"model":"m","stream":true,"schema":{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"number"}}},"items":[{"zeta":2},{"zeta":3,"alpha":"x"}],"seed":42}"#
        )
        #expect(try ContentDecoder().decode(Body.self, from: GeneratedContent(json: json)) == body)
    }

    @Test("an explicit encodeNil writes null")
    func explicitNull() throws {
        struct Message: Encodable {
            var content: String?
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(content, forKey: .content)
            }
            enum CodingKeys: CodingKey { case content }
        }
        #expect(try ContentEncoder().json(of: Message(content: nil)) == #"{"content":null}"#)
    }

    @Test("optional fields that are null or of another shape read as absent; required ones name their pointer")
    func looseOptionalsStrictRequired() throws {
        let loose = try ContentDecoder().decode(
            Body.self,
            from: GeneratedContent(
                json: #"{"model":"m","stream":false,"temperature":"hot","seed":-1,"items":[{"zeta":1,"alpha":7}]}"#))
        #expect(loose.temperature == nil && loose.seed == nil && loose.items == [.init(zeta: 1, alpha: nil)])

        do {
            _ = try ContentDecoder().decode(
                Body.self, from: GeneratedContent(json: #"{"model":"m","stream":false,"items":[{"zeta":1.5}]}"#))
            Issue.record("a fractional integer decoded")
        } catch {
            #expect(ContentDecoder.describe(error) == "expected a whole number in range, found number at /items/0/zeta")
        }
        do {
            _ = try ContentDecoder().decode(Body.self, from: GeneratedContent(json: #"{"model":"m","items":[]}"#))
            Issue.record("a missing required field decoded")
        } catch {
            #expect(ContentDecoder.describe(error) == "missing stream at /")
        }
    }
}
