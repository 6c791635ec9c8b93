@_spi(Reading) import GenUI
import GenUITestSupport
import Testing

@testable import GenUIOnDevice

@Suite("On-device instructions prefix", .tags(.unit))
struct OnDevicePromptPrefixTests {
    @Test("the prefix is the templated prompt up to the end of the instructions, and absent without them")
    func prefixEndsWithTheInstructions() throws {
        let prompt = "<|im_start|>system\nYou design screens.<|im_end|>\n<|im_start|>user\nA login form<|im_end|>\n"
        let prefix = try #require(PromptPrefix(prompt: prompt, instructions: "You design screens."))
        #expect(prefix.text == "<|im_start|>system\nYou design screens.")
        #expect(PromptPrefix(prompt: prompt, instructions: nil) == nil)
        #expect(PromptPrefix(prompt: prompt, instructions: "") == nil)
        #expect(PromptPrefix(prompt: prompt, instructions: "Rewritten by the template.") == nil)
        let body = try wire(prefix.establishingBody(cachePrompt: true))
        #expect(
            body.jsonString
                == #"{"prompt":"<|im_start|>system\nYou design screens.","n_predict":0,"cache_prompt":true}"#)
        #expect(try wire(prefix.establishingBody(cachePrompt: false))["cache_prompt"]?.boolValue == false)
    }

    @Test("one evaluated token means the prefix is ready; all of it, evaluate it again cached; part of it, afresh")
    func nextStepFollowsWhatWasEvaluated() throws {
        func step(_ evaluated: Int, of total: Int) throws -> PrefixStep {
            let json = try JSONParser.parse(
                #"{"content":"","tokens_evaluated":\#(total),"timings":{"prompt_n":\#(evaluated)}}"#)
            return try #require(PrefixEvaluation(ContentDecoder().decode(PromptEvaluationCounts.self, from: json))).next
        }
        #expect(try step(1, of: 251) == .ready)
        #expect(try step(251, of: 251) == .repeatCached)
        #expect(try step(120, of: 251) == .evaluateAfresh)
        let noCounts = try ContentDecoder().decode(
            PromptEvaluationCounts.self, from: JSONParser.parse(#"{"content":""}"#))
        #expect(PrefixEvaluation(noCounts) == nil)
    }

    @Test("a request's completion body asks for the prompt cache once its prefix is in the slot, even when greedy")
    func greedyBodyUsesTheCacheWithAPrefix() throws {
        let builder = CompletionRequestBuilder(configuration: OnDeviceConfiguration())
        let greedy = GenerationRequest(prompt: "hi", instructions: "Be brief.", options: .init(sampling: .greedy))
        let body = try wire(
            builder.completionBody(
                prompt: "p", request: greedy, constraint: .none, contextSize: nil, stream: false, cachePrompt: true))
        #expect(body["cache_prompt"]?.boolValue == true)
    }

    @Test("the gate lets one body through at a time, in arrival order")
    func gateSerialises() async throws {
        let gate = SlotGate()
        let log = EventLog()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<4 {
                group.addTask {
                    try await gate.exclusively {
                        await log.append("start \(index)")
                        try await Task.sleep(for: .milliseconds(20))
                        await log.append("end \(index)")
                    }
                }
            }
            try await group.waitForAll()
        }
        let events = await log.events
        #expect(events.count == 8)
        for pair in stride(from: 0, to: events.count, by: 2) {
            #expect(events[pair].hasPrefix("start"))
            #expect(events[pair + 1] == "end" + events[pair].dropFirst("start".count))
        }
    }

    actor EventLog {
        var events: [String] = []
        func append(_ event: String) { events.append(event) }
    }
}
