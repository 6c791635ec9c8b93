import GenUIFoundationModels
import GenUITestSupport
import Testing

/// A hand-written `Generable` type that is not `Sendable` (a class with mutable state), as app code writes one for a
/// view model: Foundation Models does not demand `Sendable` of generated types.
final class Checklist: Generable {
    var title: String
    var items: [String]

    init(title: String, items: [String]) {
        self.title = title
        self.items = items
    }

    static var generationSchema: GenerationSchema {
        GenerationSchema(
            type: Checklist.self, description: "A checklist",
            properties: [
                GenerationSchema.Property(name: "title", type: String.self),
                GenerationSchema.Property(name: "items", type: [String].self, guides: [.count(2...4)]),
            ])
    }

    /// Reads complete content strictly and a snapshot's partial content leniently.
    init(_ content: GeneratedContent) throws {
        if content.isComplete {
            title = try content.value(String.self, forProperty: "title")
            items = try content.value([String].self, forProperty: "items")
        } else {
            title = (try? content.value(String.self, forProperty: "title")) ?? ""
            items = (try? content.value([String].self, forProperty: "items")) ?? []
        }
    }

    var generatedContent: GeneratedContent {
        GeneratedContent(properties: ["title": title, "items": items])
    }

    func add(_ item: String) { items.append(item) }
}

/// `respond(generating:)` and `streamResponse(generating:)` with a type that is not `Sendable`, from the main actor
/// as a view model calls them.
@Suite("Foundation Models API: generated types need not be Sendable", .tags(.unit))
@MainActor
struct NonSendableContentAPITests {
    @Test("respond(to:generating:) returns a non-Sendable value the caller owns and mutates")
    func respondGeneratingNonSendable() async throws {
        let session = LanguageModelSession(model: ScriptedLanguageModel(seed: 2))
        let response = try await session.respond(to: "Pack for a weekend hike", generating: Checklist.self)
        let checklist = response.content
        #expect((2...4).contains(checklist.items.count), "\(checklist.items)")
        #expect(!checklist.title.isEmpty)
        checklist.add("water")
        #expect(checklist.items.last == "water")
        #expect(try response.rawContent.value([String].self, forProperty: "items").count == checklist.items.count - 1)
    }

    @Test("streamResponse(generating:) yields non-Sendable snapshots and collect() the final value")
    func streamGeneratingNonSendable() async throws {
        let session = LanguageModelSession(model: ScriptedLanguageModel(seed: 2))
        let stream = session.streamResponse(generating: Checklist.self) {
            "Pack for a weekend hike"
        }
        var snapshots: [Checklist] = []
        for try await snapshot in stream {
            snapshots.append(snapshot.content)
        }
        let last = try #require(snapshots.last)
        #expect((2...4).contains(last.items.count), "\(last.items)")
        let final = try await stream.collect().content
        #expect(final.items == last.items)
        #expect(final.title == last.title)
        #expect(final !== last, "each reader decodes its own value")
    }
}
