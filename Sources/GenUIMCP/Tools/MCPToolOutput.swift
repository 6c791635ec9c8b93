import Foundation
import GenUI
import MCP

/// A tool result as the output the model reads.
enum MCPToolOutput {
    /// The result's content as prompt segments: structured content as a structured segment, text as text, images as
    /// image attachments, embedded text resources as their text, and what a model cannot read (audio, binary
    /// resources) as a line saying what it was. Throws when the result is over the size limit or marks an error.
    static func prompt(from result: CallTool.Result, tool: String, server: MCPServerConfiguration) throws
        -> GenUI.Prompt
    {
        func error(_ reason: MCPServerError.Reason) -> MCPServerError {
            MCPServerError(server: server.name, tool: tool, location: server.location, reason: reason)
        }
        let structuredJSON = result.structuredContent.flatMap { try? JSONEncoder().encode($0) }
        let size = byteCount(of: result, structuredJSON: structuredJSON)
        guard size <= server.maximumResultBytes else {
            throw error(.resultTooLarge(bytes: size, limit: server.maximumResultBytes))
        }
        if result.isError == true {
            let message = result.content.compactMap { content -> String? in
                if case .text(let text, _, _) = content { return text }
                return nil
            }.joined(separator: "\n")
            throw error(.toolFailed(message: String(message.prefix(2000))))
        }
        var segments: [Transcript.Segment] = []
        let structured = structuredJSON.flatMap { structuredContent(json: $0, of: result, tool: tool) }
        if let structured { segments.append(.structure(structured)) }
        for content in result.content {
            switch content {
            case .text(let text, _, _):
                // A text block that only serializes the structured content (the protocol asks servers to send both)
                // is read once, as the structured segment.
                if structured == nil { segments.append(.text(.init(content: text))) }
            case .image(let data, let mimeType, _, _):
                if let url = URL(string: "data:\(mimeType);base64,\(data)") {
                    segments.append(.attachment(.init(content: .image(.init(imageURL: url)))))
                }
            case .audio(let data, let mimeType, _, _):
                segments.append(.text(.init(content: "[audio, \(mimeType), \(data.count * 3 / 4) bytes, not shown]")))
            case .resource(let resource, _, _):
                if let text = resource.text {
                    segments.append(.text(.init(content: "\(resource.uri):\n\(text)")))
                } else {
                    let bytes = (resource.blob?.count ?? 0) * 3 / 4
                    let type = resource.mimeType ?? "data"
                    segments.append(
                        .text(.init(content: "[resource \(resource.uri), \(type), \(bytes) bytes, not shown]")))
                }
            case .resourceLink(let uri, let name, let title, let description, _, _):
                let label = [title ?? name, description].compactMap { $0 }.joined(separator: ": ")
                segments.append(.text(.init(content: "resource link \(uri) (\(label))")))
            }
        }
        return GenUI.Prompt(segments: segments)
    }

    /// The result's structured content as a segment, when its text blocks only repeat it as JSON (or there are
    /// none). A server that wrote its own text beside it (the Python SDK wraps a plain `str` result as
    /// `{"result": …}` and sends the string as text) is read as that text.
    private static func structuredContent(json: Data, of result: CallTool.Result, tool: String)
        -> Transcript.StructuredSegment?
    {
        guard let expected = try? JSONSerialization.jsonObject(with: json, options: .fragmentsAllowed) as? NSObject
        else { return nil }
        for case .text(let text, _, _) in result.content {
            // Text that is not JSON at all (the common case of a plain answer) is told apart by its first byte.
            guard let first = text.utf8.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }),
                first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
            else { return nil }
            let parsed =
                try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? NSObject
            guard let parsed, parsed.isEqual(expected) else { return nil }
        }
        guard let content = try? GeneratedContent(json: String(decoding: json, as: UTF8.self)) else { return nil }
        return Transcript.StructuredSegment(source: tool, content: content)
    }

    /// The size of a result's content: text in UTF-8 bytes, data as sent (base64), structured content as JSON.
    static func byteCount(of result: CallTool.Result, structuredJSON: Data? = nil) -> Int {
        var total =
            structuredJSON?.count ?? result.structuredContent.flatMap { try? JSONEncoder().encode($0).count } ?? 0
        for content in result.content {
            switch content {
            case .text(let text, _, _): total += text.utf8.count
            case .image(let data, _, _, _), .audio(let data, _, _, _): total += data.utf8.count
            case .resource(let resource, _, _):
                total += (resource.text?.utf8.count ?? 0) + (resource.blob?.utf8.count ?? 0)
            case .resourceLink(let uri, let name, _, let description, _, _):
                total += uri.utf8.count + name.utf8.count + (description?.utf8.count ?? 0)
            }
        }
        return total
    }
}
