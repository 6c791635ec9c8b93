/// The answer of `GET {base}/models`: the ids of the models the server serves.
struct ModelList: Decodable {
    struct Entry: Decodable { var id: String? }

    var data: [Entry]?

    var ids: [String] { data?.compactMap(\.id) ?? [] }
}
