import Foundation
@_spi(Reading) import GenUI

extension HTTPRequest {
    /// A POST of `body`, an `Encodable` request type written by ``ContentEncoder`` (keys in their declared order),
    /// with `Content-Type: application/json`. A body that cannot be written is an invalid request.
    public static func postJSON(
        _ url: URL, body: some Encodable, extraFields: [String: GeneratedContent] = [:],
        headers: [String: String] = [:], headTimeout: Duration? = nil, totalTimeout: Duration? = nil
    ) throws(GenUIError) -> HTTPRequest {
        var json: GeneratedContent
        do {
            json = try ContentEncoder().content(of: body)
        } catch {
            throw .invalidRequest(.init(debugDescription: "the request body could not be written: \(error)"))
        }
        if !extraFields.isEmpty { json = merging(extraFields, into: json) }
        return postJSON(url, json: json, headers: headers, headTimeout: headTimeout, totalTimeout: totalTimeout)
    }

    /// `json` with each of `fields` set at its top level: a field the body has is replaced, others are added after
    /// the body's own, in key order (a chain member's `extra_body`).
    static func merging(_ fields: [String: GeneratedContent], into json: GeneratedContent) -> GeneratedContent {
        guard var properties = json.orderedProperties else { return json }
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            if let index = properties.firstIndex(where: { $0.key == key }) {
                properties[index].value = value
            } else {
                properties.append((key, value))
            }
        }
        return GeneratedContent(orderedProperties: properties.map { ($0.key, $0.value) })
    }
}

/// Reading a server's JSON into a provider's `Decodable` wire types.
public enum WireReading {
    /// `type` read from `json`, or `nil` when `json` does not have its shape (optional fields read loosely; see
    /// ``ContentDecoder``).
    public static func decode<T: Decodable>(_ type: T.Type, from json: GeneratedContent?) -> T? {
        guard let json else { return nil }
        return try? ContentDecoder().decode(type, from: json)
    }

    /// `type` read from `json`; a shape it does not have is a server error saying what `what` lacked and where,
    /// with `text` (the answer as received, masked of `secrets` and shortened) quoted.
    public static func decode<T: Decodable>(
        _ type: T.Type, from json: GeneratedContent?, what: String, status: Int, text: String, secrets: [String]
    ) throws(GenUIError) -> T {
        do {
            guard let json else { throw WireShapeError.notJSON }
            return try ContentDecoder().decode(type, from: json)
        } catch {
            let shown = HTTPErrorMapping.clean(text, secrets: secrets, limit: 200)
            let reason = error is WireShapeError ? "it is not JSON" : ContentDecoder.describe(error)
            throw .serverError(
                status: status, .init(debugDescription: "\(what) is not as expected (\(reason)): \(shown)"))
        }
    }

    /// `type` read from `text` by Foundation's `JSONDecoder`, or `nil` unless `text` is JSON whose every field present
    /// has the declared type. The fast path for a stream's many small events: on `nil` the caller reads `text` the
    /// usual way (genui's bounded parser, then ``decode(_:from:)``'s loose reading), so the result never differs from
    /// that way's, only its cost.
    public static func decodeStrictly<T: Decodable>(_ type: T.Type, from text: String, using decoder: JSONDecoder)
        -> T?
    {
        try? decoder.decode(type, from: Data(text.utf8))
    }

    private enum WireShapeError: Error { case notJSON }
}
