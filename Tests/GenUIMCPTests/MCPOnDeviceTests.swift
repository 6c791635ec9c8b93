import Foundation
import GenUI
import GenUIMCP
import GenUIOnDevice
import GenUITestSupport
import Testing

/// The on-device model writes an MCP tool's arguments under the grammar compiled from the tool's schema, and the
/// server runs them. The 135M model cannot be relied on to decide to call a tool, so the test asks for the
/// arguments as guided generation (the same grammar the tool-calling path uses) and makes the call itself.
@Suite("MCP tools with the on-device model", .tags(.llamaServer, .integration), .serialized)
struct MCPOnDeviceTests {
    @Test(
        "SmolLM2 writes arguments that follow an MCP tool's schema, and the server answers them",
        .enabled(
            if: OnDeviceRuntime.enabled && MCPFixtures.enabled,
            "llama-server, SmolLM2 or the MCP servers are not installed"))
    func guidedArguments() async throws {
        try OnDeviceRuntime.require()
        let server = MCPServer(MCPFixtures.server("sample", script: "sample_server.py"))
        defer { Task { await server.stop() } }
        let weather = try #require(try await server.tools().first { $0.name == "weather" })
        let model = OnDeviceLanguageModel(
            configuration: OnDeviceConfiguration(
                name: "on-device", modelPath: OnDeviceRuntime.modelPath, serverPath: OnDeviceRuntime.serverPath,
                contextSize: 2048, threads: 1, idleShutdownSeconds: 30, startTimeoutSeconds: 300,
                requestTimeoutSeconds: 600))
        let session = LanguageModelSession(model: model)
        let response = try await session.respond(
            to: "Arguments for the weather tool: the city is Turin, in celsius.", schema: weather.parameters,
            options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 64))
        #expect(throws: Never.self) { try weather.parameters.validate(response.content) }
        let city = try response.content.value(String.self, forProperty: "city")
        let output = try await weather.call(arguments: response.content)
        guard case .structure(let structured)? = output.segments.first else {
            Issue.record("expected structured content, got \(output.segments)")
            return
        }
        #expect(try structured.content.value(String.self, forProperty: "city") == city)
        #expect(try structured.content.value(Int.self, forProperty: "temperature") == 21)
    }
}
