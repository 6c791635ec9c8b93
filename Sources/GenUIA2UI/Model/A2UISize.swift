import GenUI

/// Sizes of JSON values measured without recursion and without looking further than a bound, so measuring a hostile
/// value costs at most the bound.
enum A2UISize {
    /// What one value counts besides its strings, in bytes (roughly what it takes in memory).
    static let bytesPerValue = 64

    /// The estimated size of `value`: ``bytesPerValue`` for each value plus the UTF-8 bytes of its strings and keys;
    /// stops counting once past `limit` (the result is then just over `limit`).
    static func estimatedBytes(_ value: GeneratedContent, limit: Int = .max) -> Int {
        var total = 0
        var stack = [value]
        while let next = stack.popLast() {
            total += bytesPerValue
            switch next.kind {
            case .string(let text): total += text.utf8.count
            case .array(let elements): stack += elements
            case .structure(let properties, let keys):
                for key in keys {
                    total += key.utf8.count
                    if let child = properties[key] { stack.append(child) }
                }
            default: break
            }
            if total > limit { return total }
        }
        return total
    }

    /// The nesting depth of `value` (a scalar is 1), measured without recursion; stops once past `limit`.
    static func depth(_ value: GeneratedContent, limit: Int) -> Int {
        var deepest = 0
        var stack = [(value, 1)]
        while let (next, level) = stack.popLast() {
            deepest = max(deepest, level)
            if deepest > limit { return deepest }
            switch next.kind {
            case .array(let elements): stack += elements.map { ($0, level + 1) }
            case .structure(let properties, _): stack += properties.values.map { ($0, level + 1) }
            default: break
            }
        }
        return deepest
    }

    /// `text` cut to at most `bytes` UTF-8 bytes (never inside a scalar); costs at most `bytes`, however long `text`
    /// is.
    static func prefix(_ text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var scalars = String.UnicodeScalarView()
        var used = 0
        for scalar in text.unicodeScalars {
            let size = UTF8.width(scalar)
            guard used + size <= bytes else { break }
            scalars.append(scalar)
            used += size
        }
        return String(scalars)
    }

    /// `text` shortened for a problem's detail: at most `bytes` UTF-8 bytes, with `…` when cut.
    static func clipped(_ text: String, bytes: Int = 200) -> String {
        text.utf8.count <= bytes ? text : prefix(text, bytes: bytes) + "…"
    }
}
