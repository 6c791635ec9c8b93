import Foundation
import GenUI

extension MCPTool {
    /// The tool's call shape for a person: `name(required: type, optional?: type)`, with enumerations written as
    /// `"a"|"b"`, from ``parameters``.
    public var signature: String {
        guard let data = parameters.jsonSchemaString().data(using: .utf8),
            let schema = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let properties = schema["properties"] as? [String: Any]
        else { return "\(name)(…)" }
        let required = schema["required"] as? [String] ?? []
        let order =
            required.filter { properties[$0] != nil } + properties.keys.filter { !required.contains($0) }.sorted()
        let parameters = order.map { key in
            let type = Self.typeName(properties[key] as? [String: Any] ?? [:])
            return required.contains(key) ? "\(key): \(type)" : "\(key)?: \(type)"
        }
        return "\(name)(\(parameters.joined(separator: ", ")))"
    }

    private static func typeName(_ schema: [String: Any]) -> String {
        if let choices = schema["enum"] as? [String] { return choices.map { "\"\($0)\"" }.joined(separator: "|") }
        if let constant = schema["const"] as? String { return "\"\(constant)\"" }
        if let options = schema["anyOf"] as? [[String: Any]] { return options.map(typeName).joined(separator: "|") }
        switch schema["type"] as? String {
        case "array": return "[\(typeName(schema["items"] as? [String: Any] ?? [:]))]"
        case let type?: return type
        default: return "any"
        }
    }
}
