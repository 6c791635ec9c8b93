import GenUI

/// A surface's data model: one JSON value addressed by JSON pointers (RFC 6901).
public struct A2UIDataModel: Sendable, Hashable {
    /// The whole model (an empty object at first).
    public private(set) var root: GeneratedContent

    /// Creates an empty model.
    public init(root: GeneratedContent = GeneratedContent(kind: .structure(properties: [:], orderedKeys: []))) {
        self.root = root
    }

    /// The reference tokens of `pointer`: `""` and `"/"` are the whole model; `~1` is `/` and `~0` is `~`.
    public static func tokens(_ pointer: String) -> [String] {
        guard pointer != "", pointer != "/" else { return [] }
        let body = pointer.hasPrefix("/") ? String(pointer.dropFirst()) : pointer
        return body.split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// The pointer made of `tokens`.
    public static func pointer(_ tokens: [String]) -> String {
        tokens.isEmpty ? "/" : tokens.map { JSONPointer.escape($0) }.joined()
    }

    /// The value at `pointer`, or `nil` when nothing is there.
    public func value(at pointer: String) -> GeneratedContent? {
        var current = root
        for token in Self.tokens(pointer) {
            switch current.kind {
            case .structure(let properties, _):
                guard let next = properties[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Self.arrayIndex(token), index < elements.count else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Sets (or, with `nil`, removes) the value at `pointer`, creating objects on the way; `-` appends to an array.
    /// Returns `false` when the pointer runs through a value that is neither object nor array.
    @discardableResult
    public mutating func setValue(_ value: GeneratedContent?, at pointer: String) -> Bool {
        let tokens = Self.tokens(pointer)
        guard !tokens.isEmpty else {
            root = value ?? GeneratedContent(kind: .structure(properties: [:], orderedKeys: []))
            return true
        }
        guard let updated = Self.setting(value, in: root, tokens: tokens[...]) else { return false }
        root = updated
        return true
    }

    private static func setting(_ value: GeneratedContent?, in container: GeneratedContent, tokens: ArraySlice<String>)
        -> GeneratedContent?
    {
        guard let token = tokens.first else { return value }
        let rest = tokens.dropFirst()
        switch container.kind {
        case .array(var elements):
            if token == "-" {
                guard let child = rest.isEmpty ? value : setting(value, in: emptyObject, tokens: rest) else { return container }
                elements.append(child)
                return GeneratedContent(kind: .array(elements))
            }
            guard let index = arrayIndex(token), index <= elements.count else { return nil }
            let existing = index < elements.count ? elements[index] : emptyObject
            if rest.isEmpty, value == nil {
                if index < elements.count { elements.remove(at: index) }
                return GeneratedContent(kind: .array(elements))
            }
            guard let child = setting(value, in: existing, tokens: rest) else { return nil }
            if index < elements.count { elements[index] = child } else { elements.append(child) }
            return GeneratedContent(kind: .array(elements))
        case .structure(var properties, var keys):
            if rest.isEmpty, value == nil {
                if properties.removeValue(forKey: token) != nil { keys.removeAll { $0 == token } }
                return GeneratedContent(kind: .structure(properties: properties, orderedKeys: keys))
            }
            guard let child = setting(value, in: properties[token] ?? emptyObject, tokens: rest) else { return nil }
            if properties.updateValue(child, forKey: token) == nil { keys.append(token) }
            return GeneratedContent(kind: .structure(properties: properties, orderedKeys: keys))
        case .null:
            return setting(value, in: emptyObject, tokens: tokens)
        default:
            return nil
        }
    }

    private static let emptyObject = GeneratedContent(kind: .structure(properties: [:], orderedKeys: []))

    /// A decimal array index without a leading zero, small enough to be an `Int`.
    static func arrayIndex(_ token: String) -> Int? {
        guard !token.isEmpty, token.count <= 9, token.allSatisfy(\.isASCII), token.allSatisfy(\.isNumber),
            token == "0" || !token.hasPrefix("0")
        else { return nil }
        return Int(token)
    }
}
