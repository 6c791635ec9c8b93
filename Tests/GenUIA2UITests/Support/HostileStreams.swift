import Foundation
import GenUI

@testable import GenUIA2UI

/// Streams that attack the client, the resolver and the renderers, each at most 1 MiB a line.
enum HostileStreams {
    static let create =
        #"{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}"#

    static func update(_ components: [String], surface: String = "s") -> String {
        #"{"version":"v0.9","updateComponents":{"surfaceId":"\#(surface)","components":[\#(components.joined(separator: ","))]}}"#
    }

    static func data(_ value: String, path: String = "/", surface: String = "s") -> String {
        #"{"version":"v0.9","updateDataModel":{"surfaceId":"\#(surface)","path":"\#(path)","value":\#(value)}}"#
    }

    /// One `updateDataModel` whose path has `segments` segments (`/a/a/…`), then a component bound to it.
    static func deepPath(segments: Int = 400_000) -> String {
        let path = String(repeating: "/a", count: segments)
        return [
            create, data(#""deep""#, path: path),
            update([#"{"id":"root","component":"Text","text":{"path":"\#(path)"}}"#]),
        ]
        .joined(separator: "\n") + "\n"
    }

    /// A line that is `levels` nested arrays.
    static func nestedArrays(levels: Int = 400_000) -> String {
        String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
    }

    /// A string of `lines` newlines bound into a List template of `items` items (about 1 MB of stream).
    static func outputBomb(lines: Int = 500_000, items: Int = 5_000) -> String {
        let text = String(repeating: #"\n"#, count: lines)
        let list = "[" + Array(repeating: "0", count: items).joined(separator: ",") + "]"
        return [
            create,
            update([
                #"{"id":"root","component":"List","children":{"componentId":"t","path":"/items"}}"#,
                #"{"id":"t","component":"Text","text":{"path":"/big"}}"#,
            ]),
            data(#""\#(text)""#, path: "/big"),
            data(list, path: "/items"),
        ].joined(separator: "\n") + "\n"
    }

    /// `count` text fields, each with a `regex` check that backtracks catastrophically.
    static func regexBomb(count: Int = 300) -> String {
        let subject = String(repeating: "a", count: 28) + "b"
        var components = [
            #"{"id":"root","component":"Column","children":[\#((0..<count).map { "\"f\($0)\"" }.joined(separator: ","))]}"#
        ]
        for index in 0..<count {
            components.append(
                #"{"id":"f\#(index)","component":"TextField","label":"F","value":"\#(subject)","checks":[{"condition":{"call":"regex","args":{"value":"\#(subject)","pattern":"^(a+)+$"}},"message":"no"}]}"#
            )
        }
        return [create, update(components)].joined(separator: "\n") + "\n"
    }

    /// A `formatString` whose template is `count` unclosed `${`.
    static func formatStringBomb(count: Int = 300_000) -> String {
        let template = String(repeating: "${", count: count)
        return [
            create,
            update([#"{"id":"root","component":"Text","text":{"call":"formatString","args":{"value":"\#(template)"}}}"#]
            ),
        ]
        .joined(separator: "\n") + "\n"
    }
}
