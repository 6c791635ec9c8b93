@_spi(Reading) import GenUI
import GenUITestSupport

@testable import GenUIOnDevice

/// A small app-screen sketch: a title and one to four labelled items of a fixed kind.
struct ScreenSketch: Generable, Equatable {
    struct Item: Generable, Equatable {
        var label: String
        var kind: String

        static let kinds = ["button", "textField", "text", "image", "toggle", "list"]

        static var generationSchema: GenerationSchema {
            GenerationSchema(
                type: Item.self, description: "One element of the screen",
                properties: [
                    .init(name: "label", description: "Visible text", type: String.self, guides: [.maximumLength(32)]),
                    .init(name: "kind", description: "Element kind", type: String.self, guides: [.anyOf(kinds)]),
                ])
        }

        init(label: String, kind: String) {
            self.label = label
            self.kind = kind
        }

        init(_ content: GeneratedContent) throws {
            label = try content.value(forProperty: "label")
            kind = try content.value(forProperty: "kind")
        }

        var generatedContent: GeneratedContent {
            GeneratedContent(properties: ["label": label, "kind": kind])
        }
    }

    var title: String
    var items: [Item]

    static var generationSchema: GenerationSchema {
        GenerationSchema(
            type: ScreenSketch.self, description: "An app screen",
            properties: [
                .init(name: "title", description: "Screen title", type: String.self, guides: [.maximumLength(40)]),
                .init(
                    name: "items", description: "Elements, top to bottom", type: [Item].self, guides: [.count(1...4)]),
            ])
    }

    init(_ content: GeneratedContent) throws {
        title = try content.value(forProperty: "title")
        items = try content.value(forProperty: "items")
    }

    var generatedContent: GeneratedContent {
        GeneratedContent(properties: ["title": title, "items": items])
    }
}

/// A request body as the wire carries it.
func wire(_ body: some Encodable) throws -> GeneratedContent {
    try ContentEncoder().content(of: body)
}
