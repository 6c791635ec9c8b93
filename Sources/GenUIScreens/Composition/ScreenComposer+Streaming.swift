import GenUI

/// One step of a streamed composition: a preview while the model writes, then the final screen.
public enum ScreenCompositionEvent: Sendable {
    /// The screen so far (``ScreenPreview``): not validated, for display only. Sent each time it changes.
    case preview(UIScreen)
    /// The validated (and, when needed, repaired) screen: the same result ``ScreenComposer/compose(_:)`` gives.
    case completed(ComposedScreen)
}

extension ScreenComposer {
    /// Composes a screen for `intent` as ``compose(_:)`` does, sending previews of the screen as its text arrives:
    /// the title first, then each section's components as each becomes complete (for an outlined composition, each
    /// named element as its value arrives).
    ///
    /// The request is streamed only when ``model`` has the `LanguageModelCapability.streaming` capability and no
    /// ``tools`` are set (a tool turn is not a screen); otherwise the stream holds just the completed screen. The
    /// final screen is the one ``compose(_:)`` would give: previews never change what is validated.
    /// Cancelling the iteration cancels the request.
    public func stream(_ intent: String) -> AsyncThrowingStream<ScreenCompositionEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let composed = try await streamComposing(intent) { continuation.yield(.preview($0)) }
                    continuation.yield(.completed(composed))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func streamComposing(_ intent: String, preview: (UIScreen) -> Void) async throws -> ComposedScreen {
        let (request, decision) = try await checkedRequest(for: intent)
        guard tools.isEmpty else {
            return settleValues(
                try assemble(try await respondWithTools(request), decision: decision), intent: intent,
                fromTools: true)
        }
        guard await model.supportedCapabilities.contains(.streaming) else {
            return settleValues(
                try assemble(try await model.respond(to: request), decision: decision), intent: intent,
                fromTools: false)
        }
        let outline = decision.outline
        var text = ""
        var nextParse = 0
        var shown: UIScreen?
        for try await event in model.streamResponse(to: request) {
            switch event {
            case .delta(let delta):
                text += delta
                // Parsing the whole prefix again costs its length: parse after the text has grown by an eighth
                // (at least 24 bytes), so a long answer in tiny deltas costs linear time, not quadratic.
                guard text.utf8.count >= nextParse else { continue }
                nextParse = text.utf8.count + max(24, text.utf8.count / 8)
                guard let partial = try? JSONParser.parsePartial(text),
                    let screen = outline.map({ $0.screen(from: partial, partial: true) })
                        ?? ScreenPreview.screen(from: partial),
                    screen != shown
                else { continue }
                shown = screen
                preview(screen)
            case .restarted:
                text = ""
                nextParse = 0
            case .completed(let response):
                return settleValues(try assemble(response, decision: decision), intent: intent, fromTools: false)
            }
        }
        throw GenUIError.serverError(
            status: nil,
            .init(provider: model.name, debugDescription: "the stream ended before the response was complete"))
    }
}
