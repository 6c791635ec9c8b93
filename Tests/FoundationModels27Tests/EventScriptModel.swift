import Foundation
import GenUI
import Synchronization
import UniformTypeIdentifiers

/// A Foundation Models 27 model whose executor sends, for its n-th turn, the n-th list of events of its script, and
/// records every request it was asked: a way to check what a session makes of each event.
struct EventScriptModel: LanguageModel {
    typealias Executor = EventScriptExecutor
    typealias Event = LanguageModelExecutorGenerationChannel.Event

    let script: EventScript
    var declared: [LanguageModelCapability] = [.guidedGeneration, .toolCalling]
    /// Configurations that differ get executors of their own.
    var configurationLabel = "script"

    var capabilities: LanguageModelCapabilities { LanguageModelCapabilities(declared) }
    var executorConfiguration: EventScriptExecutor.Configuration { .init(label: configurationLabel) }

    func supportsDataEntryType(_ type: UTType) async throws -> Bool { type.conforms(to: .json) }
}

/// The turns a script model plays, and the requests it was asked.
final class EventScript: Sendable {
    let turns: [[LanguageModelExecutorGenerationChannel.Event]]
    private let asked = Mutex<[LanguageModelExecutorGenerationRequest]>([])

    init(_ turns: [[LanguageModelExecutorGenerationChannel.Event]]) {
        self.turns = turns
    }

    /// The requests asked so far.
    var requests: [LanguageModelExecutorGenerationRequest] { asked.withLock { $0 } }

    /// Records `request` and returns its turn's events.
    func play(_ request: LanguageModelExecutorGenerationRequest) -> [LanguageModelExecutorGenerationChannel.Event] {
        let turn = asked.withLock { asked in
            asked.append(request)
            return asked.count - 1
        }
        return turn < turns.count ? turns[turn] : []
    }
}

struct EventScriptExecutor: LanguageModelExecutor {
    struct Configuration: Hashable, Sendable {
        var label: String
    }

    /// How many executors were made, by configuration label.
    static let made = Mutex<[String: Int]>([:])

    init(configuration: Configuration) {
        Self.made.withLock { $0[configuration.label, default: 0] += 1 }
    }

    func respond(
        to request: LanguageModelExecutorGenerationRequest, model: EventScriptModel,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        for event in model.script.play(request) {
            await channel.send(event)
        }
    }
}
