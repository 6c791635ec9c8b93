#if canImport(FoundationModels)
import Foundation
import FoundationModels

// A dynamic profile (Foundation Models 27): one session whose model follows a session property. The app asks the
// default model, and switches to its own small offline model when the user prefers answers that stay on the device
// (or when the default cannot answer); the conversation goes on in the same session.

/// Whether the user prefers answers that never leave the device.
struct PrefersOfflineKey: SessionPropertyKey {
    static var defaultValue: Bool { false }
}

extension SessionPropertyValues {
    var prefersOffline: Bool {
        get { self[PrefersOfflineKey.self] }
        set { self[PrefersOfflineKey.self] = newValue }
    }
}

/// The assistant's profile: the default model, or the app's offline model when the user prefers it.
struct AssistantProfile: LanguageModelSession.DynamicProfile {
    @SessionProperty(\.prefersOffline) var prefersOffline

    var body: some DynamicProfile {
        if prefersOffline {
            Profile { Instructions("Answer in one short sentence.") }.model(OfflineSuggestionModel())
        } else {
            Profile { Instructions("You suggest day trips.") }.model(SystemLanguageModel.default).temperature(0.7)
        }
    }
}

/// The app's own offline model: a Foundation Models 27 model whose executor answers from a fixed suggestion.
struct OfflineSuggestionModel: LanguageModel {
    typealias Executor = OfflineSuggestionExecutor

    var capabilities: LanguageModelCapabilities { LanguageModelCapabilities(capabilities: []) }
    var executorConfiguration: OfflineSuggestionExecutor.Configuration { .init() }
}

struct OfflineSuggestionExecutor: LanguageModelExecutor {
    struct Configuration: Hashable, Sendable {}

    init(configuration: Configuration) {}

    func respond(
        to request: LanguageModelExecutorGenerationRequest, model: OfflineSuggestionModel,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        let prompts = request.transcript.filter { if case .prompt = $0 { true } else { false } }.count
        await channel.send(
            .response(
                entryID: UUID().uuidString,
                action: .appendText("Walk the old town (prompt \(prompts) of this chat).", tokenCount: 12)))
    }
}

/// Asks the assistant twice in one session: as it is, then preferring offline answers.
func askAssistant() async -> String {
    let session = LanguageModelSession(profile: AssistantProfile())
    let first: String
    do {
        _ = try await session.respond(to: "Suggest a day trip from Lisbon.")
        first = "default answered"
    } catch {
        first = "default unavailable"
    }
    session.properties.prefersOffline = true
    do {
        let second = try await session.respond(to: "And one that needs no car?")
        return "\(first), offline answered: \(second.content)"
    } catch {
        return "\(first), offline failed: \(error)"
    }
}
#endif
