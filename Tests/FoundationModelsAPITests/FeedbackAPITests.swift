import Foundation
import GenUIFoundationModels
import GenUITestSupport
import GenUITesting
import Testing

/// Foundation Models' feedback API as apps call it: the attachment is JSON of the feedback and the session's
/// transcript, and genui appends it as one line to a local file.
@Suite("Foundation Models API: feedback attachments", .tags(.unit))
struct FeedbackAPITests {
    @Test(
        "an attachment holds the sentiment, the issues, the desired output and the transcript, and is appended to the log"
    )
    func attachmentIsLoggedLocally() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "genui-feedback-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("state/feedback.jsonl")
        setenv("GENUI_FEEDBACK_LOG", log.path, 1)
        defer { unsetenv("GENUI_FEEDBACK_LOG") }

        let session = LanguageModelSession(model: ScriptedLanguageModel(), instructions: "Answer briefly.")
        try await session.respond(to: "What is the capital of France?")
        let data = session.logFeedbackAttachment(
            sentiment: .negative,
            issues: [LanguageModelFeedback.Issue(category: .incorrect, explanation: "Not Paris")],
            desiredResponseText: "Paris.")
        session.logFeedbackAttachment(sentiment: .positive)

        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(document["sentiment"] as? String == "negative")
        let issues = try #require(document["issues"] as? [[String: Any]])
        #expect(issues.first?["category"] as? String == "incorrect")
        #expect(issues.first?["explanation"] as? String == "Not Paris")
        #expect(String(decoding: data, as: UTF8.self).contains("Paris."))
        #expect(String(decoding: data, as: UTF8.self).contains("What is the capital of France?"))
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first.map { Data($0.utf8) } == data)
        #expect(LanguageModelFeedback.Issue.Category.allCases.count == 8)
        #expect(LanguageModelFeedback.Sentiment.allCases.count == 3)
    }

    @Test("the log is GENUI_FEEDBACK_LOG, else under XDG_STATE_HOME, else under the home's .local/state")
    func logLocation() {
        #expect(
            LanguageModelSession.feedbackLogURL(environment: ["GENUI_FEEDBACK_LOG": "/tmp/f.jsonl"])?.path
                == "/tmp/f.jsonl")
        #expect(
            LanguageModelSession.feedbackLogURL(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])?.path
                == "/s/genui/feedback.jsonl")
        #expect(
            LanguageModelSession.feedbackLogURL(environment: ["HOME": "/h"])?.path
                == "/h/.local/state/genui/feedback.jsonl")
        #expect(LanguageModelSession.feedbackLogURL(environment: [:]) == nil)
    }
}
