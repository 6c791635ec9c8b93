/// One tool call a session ran: which round, which tool, who asked, how long it took and how it ended.
///
/// A response's ``ResponseMetadata/toolCalls`` and its ``RouteTrace/toolCalls`` list them in order. Records carry no
/// arguments or outputs (they may hold a user's data); ``detail`` is a developer-facing description of a failure.
public struct ToolCallRecord: Sendable, Hashable, Codable {
    /// How a call ended.
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// The tool returned an output.
        case succeeded
        /// The tool threw.
        case failed
        /// The arguments did not follow the tool's schema: the tool was not called.
        case invalidArguments
    }

    /// The round of the conversation, from 1: one turn of the model and the calls it asked for.
    public var round: Int
    /// The call's identifier.
    public var id: String
    /// The tool's name.
    public var tool: String
    /// The provider whose model asked for the call.
    public var requestedBy: String
    /// How long the tool ran, in seconds (0 when it was not called).
    public var durationSeconds: Double
    /// How the call ended.
    public var outcome: Outcome
    /// What went wrong, for failures. Never contains secrets.
    public var detail: String?

    /// Creates a record.
    public init(
        round: Int, id: String, tool: String, requestedBy: String, durationSeconds: Double, outcome: Outcome,
        detail: String? = nil
    ) {
        self.round = round
        self.id = id
        self.tool = tool
        self.requestedBy = requestedBy
        self.durationSeconds = durationSeconds
        self.outcome = outcome
        self.detail = detail
    }
}
