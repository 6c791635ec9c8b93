import GenUI
import GenUIDoctor
import GenUIRouter
import GenUIScreens

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension GenerateCommand {
    /// Whether the screen is drawn as it streams: text output to a terminal, and every member of the chain can
    /// stream (so a streamed request is routed exactly as a whole one would be).
    func wantsLivePreview(_ chain: ProviderChain) async -> Bool {
        guard format == .text, out == nil, Console.isTerminal(STDOUT_FILENO), Console.textHeight() != nil else {
            return false
        }
        for member in chain.members where await !member.model.supportedCapabilities.contains(.streaming) {
            return false
        }
        return true
    }

    /// Composes while drawing each preview on the terminal; the preview is erased before the final screen (or the
    /// error) is printed. The spinner stops when the first preview is drawn.
    func composeDrawingPreviews(
        _ composer: ScreenComposer, spinner: ProgressSpinner, colors: Bool
    ) async throws -> ComposedScreen {
        var preview = LiveScreenPreview(colors: colors, width: Console.textWidth(), height: Console.textHeight() ?? 24)
        do {
            for try await event in composer.stream(intent) {
                switch event {
                case .preview(let screen):
                    await spinner.stop()
                    preview.draw(screen)
                case .completed(let composed):
                    preview.erase()
                    return composed
                }
            }
        } catch {
            preview.erase()
            throw error
        }
        preview.erase()
        throw CancellationError()
    }
}
