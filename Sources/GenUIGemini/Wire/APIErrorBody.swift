import Foundation
import GenUI
import GenUIHTTP

/// An error answer, `{"error": {code, message, status, details}}`: the fields the provider reads beyond the shared
/// mapping's (``HTTPErrorMapping``).
struct APIErrorBody: Decodable {
    /// The `google.rpc.Status` of the error.
    struct Status: Decodable {
        var code: Int?
        var details: [Detail]?
    }

    /// One of the status's details; a `google.rpc.RetryInfo` carries `retryDelay` ("13s", "0.5s").
    struct Detail: Decodable {
        var retryDelay: String?
    }

    var error: Status?

    /// The body of an error answer, when it is one.
    static func read(_ body: Data) -> APIErrorBody? {
        WireReading.decode(APIErrorBody.self, from: try? JSONParser.parse(String(decoding: body, as: UTF8.self)))
    }
}
