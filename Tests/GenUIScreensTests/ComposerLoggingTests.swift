import GenUI
import GenUIScreens
import GenUITestSupport
import GenUITesting
import InMemoryLogging
import Logging
import Testing

@Suite("Screen composer logging", .tags(.unit))
struct ComposerLoggingTests {
    @Test("a composer with tools logs its session's tool calls to the logger it is given")
    func toolCallsReachTheComposersLogger() async throws {
        let records = try RecordSet(
            json: #"[{"team": "Venezia", "points": 70}, {"team": "Pisa", "points": 68}]"#, title: "t.json")
        let call = Transcript.ToolCall(
            id: "c1", toolName: "lookup_records",
            arguments: GeneratedContent(orderedProperties: [
                ("limit", GeneratedContent(2)), ("sortBy", GeneratedContent("points")),
            ]))
        func composer(logging handler: InMemoryLogHandler) -> ScreenComposer {
            let model = FailingLanguageModel(
                name: "m", behavior: .callTools([call]), capabilities: [.guidedGeneration, .streaming, .toolCalling])
            var composer = ScreenComposer(model: model)
            composer.tools = [RecordLookupTool(records: records)]
            var logger = Logger(label: "genui.test") { _ in handler }
            logger.logLevel = .debug
            composer.logger = logger
            return composer
        }

        let logs = InMemoryLogHandler()
        _ = try? await composer(logging: logs).compose("The table")
        let calls = logs.entries.filter { $0.message.description == "tool call finished" }
        #expect(calls.count == 1, "\(logs.entries.map(\.message))")
        #expect(calls.first?.metadata["genui.tool"]?.description == "lookup_records")
        #expect(logs.entries.contains { $0.message.description == "session responded" })
        // Names and numbers only: the file's records never reach a log line.
        #expect(!logs.entries.contains { "\($0.message) \($0.metadata)".contains("Venezia") })
    }
}
