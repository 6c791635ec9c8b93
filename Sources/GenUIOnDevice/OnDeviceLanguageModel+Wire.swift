import Foundation
@_spi(Reading) import GenUI

extension OnDeviceLanguageModel {
    /// The HTTP bodies this model sends llama-server for one request, so a tool can replay the exact exchange without
    /// genui in the way (the benchmark's baseline does).
    public struct WireExchange: Sendable {
        /// The body of `POST /apply-template`.
        public let template: GeneratedContent
        /// The body of a non-streamed `POST /completion`, given the prompt `/apply-template` returned.
        public let completion: @Sendable (_ templatedPrompt: String) throws -> GeneratedContent
        /// The body that puts the prompt's instructions prefix into the server's slot first (no output), with the
        /// prompt cache on or off; `nil` when the request has no instructions prefix. The provider sends it with the
        /// cache on until llama-server reports that it evaluated one token (`timings.prompt_n` 1); when it evaluated
        /// part of the prefix, it sends it with the cache off once, then on again.
        public let prefix: @Sendable (_ templatedPrompt: String, _ cachePrompt: Bool) throws -> GeneratedContent?

        /// Creates an exchange from its bodies.
        public init(
            template: GeneratedContent,
            completion: @escaping @Sendable (_ templatedPrompt: String) throws -> GeneratedContent,
            prefix: @escaping @Sendable (_ templatedPrompt: String, _ cachePrompt: Bool) throws -> GeneratedContent?
        ) {
            self.template = template
            self.completion = completion
            self.prefix = prefix
        }
    }

    /// The exchange ``respond(to:)`` performs for `request`: the same messages, grammar, token budget and sampling.
    public func wireExchange(for request: GenerationRequest) async throws -> WireExchange {
        let builder = CompletionRequestBuilder(configuration: configuration)
        let constraint = try builder.constraint(for: request)
        let contextSize = server.status.properties?.contextSize
        let instructions = request.effectiveInstructions
        let reuses = configuration.reusesInstructions
        let encoder = ContentEncoder()
        var media = MediaPrompt(marker: server.status.mediaMarker ?? MediaPrompt.defaultMarker)
        let template = try builder.templateBody(for: request, media: &media)
        let images = media
        return WireExchange(
            template: try encoder.content(of: template),
            completion: { prompt in
                let prefix = reuses ? PromptPrefix(prompt: prompt, instructions: instructions) : nil
                return try encoder.content(
                    of: builder.completionBody(
                        prompt: prompt, request: request, constraint: constraint, contextSize: contextSize,
                        stream: false, cachePrompt: prefix == nil ? nil : true, media: images))
            },
            prefix: { prompt, cachePrompt in
                guard reuses, let prefix = PromptPrefix(prompt: prompt, instructions: instructions) else { return nil }
                return try encoder.content(of: prefix.establishingBody(cachePrompt: cachePrompt))
            })
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
