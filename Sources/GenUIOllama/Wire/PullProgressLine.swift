/// One NDJSON line of a `/api/pull` answer: a status, the bytes of the current layer, or an error.
struct PullProgressLine: Decodable {
    var status: String?
    /// Bytes of the current layer downloaded, read as a number (clamped when converted).
    var completed: Double?
    /// Bytes of the current layer in total.
    var total: Double?
    var error: String?
}
