import GenUI

/// One try of one provider: the request as that provider gets it, and the checks its output must pass.
enum Attempt {
    /// The request as sent to a provider without guided generation: the schema and an example go into the
    /// instructions, and the output is decoded defensively afterwards.
    static func unguidedRequest(_ request: GenerationRequest) -> GenerationRequest {
        guard let schema = request.schema else { return request }
        var copy = request
        var parts: [String] = []
        if let instructions = request.instructions, !instructions.isEmpty { parts.append(instructions) }
        parts.append(schema.promptInstructions())
        copy.instructions = parts.joined(separator: "\n\n")
        copy.schema = nil
        copy.includeSchemaInPrompt = false
        copy.requiredCapabilities.remove(.guidedGeneration)
        return copy
    }

    static func respond(
        member: ChainMember, request: GenerationRequest, original: GenerationRequest, unguided: Bool
    ) async throws -> GenerationResponse {
        let response = try await member.model.respond(to: request)
        return try verify(response, member: member, original: original, unguided: unguided)
    }

    static func stream(
        member: ChainMember, request: GenerationRequest, original: GenerationRequest, unguided: Bool,
        attempt: Int, output: OutputFlag, continuation: AsyncThrowingStream<GenerationEvent, any Error>.Continuation,
        firstOutput: FirstOutputTimer? = nil
    ) async throws -> GenerationResponse {
        let started = ContinuousClock.now
        var first = firstOutput
        if unguided {
            let response = try await respond(member: member, request: request, original: original, unguided: true)
            if response.toolCalls.isEmpty {
                first?.record(since: started)
                output.forward(.delta(response.content.jsonString), attempt: attempt, to: continuation)
            }
            return response
        }
        var final: GenerationResponse?
        for try await event in member.model.streamResponse(to: request) {
            switch event {
            case .delta:
                first?.record(since: started)
                first = nil
                output.forward(event, attempt: attempt, to: continuation)
            case .restarted: output.forward(event, attempt: attempt, to: continuation)
            case .completed(let response): final = response
            }
        }
        guard let final else {
            throw GenUIError.serverError(
                status: nil, .init(provider: member.name, debugDescription: "the stream ended without a completion"))
        }
        return try verify(final, member: member, original: original, unguided: false)
    }

    /// Trust but verify: guided output must validate; unguided output is repaired and then validated.
    static func verify(
        _ response: GenerationResponse, member: ChainMember, original: GenerationRequest, unguided: Bool
    ) throws -> GenerationResponse {
        guard response.toolCalls.isEmpty else {
            return try verifyToolCalls(response, member: member, original: original)
        }
        guard let schema = original.schema else { return response }
        var response = response
        do {
            if unguided {
                let result = try DefensiveDecoder(schema: schema).decode(response.text)
                response.content = result.content
                response.metadata.guided = false
                response.metadata.repairs = result.repairs
                response.metadata.repairDetails = result.repairDetails
                // The decoder validated the repaired content against the schema.
                response.metadata.validatedSchema = schema
            } else {
                try OutputDecoding.validate(&response, against: schema)
            }
        } catch {
            throw error.attributed(to: member.name)
        }
        return response
    }

    /// A turn of tool calls must name tools the request offered, with arguments that follow their schemas: a model
    /// that gets them wrong failed this attempt (the chain may try another provider), and no tool runs.
    static func verifyToolCalls(
        _ response: GenerationResponse, member: ChainMember, original: GenerationRequest
    ) throws(GenUIError) -> GenerationResponse {
        for call in response.toolCalls {
            if let invalid = call.invalidity(against: original.tools, provider: member.name) { throw invalid }
        }
        return response
    }
}
