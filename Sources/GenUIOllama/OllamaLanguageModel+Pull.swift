import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP

extension OllamaLanguageModel {
    /// Starts pulling the model (`POST /api/pull`) and reports its progress; while it runs, ``availability`` is
    /// `modelNotReady` with the same progress. The stream ends when the pull succeeds and throws when it fails.
    public func pull() -> AsyncThrowingStream<OllamaPullProgress, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task { await runPull(reportingTo: continuation) }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The body of ``pull()``: posts `/api/pull`, follows its NDJSON progress lines and finishes `continuation`.
    /// (A method rather than a closure body: the release optimizer of Swift 6.3 crashes on the closure form.)
    /// The pull's progress is cleared before the stream finishes, so a caller that checks availability as soon as
    /// the stream ends never sees the pull still under way.
    private func runPull(reportingTo continuation: AsyncThrowingStream<OllamaPullProgress, any Error>.Continuation)
        async
    {
        do {
            let key = try http.requestKey()
            state.pullProgress = OllamaPullProgress(status: "starting", completed: nil, total: nil)
            let body = ModelRequest(model: configuration.model, stream: true)
            let response = try await http.client.stream(
                .postJSON(
                    url("api/pull"), body: body, headers: headers(key: key), headTimeout: HTTPRequest.noHeadTimeout,
                    totalTimeout: .seconds(24 * 3600)))
            guard response.head.isSuccess else {
                let data = try await response.collect(limit: 1 << 20)
                throw mapError(status: response.head.status, headers: response.head.headers, body: data, key: key)
            }
            var succeeded = false
            for try await line in response.body.lines() {
                guard let progress = try pullProgress(fromLine: line) else { continue }
                state.pullProgress = progress
                continuation.yield(progress)
                if progress.status == "success" { succeeded = true }
            }
            guard succeeded else {
                throw GenUIError.transport(
                    .connectionLost(detail: "pull stream ended early"),
                    .init(debugDescription: "the pull of \(configuration.model) ended before it succeeded"))
            }
            state.pullProgress = nil
            state.invalidateDetails()
            continuation.finish()
        } catch {
            state.pullProgress = nil
            continuation.finish(throwing: http.attribute(error))
        }
    }

    /// One progress line of `/api/pull`: `nil` for a line that is not a JSON object; an error line throws.
    private func pullProgress(fromLine line: String) throws -> OllamaPullProgress? {
        guard let json = try? JSONParser.parse(line),
            let progress = WireReading.decode(PullProgressLine.self, from: json)
        else { return nil }
        if let message = progress.error {
            let shown = HTTPErrorMapping.clean(message, secrets: currentSecrets())
            throw GenUIError.serverError(
                status: nil, .init(debugDescription: "ollama pull \(configuration.model) failed: \(shown)"))
        }
        return OllamaPullProgress(
            status: HTTPErrorMapping.clean(progress.status ?? "", secrets: currentSecrets(), limit: 200),
            completed: progress.completed.flatMap { ExternalNumber.integer($0) },
            total: progress.total.flatMap { ExternalNumber.integer($0) })
    }
}

/// How far a pull has come.
public struct OllamaPullProgress: Sendable, Hashable {
    /// Ollama's status line ("pulling manifest", "pulling 6a0746a1ec1a", "verifying sha256 digest", "success").
    public var status: String
    /// Bytes of the current layer downloaded, when reported.
    public var completed: Int64?
    /// Bytes of the current layer in total, when reported.
    public var total: Int64?

    /// Creates a progress report.
    public init(status: String, completed: Int64?, total: Int64?) {
        self.status = status
        self.completed = completed
        self.total = total
    }

    /// `completed / total` in 0...1, when both are known.
    public var fraction: Double? {
        guard let completed, let total, total > 0 else { return nil }
        return min(1, max(0, Double(completed) / Double(total)))
    }
}
