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

    /// The number of reference tokens in `pointer`, counted without splitting it.
    public static func tokenCount(_ pointer: String) -> Int {
        guard pointer != "", pointer != "/" else { return 0 }
        let slashes = pointer.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
        return pointer.hasPrefix("/") ? slashes : slashes + 1
    }

    /// Sets (or, with `nil`, removes) the value at `pointer`, creating objects on the way; `-` appends to an array.
    /// Returns `false` when the pointer runs through a value that is neither object nor array, or has more than
    /// ``A2UILimits/defaultMaximumPathDepth`` tokens.
    @discardableResult
    public mutating func setValue(_ value: GeneratedContent?, at pointer: String) -> Bool {
        do {
            try update(value, at: pointer)
            return true
        } catch {
            return false
        }
    }

    /// Sets (or, with `nil`, removes) the value at `pointer`, creating objects on the way; `-` appends to an array.
    ///
    /// A pointer of more than `maximumPathDepth` tokens is refused before anything is built, so the model never
    /// grows deeper than that plus the depth of one message's value; every walk over it stays shallow.
    public mutating func update(
        _ value: GeneratedContent?, at pointer: String, maximumPathDepth: Int = A2UILimits.defaultMaximumPathDepth
    ) throws(A2UIDataModelError) {
        let count = Self.tokenCount(pointer)
        guard count <= maximumPathDepth else { throw .pathTooDeep(tokens: count, limit: maximumPathDepth) }
        let tokens = Self.tokens(pointer)
        guard !tokens.isEmpty else {
            root = value ?? GeneratedContent(kind: .structure(properties: [:], orderedKeys: []))
            return
        }
        guard let updated = Self.setting(value, in: root, tokens: tokens[...]) else { throw .notAContainer }
        root = updated
    }

    /// The estimated bytes (``A2UISize``) that setting `value` at `pointer` would remove and add, the objects it
    /// creates on the way and the key it sets included; walks the pointer without recursion and measures the new
    /// value no further than `limit`. The same value counts the same when it is added and when it is removed.
    func sizeChange(_ value: GeneratedContent?, at pointer: String, limit: Int) -> (removed: Int, added: Int) {
        let tokens = Self.tokens(pointer)
        func measure(_ value: GeneratedContent?) -> Int { value.map { A2UISize.estimatedBytes($0, limit: limit) } ?? 0 }
        guard let last = tokens.last else { return (A2UISize.estimatedBytes(root), measure(value ?? Self.emptyObject)) }
        var parent = root
        for (position, token) in tokens.dropLast().enumerated() {
            let next: GeneratedContent?
            switch parent.kind {
            case .structure(let properties, _): next = properties[token]
            case .array(let elements):
                next = Self.arrayIndex(token).flatMap { $0 < elements.count ? elements[$0] : nil }
            default: next = nil
            }
            guard let found = next else {
                // The rest of the path is created as objects, each holding the next key.
                let created = tokens[position..<(tokens.count - 1)].reduce(0) {
                    $0 + A2UISize.bytesPerValue + $1.utf8.count
                }
                return (0, created + (value == nil ? 0 : measure(value) + last.utf8.count))
            }
            parent = found
        }
        switch parent.kind {
        case .structure(let properties, _):
            let removed = properties[last].map { A2UISize.estimatedBytes($0) + last.utf8.count } ?? 0
            return (removed, value == nil ? 0 : measure(value) + last.utf8.count)
        case .array(let elements):
            let existing = Self.arrayIndex(last).flatMap { $0 < elements.count ? elements[$0] : nil }
            return (existing.map { A2UISize.estimatedBytes($0) } ?? 0, measure(value))
        case .null:
            return (
                A2UISize.bytesPerValue, A2UISize.bytesPerValue + (value == nil ? 0 : measure(value) + last.utf8.count)
            )
        default:
            return (0, 0)
        }
    }

    /// Recursive, one level per token: bounded by the path depth checked in ``update(_:at:maximumPathDepth:)``.
    private static func setting(_ value: GeneratedContent?, in container: GeneratedContent, tokens: ArraySlice<String>)
        -> GeneratedContent?
    {
        guard let token = tokens.first else { return value }
        let rest = tokens.dropFirst()
        switch container.kind {
        case .array(var elements):
            if token == "-" {
                guard let child = rest.isEmpty ? value : setting(value, in: emptyObject, tokens: rest) else {
                    return container
                }
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

/// Why a data model update was refused.
public enum A2UIDataModelError: Error, Sendable, Hashable {
    /// The pointer runs through a value that is neither an object nor an array.
    case notAContainer
    /// The pointer has more reference tokens than the limit.
    case pathTooDeep(tokens: Int, limit: Int)
}
