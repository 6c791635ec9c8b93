import GenUIDiagnostics
import GenUIMCP
import Testing

@Suite("MCP reasons in every language", .tags(.unit))
struct MCPLocalizationTests {
    static let reasons: [MCPServerError.Reason] = [
        .notInstalled(command: "mcp-server-time"),
        .failedToStart(detail: "it exited with status 1", standardErrorTail: ""),
        .failedToStart(detail: "it exited with status 1", standardErrorTail: "Traceback"),
        .exited(detail: "it was killed by signal 9", standardErrorTail: ""),
        .exited(detail: "it exited with status 3", standardErrorTail: "about to exit"),
        .protocolMismatch(offered: "1999-01-01", supported: ["2025-11-25", "2025-06-18"]), .unauthorized(status: 401),
        .unreachable(detail: "connection refused"), .timedOut(step: "initialize", after: .seconds(20)),
        .invalidMessage(excerpt: "not json"), .messageTooLarge(limit: 1 << 20), .messageNestedTooDeep(limit: 128),
        .resultTooLarge(bytes: 9 << 20, limit: 4 << 20), .requestFailed(code: -32602, message: "bad params"),
        .toolFailed(message: "no route"),
    ]

    @Test(
        "every reason fills every placeholder, with its location, in every language",
        arguments: DiagnosticLanguage.allCases)
    func everyReasonIsWorded(_ language: DiagnosticLanguage) {
        let diagnostics = Diagnostics(language: language)
        for reason in Self.reasons {
            let error = MCPServerError(
                server: "time", tool: "get_current_time", location: "providers.yml:7:3", reason: reason)
            let text = diagnostics.text(error.localizedText)
            #expect(!text.contains("{") && !text.contains("}"), "\(language): \(text)")
            #expect(text.contains("providers.yml:7:3: "), "\(language): \(text)")
            #expect(text.contains("time"), "\(language): \(text)")
        }
        for state in [
            MCPServerState.notStarted, .unavailable(MCPServerError(server: "x", reason: .unauthorized(status: 403))),
        ] {
            let text = diagnostics.text(state.localizedText)
            #expect(!text.isEmpty && !text.contains("{"), "\(language): \(text)")
        }
    }
}
