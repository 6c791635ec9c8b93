import GenUIHTTP

/// A model's description, `GET {base}/models/{model}`: the field genui reads.
struct ModelDescription: Decodable {
    /// How many tokens of input the model takes.
    var inputTokenLimit: Int?
}
