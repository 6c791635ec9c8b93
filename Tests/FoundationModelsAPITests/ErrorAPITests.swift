import Foundation
import GenUIFoundationModels
import GenUITestSupport
import GenUITesting
import Testing

/// Foundation Models' errors as code written for 26 and 27 builds, matches and reads them.
@Suite("Foundation Models API: errors", .tags(.unit))
struct ErrorAPITests {
    @Test(
        "LanguageModelError's nine cases are built with the initializers model packages call, and bind their payloads")
    func languageModelErrorPayloads() throws {
        let errors: [LanguageModelError] = [
            .contextSizeExceeded(.init(contextSize: 4096, tokenCount: 5000, debugDescription: "too long")),
            .rateLimited(.init(resetDate: Date(timeIntervalSince1970: 60), debugDescription: "429")),
            .guardrailViolation(.init(debugDescription: "blocked")),
            .refusal(.init(explanation: "I cannot help with that.", debugDescription: "refused", metadata: ["id": 7])),
            .unsupportedCapability(.init(capability: .toolCalling, debugDescription: "no tools")),
            .unsupportedTranscriptContent(
                .init(
                    unsupportedContent: [.prompt(.init(segments: [.text(.init(content: "hi"))]))],
                    debugDescription: "no images")),
            .unsupportedGenerationGuide(.init(schemaName: "Plan", debugDescription: "no patterns")),
            .unsupportedLanguageOrLocale(.init(languageCode: Locale.LanguageCode("tlh"), debugDescription: "Klingon")),
            .timeout(.init(debugDescription: "30 s")),
        ]
        var read: [String] = []
        for error in errors {
            switch error {
            case .contextSizeExceeded(let info): read.append("\(info.tokenCount)/\(info.contextSize)")
            case .rateLimited(let info): read.append("reset \(Int(info.resetDate?.timeIntervalSince1970 ?? 0))")
            case .guardrailViolation(let info): read.append(info.debugDescription)
            case .refusal(let info): read.append("refusal \(info.metadata["id"] as? Int ?? 0)")
            case .unsupportedCapability(let info):
                read.append(info.capability == .toolCalling ? "toolCalling" : "other")
            case .unsupportedTranscriptContent(let info): read.append("\(info.unsupportedContent.count) entry")
            case .unsupportedGenerationGuide(let info): read.append(info.schemaName ?? "?")
            case .unsupportedLanguageOrLocale(let info): read.append(info.languageCode.identifier)
            case .timeout(let info): read.append(info.debugDescription)
            }
        }
        #expect(
            read == [
                "5000/4096", "reset 60", "blocked", "refusal 7", "toolCalling", "1 entry", "Plan", "tlh", "30 s",
            ])
        #expect(errors.map(\.debugDescription).last == "30 s")
        #expect(errors[2].localizedDescription == "blocked")
    }

    @Test("a refusal's explanation is the model's reason, as a response and as a stream")
    func refusalExplanation() async throws {
        let refusal = LanguageModelError.Refusal(explanation: "That would be unsafe.", debugDescription: "refused")
        #expect(try await refusal.explanation.content == "That would be unsafe.")
        var last = ""
        for try await snapshot in refusal.explanationStream { last = snapshot.content }
        #expect(last == "That would be unsafe.")
    }

    @Test("catch clauses written for Foundation Models 26 bind GenerationError's payloads")
    func generationErrorPayloads() {
        func handle(_ error: any Error) -> String {
            do {
                throw error
            } catch LanguageModelSession.GenerationError.exceededContextWindowSize(let context) {
                return "window: \(context.debugDescription)"
            } catch LanguageModelSession.GenerationError.rateLimited(let context) {
                return "rate: \(context.debugDescription)"
            } catch LanguageModelSession.GenerationError.refusal(let refusal, let context) {
                return "refusal: \(context.debugDescription) after \(refusal.transcriptEntryCount) entries"
            } catch let error as LanguageModelSession.GenerationError {
                switch error {
                case .assetsUnavailable(let context), .guardrailViolation(let context), .unsupportedGuide(let context),
                    .unsupportedLanguageOrLocale(let context), .decodingFailure(let context),
                    .concurrentRequests(let context):
                    return "other: \(context.debugDescription)"
                default:
                    return "unreachable"
                }
            } catch {
                return "not a generation error"
            }
        }
        let context = LanguageModelSession.GenerationError.Context(debugDescription: "d")
        let entries: [Transcript.Entry] = [.prompt(.init(segments: [.text(.init(content: "hi"))]))]
        #expect(handle(LanguageModelSession.GenerationError.exceededContextWindowSize(context)) == "window: d")
        #expect(handle(LanguageModelSession.GenerationError.rateLimited(context)) == "rate: d")
        #expect(
            handle(LanguageModelSession.GenerationError.refusal(.init(transcriptEntries: entries), context))
                == "refusal: d after 1 entries")
        #expect(handle(LanguageModelSession.GenerationError.decodingFailure(context)) == "other: d")
        #expect(handle(LanguageModelSession.Error.concurrentRequests) == "not a generation error")
        #expect(LanguageModelSession.GenerationError.guardrailViolation(context).localizedDescription == "d")
    }

    @Test("a Foundation Models 27 model's own LanguageModelError reaches the session's caller unchanged")
    func executorErrorsPassThrough() async throws {
        let thrown = LanguageModelError.rateLimited(
            .init(
                resetDate: Date(timeIntervalSince1970: 1_000), debugDescription: "slow down", metadata: ["tier": "free"]
            ))
        let session = LanguageModelSession(model: FailingExecutorModel(failure: thrown))
        do {
            try await session.respond(to: "Hello")
            Issue.record("the request should fail")
        } catch LanguageModelError.rateLimited(let info) {
            #expect(info.resetDate == Date(timeIntervalSince1970: 1_000))
            #expect(info.metadata["tier"] as? String == "free")
        }
    }

    @Test("a request that needs a capability the model does not declare fails before its executor is asked")
    func capabilityGate() async throws {
        let model = FailingExecutorModel(failure: .timeout(.init(debugDescription: "never reached")), declared: [])
        let session = LanguageModelSession(model: model)
        do {
            try await session.respond(to: "A plan", generating: TripTitle.self)
            Issue.record("the request should fail")
        } catch LanguageModelError.unsupportedCapability(let info) {
            #expect(info.capability == .guidedGeneration)
        }
        #expect(model.calls.value == 0)
    }

    @Test("a second request while a session responds is LanguageModelSession.Error.concurrentRequests")
    func concurrentRequests() async throws {
        let gate = FailingExecutorModel(failure: .timeout(.init(debugDescription: "late")), delay: .seconds(30))
        let session = LanguageModelSession(model: gate)
        let first = Task { try await session.respond(to: "first") }
        while !session.isResponding { await Task.yield() }
        await #expect(throws: LanguageModelSession.Error.concurrentRequests) { try await session.respond(to: "second") }
        first.cancel()
        _ = await first.result
    }

    @Test(
        "a model that cannot serve is SystemLanguageModel.Error.assetsUnavailable, built and matched as Apple's, with genui's reason inside"
    )
    func assetsUnavailable() async throws {
        let built = SystemLanguageModel.Error.assetsUnavailable(.init(debugDescription: "deleted"))
        guard case .assetsUnavailable(let payload) = built else {
            Issue.record("not assetsUnavailable")
            return
        }
        #expect(payload.debugDescription == "deleted")
        #expect(built.errorDescription?.contains("deleted") == true)
        #expect(GenUIError(unwrapping: built) == nil)

        let downloading = GenUIError.unavailable(
            .modelNotReady(progress: 0.4, detail: "downloading"), .init(provider: "local", debugDescription: "pulling"))
        let session = LanguageModelSession(model: FailingLanguageModel(name: "local", behavior: .fail(downloading)))
        do {
            _ = try await session.respond(to: "Hello")
            Issue.record("an unavailable model answered")
        } catch SystemLanguageModel.Error.assetsUnavailable(let info) {
            #expect(info.debugDescription == "pulling")
            let carried = GenUIError(unwrapping: SystemLanguageModel.Error.assetsUnavailable(info))
            guard case .unavailable(.modelNotReady(let progress, _), let context)? = carried else {
                Issue.record("the reason was lost: \(String(describing: carried))")
                return
            }
            #expect(progress == 0.4)
            #expect(context.provider == "local")
        }
    }
}

@Generable
struct TripTitle {
    var title: String
}

extension LanguageModelSession.GenerationError.Refusal {
    /// How many entries led up to the refusal (read through the refusal's mirror: Foundation Models keeps them
    /// private too).
    var transcriptEntryCount: Int {
        (Mirror(reflecting: self).children.first { $0.label == "transcriptEntries" }?.value as? [Transcript.Entry])?
            .count ?? -1
    }
}
