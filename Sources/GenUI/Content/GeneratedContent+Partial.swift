/// Reading content that is still streaming: what the `PartiallyGenerated` types written by `@Generable` use.
///
/// A property that is missing, `null`, or still too incomplete to read (an unfinished case name, say) reads as
/// `nil`; a complete value of the wrong shape is still a decoding failure naming its path.
extension GeneratedContent {
    /// Reads the property `name` of a possibly incomplete object.
    public func partialValue<Value: ConvertibleFromGeneratedContent>(
        _ type: Value.Type = Value.self, forProperty name: String
    ) throws -> Value? {
        guard let content = try partialProperty(name) else { return nil }
        do {
            return try Self.decoding(at: JSONPointer.escape(name)) { try Value(content) }
        } catch  where !content.isComplete {
            return nil
        }
    }

    /// Reads the array property `name` of a possibly incomplete object; a last element still too incomplete to
    /// read is left out.
    public func partialElements<Element: ConvertibleFromGeneratedContent>(
        _ type: Element.Type = Element.self, forProperty name: String
    ) throws -> [Element]? {
        guard let content = try partialProperty(name) else { return nil }
        let pointer = JSONPointer.escape(name)
        guard case .array(let elements) = content.kind else {
            if !content.isComplete { return nil }
            throw GenUIError.decoding(pointer, "expected an array, found \(content.kindName)")
        }
        var values: [Element] = []
        for (index, element) in elements.enumerated() {
            do {
                values.append(try Self.decoding(at: pointer + JSONPointer.index(index)) { try Element(element) })
            } catch  where !element.isComplete && index == elements.count - 1 {
                break
            }
        }
        return values
    }

    private func partialProperty(_ name: String) throws -> GeneratedContent? {
        guard case .structure(let properties, _) = kind else {
            throw GenUIError.decoding("", "expected an object, found \(kindName)")
        }
        guard let content = properties[name], content.kind != .null else { return nil }
        return content
    }
}

extension GenUIError {
    /// The failure for a case name that names no case of an enum, at `path`.
    public static func unknownCase(_ name: String, expected: [String], path: String = "") -> GenUIError {
        let list = expected.map(JSONWriter.quote).joined(separator: ", ")
        return .decoding(path, "\(JSONWriter.quote(name)) is not one of the cases \(list)")
    }
}
