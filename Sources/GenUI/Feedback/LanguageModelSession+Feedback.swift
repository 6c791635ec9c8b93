import Foundation
import Logging

extension LanguageModelSession {
    /// Records feedback on the session's latest response and returns it as an attachment: a JSON document of the
    /// sentiment, the issues, the output you expected, the session's transcript, its models and the time. Foundation
    /// Models sends such attachments to Apple; genui appends each as one line to a local file instead (see
    /// ``feedbackLogURL(environment:)``), and returns the same bytes for your own feedback channel.
    @discardableResult
    public func logFeedbackAttachment(
        sentiment: LanguageModelFeedback.Sentiment?, issues: [LanguageModelFeedback.Issue] = [],
        desiredOutput: Transcript.Entry? = nil
    ) -> Data {
        recordFeedback(sentiment: sentiment, issues: issues, desired: desiredOutput)
    }

    /// Records feedback with the text the model should have produced (see
    /// ``logFeedbackAttachment(sentiment:issues:desiredOutput:)``).
    @discardableResult
    public func logFeedbackAttachment(
        sentiment: LanguageModelFeedback.Sentiment?, issues: [LanguageModelFeedback.Issue] = [],
        desiredResponseText: String?
    ) -> Data {
        let desired = desiredResponseText.map { text in
            Transcript.Entry.response(Transcript.Response(assetIDs: [], segments: [.text(.init(content: text))]))
        }
        return recordFeedback(sentiment: sentiment, issues: issues, desired: desired)
    }

    /// Records feedback with the content the model should have produced (see
    /// ``logFeedbackAttachment(sentiment:issues:desiredOutput:)``).
    @discardableResult
    public func logFeedbackAttachment(
        sentiment: LanguageModelFeedback.Sentiment?, issues: [LanguageModelFeedback.Issue] = [],
        desiredResponseContent: (any ConvertibleToGeneratedContent)?
    ) -> Data {
        let desired = desiredResponseContent.map { content in
            Transcript.Entry.response(
                Transcript.Response(
                    assetIDs: [],
                    segments: [.structure(.init(source: "feedback", content: content.generatedContent))]))
        }
        return recordFeedback(sentiment: sentiment, issues: issues, desired: desired)
    }

    /// Where feedback attachments are appended, one JSON document per line: `GENUI_FEEDBACK_LOG` when set, else
    /// `$XDG_STATE_HOME/genui/feedback.jsonl`, else `~/.local/state/genui/feedback.jsonl`; `nil` when none can be
    /// named (no home), and then nothing is written.
    public static func feedbackLogURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let explicit = environment["GENUI_FEEDBACK_LOG"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("genui/feedback.jsonl")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/genui/feedback.jsonl")
    }

    /// One feedback attachment, as written.
    struct FeedbackAttachment: Encodable {
        var date: String
        var sentiment: LanguageModelFeedback.Sentiment?
        var issues: [LanguageModelFeedback.Issue]
        var desiredOutput: Transcript.Entry?
        var model: String
        var transcript: Transcript
    }

    private func recordFeedback(
        sentiment: LanguageModelFeedback.Sentiment?, issues: [LanguageModelFeedback.Issue], desired: Transcript.Entry?
    ) -> Data {
        let attachment = FeedbackAttachment(
            date: ISO8601DateFormatter().string(from: Date()), sentiment: sentiment, issues: issues,
            desiredOutput: desired, model: model.name, transcript: transcript)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(attachment) else { return Data() }
        if let url = Self.feedbackLogURL() {
            do {
                try Self.append(data, to: url)
            } catch {
                logger.warning(
                    "feedback not written",
                    metadata: [SessionLogKey.errorType: .string(String(describing: type(of: error)))])
            }
        }
        return data
    }

    /// Appends `data` and a line break to the file at `url` in one write, creating it (mode 0600) and its folder
    /// (mode 0700) when missing. The file is opened for appending, so writers in several processes do not overwrite
    /// each other's lines.
    static func append(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? handle.close() }
        try handle.write(contentsOf: data + Data("\n".utf8))
    }
}
