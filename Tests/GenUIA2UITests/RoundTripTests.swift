import Foundation
import GenUI
import GenUIScreens
import GenUITestSupport
import Testing

@testable import GenUIA2UI

@Suite("A2UI round trip", .tags(.unit))
struct A2UIRoundTripTests {
    /// Every text a screen shows.
    static func texts(_ screen: UIScreen) -> [String] {
        var texts = [screen.title]
        for section in screen.sections {
            texts.append(section.title)
            for component in section.components {
                switch component {
                case .heading(let text): texts.append(text.text)
                case .paragraph(let text): texts.append(text.text)
                case .keyValue(let key, let value): texts += [key.text, value.text]
                case .badge(let label, _): texts.append(label.text)
                case .field(let label, _, _): texts.append(label.text)
                case .button(let label, _): texts.append(label.text)
                case .toggle(let label, _): texts.append(label.text)
                case .list(let items): texts += items.map(\.text)
                case .standings(let title, let rows): texts += [title.text] + rows.flatMap { [$0.name, $0.value] }
                case .divider: break
                }
            }
        }
        return texts
    }

    static let screens: [UIScreen] =
        UIComponent.kinds.map { ScreenFixtures.screen(with: $0) } + [ScreenFixtures.everything]

    @Test(
        "the screen renderer writes GenUIA2UI's own messages: the reader reads back exactly what it built",
        arguments: screens.indices)
    func writerAndReaderShareOneModel(index: Int) throws {
        let renderer = A2UIRenderer(surfaceID: "screen")
        let built = renderer.a2uiMessages(for: Self.screens[index])
        let lines = renderer.render(Self.screens[index]).split(separator: "\n")
        #expect(lines.count == built.count)
        let reader = A2UIMessageReader()
        for (number, (line, message)) in zip(lines, built).enumerated() {
            let read = reader.read(String(line), line: number + 1)
            #expect(read.problems == [])
            #expect(read.message == message)
        }
        guard case .createSurface(_, let catalogID, _, _)? = built.first else {
            Issue.record("the stream should start a surface")
            return
        }
        #expect(catalogID == A2UICatalog.basicCatalogID)
    }

    @Test(
        "every genui screen exported as A2UI renders back, without problems, showing the same texts in the terminal and in HTML",
        arguments: screens.indices)
    func roundTrip(index: Int) throws {
        let screen = Self.screens[index]
        var client = A2UIClient()
        #expect(client.process(jsonl: A2UIRenderer(surfaceID: "screen").render(screen)) == [])
        let resolution = try #require(client.resolve(surfaceID: "screen"))
        #expect(resolution.problems == [])
        let tree = try #require(resolution.root)
        let terminal = A2UITerminalRenderer(width: 240).render(resolution)
        let html = A2UIHTMLRenderer().render([resolution])
        for text in Self.texts(screen) {
            #expect(tree.texts.contains(text), "\(text)")
            #expect(terminal.contains(text), "\(text) in\n\(terminal)")
            #expect(html.contains(A2UIHTMLRenderer.escape(text)), "\(text)")
        }
    }
}
