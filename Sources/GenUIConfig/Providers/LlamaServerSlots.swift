import Foundation
import GenUI
import GenUIHTTP
import GenUIRouter

/// Reads an OpenAI-compatible endpoint's slots as llama-server serves them: `GET /slots` at the server's root (the
/// base URL without its `/v1`), one object per slot with `is_processing`. A server without it (another
/// OpenAI-compatible server, a gateway, `--no-slots`) answers something else, and the reading is `nil`: a
/// least-busy fleet then counts only this process's requests to that endpoint.
enum LlamaServerSlots {
    /// The reader for the endpoint at `baseURL`; `apiKey` (the provider's key, when set) goes in the same
    /// `Authorization` header the provider sends there, and nowhere else. The URL is held to the rule the provider's
    /// own requests follow (``EndpointPolicy``): a URL they may not use is never read, so no key goes over plain http
    /// to a remote host.
    static func reader(
        baseURL: URL, apiKey: String?, allowInsecure: Bool, client: HTTPClient = .shared
    ) -> @Sendable () async -> SlotReading? {
        let url = slotsURL(for: baseURL)
        return {
            guard (try? EndpointPolicy.check(url, allowInsecure: allowInsecure, provider: "slots")) != nil else {
                return nil
            }
            var headers = ["Accept": "application/json"]
            if let apiKey, !apiKey.isEmpty { headers["Authorization"] = "Bearer \(apiKey)" }
            let request = HTTPRequest(url: url, headers: headers, totalTimeout: .seconds(2))
            guard let response = try? await client.send(request, bodyLimit: 1 << 20), response.status == 200 else {
                return nil
            }
            return parse(response.body)
        }
    }

    /// `http://host:8080/v1` → `http://host:8080/slots`; a base URL without `/v1` gets `/slots` appended.
    static func slotsURL(for baseURL: URL) -> URL {
        let base = baseURL.lastPathComponent == "v1" ? baseURL.deletingLastPathComponent() : baseURL
        return base.appendingPathComponent("slots")
    }

    /// The reading in a `/slots` body: `nil` unless it is a non-empty array of objects that each say whether they
    /// are processing.
    static func parse(_ body: Data) -> SlotReading? {
        guard let document = try? JSONParser.parse(String(decoding: body, as: UTF8.self)),
            let slots = document.elements, !slots.isEmpty
        else { return nil }
        var idle = 0
        for slot in slots {
            guard let processing = slot.orderedProperties?.first(where: { $0.key == "is_processing" })?.value,
                case .bool(let busy) = processing.kind
            else { return nil }
            if !busy { idle += 1 }
        }
        return SlotReading(idle: idle, total: slots.count)
    }
}
