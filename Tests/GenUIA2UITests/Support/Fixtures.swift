import Foundation
import GenUI
import GenUITestSupport

@testable import GenUIA2UI

/// The A2UI streams the tests read: the official v0.9 example when `GENUI_A2UI_SCHEMAS` names its folder (tests that
/// read it are enabled only then), and streams built here.
enum A2UIFixtures {
    /// Whether the official example stream is provided.
    static let hasOfficialExample = TestEnvironment.a2uiOfficialExample != nil

    /// The official example stream's path (tests that call this are enabled only with ``hasOfficialExample``).
    static var officialExamplePath: String {
        TestEnvironment.a2uiOfficialExample?.path ?? "/nonexistent/contact_form_example.jsonl"
    }

    static func contactForm() throws -> String {
        try String(contentsOfFile: officialExamplePath, encoding: .utf8)
    }

    /// A stream of `createSurface` for `surface` followed by one `updateComponents` with `components` (JSON objects).
    static func stream(_ components: [String], surface: String = "s", data: String? = nil) -> String {
        var lines = [
            #"{"version":"v0.9","createSurface":{"surfaceId":"\#(surface)","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}"#,
            #"{"version":"v0.9","updateComponents":{"surfaceId":"\#(surface)","components":[\#(components.joined(separator: ","))]}}"#,
        ]
        if let data {
            lines.append(#"{"version":"v0.9","updateDataModel":{"surfaceId":"\#(surface)","value":\#(data)}}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
