import Foundation
import GenUI

/// Structural rules of an A2UI surface the schemas cannot express.
enum A2UIStructure {
    /// Problems with the stream's structure; empty when it is a well-formed single surface.
    static func problems(in jsonl: String) throws -> [String] {
        let messages = try jsonl.split(whereSeparator: \.isNewline).map { try GeneratedContent(json: String($0)) }
        var problems: [String] = []
        guard messages.count >= 2,
            let create = messages[0].orderedProperties?.first(where: { $0.key == "createSurface" })?.value,
            let update = messages[1].orderedProperties?.first(where: { $0.key == "updateComponents" })?.value
        else { return ["expected createSurface then updateComponents"] }
        let catalog = try create.value(String.self, forProperty: "catalogId")
        if catalog != "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json" {
            problems.append("catalogId is \(catalog)")
        }
        let components = try update.value([GeneratedContent].self, forProperty: "components")
        var byID: [String: GeneratedContent] = [:]
        for component in components {
            let id = try component.value(String.self, forProperty: "id")
            if byID.updateValue(component, forKey: id) != nil { problems.append("duplicate id \(id)") }
        }
        if byID["root"] == nil { problems.append("no component has the id root") }
        var referenced: [String: Int] = [:]
        for component in components {
            let id = try component.value(String.self, forProperty: "id")
            let kind = try component.value(String.self, forProperty: "component")
            var children = (try component.value([String]?.self, forProperty: "children")) ?? []
            if let child = try component.value(String?.self, forProperty: "child") { children.append(child) }
            for child in children {
                referenced[child, default: 0] += 1
                if byID[child] == nil { problems.append("\(id) refers to a missing component \(child)") }
            }
            if kind == "Button", let child = try component.value(String?.self, forProperty: "child") {
                let childKind = try byID[child].map { try $0.value(String.self, forProperty: "component") }
                if childKind != "Text" { problems.append("button \(id)'s child \(child) is not a Text") }
            }
        }
        for id in byID.keys where id != "root" && referenced[id] != 1 {
            problems.append(
                "\(id) is referenced \(referenced[id] ?? 0) times; every component but root needs one parent")
        }
        if referenced["root"] != nil { problems.append("root has a parent") }
        return problems
    }
}
