/// A server's answer to a request it rejected: the HTTP status and what the server said, as it said it (secrets
/// masked, cut to a few hundred characters by the HTTP layer).
///
/// An error built from such an answer carries it among its context's
/// ``GenUIError/Context/underlyingErrors``, and a failed route step keeps it
/// (``RouteTrace/Failure/invalidRequest(_:)``), so the failure can be worded in the user's language around the server's
/// own words.
public struct ServerErrorReply: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The HTTP status.
    public var status: Int
    /// The server's machine type of error (`invalid_request_error`), when it gave one.
    public var type: String?
    /// The server's message, when it gave one.
    public var message: String?

    /// Creates a reply.
    public init(status: Int, type: String? = nil, message: String? = nil) {
        self.status = status
        self.type = type
        self.message = message
    }

    /// `HTTP 400 invalid_request_error: the message`, for developers.
    public var description: String {
        "HTTP \(status)" + (type.map { " " + $0 } ?? "") + ": " + (message ?? "no details")
    }
}
