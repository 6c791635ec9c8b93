import Foundation
import GenUI
@testable import GenUIA2UI
import GenUITestSupport

/// Where the official A2UI v0.9 schemas and example live (`GENUI_A2UI_SCHEMAS`, else ../shared/a2ui-v0.9).
enum A2UIFixtures {
    static var schemas: URL { TestEnvironment.a2uiSchemas }

    static func contactForm() throws -> String {
        try String(contentsOf: schemas.appendingPathComponent("contact_form_example.jsonl"), encoding: .utf8)
    }

    /// A stream of `createSurface` for `surface` followed by one `updateComponents` with `components` (JSON objects).
    static func stream(_ components: [String], surface: String = "s", data: String? = nil) -> String {
        var lines = [
            #"{"version":"v0.9","createSurface":{"surfaceId":"\#(surface)","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}"#,
            #"{"version":"v0.9","updateComponents":{"surfaceId":"\#(surface)","components":[\#(components.joined(separator: ","))]}}"#,
        ]
        if let data { lines.append(#"{"version":"v0.9","updateDataModel":{"surfaceId":"\#(surface)","value":\#(data)}}"#) }
        return lines.joined(separator: "\n") + "\n"
    }
}
