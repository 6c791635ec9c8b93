import Foundation
import GenUI

extension OnDeviceModel {
    /// The HTTP bodies this model sends llama-server for one request, so a tool can replay the exact exchange without
    /// genui in the way (the benchmark's baseline does).
    public struct WireExchange: Sendable {
        /// The body of `POST /apply-template`.
        public let template: GeneratedContent
        /// The body of a non-streamed `POST /completion`, given the prompt `/apply-template` returned.
        public let completion: @Sendable (_ templatedPrompt: String) -> GeneratedContent
    }

    /// The exchange ``respond(to:)`` performs for `request`: the same messages, grammar, token budget and sampling.
    public func wireExchange(for request: GenerationRequest) async throws -> WireExchange {
        let builder = CompletionRequestBuilder(configuration: configuration)
        let constraint = try builder.constraint(for: request)
        let contextSize = server.status.properties?.contextSize
        return WireExchange(template: builder.templateBody(for: request)) { prompt in
            builder.completionBody(
                prompt: prompt, request: request, constraint: constraint, contextSize: contextSize, stream: false)
        }
    }

    /// Where the managed server listens while it runs.
    public var serverURL: URL? {
        get async { await server.runningURL }
    }

    /// The headers a request to the running managed server must carry (its access key, new for every start), for
    /// a tool that talks to the server directly; `nil` when it is not running. Keep them out of logs and output.
    public var serverRequestHeaders: [String: String]? {
        get async { await server.runningEndpoint?.key.authorizationHeader }
    }
}
