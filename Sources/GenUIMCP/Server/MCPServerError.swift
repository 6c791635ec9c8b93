import GenUIDiagnostics

/// Why an MCP server or one of its tools could not serve: what happened, to which server (and where the configuration
/// names it), and what to do. ``localizedText`` words it in the user's language.
public struct MCPServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The command was not found (not a file, not executable, not on `PATH`).
        case notInstalled(command: String)
        /// The server could not be started, or ended before it answered `initialize`: how it ended and the last
        /// lines it wrote to stderr.
        case failedToStart(detail: String, standardErrorTail: String)
        /// The server ended while genui was waiting for it: how it ended and its last stderr lines.
        case exited(detail: String, standardErrorTail: String)
        /// The server answered `initialize` with a protocol version genui does not speak.
        case protocolMismatch(offered: String, supported: [String])
        /// The HTTP server refused the credentials (401 or 403).
        case unauthorized(status: Int)
        /// The HTTP server could not be reached, or answered with an error status.
        case unreachable(detail: String)
        /// A step did not finish in time: `step` is `start`, `initialize`, `tools/list` or the tool's name.
        case timedOut(step: String, after: Duration)
        /// The server sent something that is not a JSON-RPC message (an excerpt of it, at most 80 characters).
        case invalidMessage(excerpt: String)
        /// The server sent one message longer than the limit (bytes).
        case messageTooLarge(limit: Int)
        /// The server sent a message that nests arrays and objects deeper than the limit.
        case messageNestedTooDeep(limit: Int)
        /// A tool result was larger than ``MCPServerConfiguration/maximumResultBytes``.
        case resultTooLarge(bytes: Int, limit: Int)
        /// The server answered a request with a JSON-RPC error.
        case requestFailed(code: Int, message: String)
        /// The tool ran and reported an error (`isError: true`): the text it gave.
        case toolFailed(message: String)
    }

    /// The server's name.
    public var server: String
    /// The tool being called, when the failure is a call's.
    public var tool: String?
    /// Where the configuration names the server (`file:line:column`), when it came from a file.
    public var location: String?
    /// What went wrong.
    public var reason: Reason

    /// An error of `server` for `reason`.
    public init(server: String, tool: String? = nil, location: String? = nil, reason: Reason) {
        self.server = server
        self.tool = tool
        self.location = location
        self.reason = reason
    }

    /// The error in the user's language, with what to do about it.
    public var localizedText: LocalizedText {
        var arguments: [String: LocalizedText.Argument] = ["server": .verbatim(server)]
        var key = code
        switch reason {
        case .notInstalled(let command):
            arguments["command"] = .verbatim(command)
        case .failedToStart(let detail, let tail):
            if !tail.isEmpty { key += "WithLog" }
            arguments["detail"] = .verbatim(detail)
            arguments["log"] = .verbatim(tail)
        case .exited(let detail, let tail):
            if !tail.isEmpty { key += "WithLog" }
            arguments["detail"] = .verbatim(detail)
            arguments["log"] = .verbatim(tail)
        case .protocolMismatch(let offered, let supported):
            arguments["offered"] = .verbatim(offered)
            arguments["supported"] = .list(supported)
        case .unauthorized(let status):
            arguments["status"] = .integer(status)
        case .unreachable(let detail):
            arguments["detail"] = .verbatim(detail)
        case .timedOut(let step, let after):
            arguments["step"] = .verbatim(step)
            arguments["duration"] = .seconds(after.seconds)
        case .invalidMessage(let excerpt):
            arguments["excerpt"] = .verbatim(excerpt)
        case .messageTooLarge(let limit):
            arguments["limit"] = .bytes(Int64(limit))
        case .messageNestedTooDeep(let limit):
            arguments["limit"] = .integer(limit)
        case .resultTooLarge(let bytes, let limit):
            arguments["size"] = .bytes(Int64(bytes))
            arguments["limit"] = .bytes(Int64(limit))
        case .requestFailed(let code, let message):
            arguments["code"] = .integer(code)
            arguments["message"] = .verbatim(message)
        case .toolFailed(let message):
            arguments["message"] = .verbatim(message)
        }
        arguments["tool"] = .verbatim(tool ?? "")
        let text = LocalizedText("mcp.problem.\(key)", arguments)
        guard let location else { return text }
        return LocalizedText("mcp.problem.located", ["location": .verbatim(location), "problem": .phrase(text)])
    }

    /// The reason's name (`notInstalled`, `timedOut`, …): what logs record, since the wording may quote a server's
    /// output.
    public var code: String {
        switch reason {
        case .notInstalled: "notInstalled"
        case .failedToStart: "failedToStart"
        case .exited: "exited"
        case .protocolMismatch: "protocolMismatch"
        case .unauthorized: "unauthorized"
        case .unreachable: "unreachable"
        case .timedOut: "timedOut"
        case .invalidMessage: "invalidMessage"
        case .messageTooLarge: "messageTooLarge"
        case .messageNestedTooDeep: "messageNestedTooDeep"
        case .resultTooLarge: "resultTooLarge"
        case .requestFailed: "requestFailed"
        case .toolFailed: "toolFailed"
        }
    }

    /// The error in English.
    public var description: String { Diagnostics(language: .english).text(localizedText) }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
