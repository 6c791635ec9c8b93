extension GenerationSchema {
    /// `content` as this schema hands it back: when ``representNilExplicitlyInGeneratedContent`` is `true` and the
    /// root is an object, each optional property `content` lacks is added as `null`, and the properties follow the
    /// schema's order; otherwise `content` unchanged.
    public func representingNil(in content: GeneratedContent) -> GeneratedContent {
        guard representNilExplicitlyInGeneratedContent, case .object(let object)? = resolve(root),
            case .structure(var properties, let keys) = content.kind
        else { return content }
        let declared = object.properties.map(\.name)
        var ordered: [String] = []
        for property in object.properties {
            if properties[property.name] != nil {
                ordered.append(property.name)
            } else if property.isOptional {
                properties[property.name] = GeneratedContent(kind: .null)
                ordered.append(property.name)
            }
        }
        ordered += keys.filter { !declared.contains($0) }
        return GeneratedContent(
            kind: .structure(properties: properties, orderedKeys: ordered), id: content.id,
            isComplete: content.isComplete)
    }
}
