@_spi(Reading) import GenUI

/// The answer of `POST /api/show`: what a model can do, and its `model_info` (whose `<arch>.context_length` is its
/// context window).
struct ShowResponse: Decodable {
    /// Capability names; entries that are not strings are skipped.
    var capabilities: [JSONValueCoding]?
    var modelInfo: JSONValueCoding?
    enum CodingKeys: String, CodingKey { case capabilities, modelInfo = "model_info" }
}
