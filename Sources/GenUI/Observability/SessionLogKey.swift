/// The log metadata keys of sessions and their tool rounds (the chain uses the same names for the same things).
enum SessionLogKey {
    static let provider = "genui.provider"
    static let seconds = "genui.seconds"
    static let errorType = "error.type"
    static let tool = "genui.tool"
    static let round = "genui.tool.round"
    static let toolRounds = "genui.tool_rounds"
    static let toolCalls = "genui.tool_calls"
    static let streaming = "genui.streaming"
}
