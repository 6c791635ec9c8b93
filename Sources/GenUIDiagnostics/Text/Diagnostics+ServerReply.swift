import GenUI

extension Diagnostics {
    /// The detail of an invalid request in this language: the server's reply (``ServerErrorReply``) worded around
    /// the server's own message, which is quoted as it came; without a reply, the developer's description (a request
    /// the library's caller built wrongly: a malformed schema, options out of range).
    func invalidRequestDetail(_ context: GenUIError.Context) -> String {
        guard let reply = context.underlying(ServerErrorReply.self) else { return context.debugDescription }
        guard let said = reply.message ?? reply.type else {
            return text("detail.server.answeredWithoutReason", ["status": "\(reply.status)"])
        }
        return text("detail.server.answered", ["status": "\(reply.status)", "message": said])
    }
}
