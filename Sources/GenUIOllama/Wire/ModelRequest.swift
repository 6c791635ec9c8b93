/// The body of the requests that name one model: `POST /api/show`, `POST /api/pull` (with `stream: true`) and
/// `DELETE /api/delete`.
struct ModelRequest: Encodable {
    var model: String
    var stream: Bool?
}
