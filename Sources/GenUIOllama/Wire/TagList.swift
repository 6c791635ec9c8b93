/// The answer of `GET /api/tags`: the models the daemon has.
struct TagList: Decodable {
    struct Model: Decodable {
        var name: String?
        var model: String?
        var size: Double?
    }

    var models: [Model]?
}
