import Foundation

/// Writes ``GeneratedContent`` as compact JSON, object keys in their generated order.
public enum JSONWriter {
    /// The value as compact JSON.
    public static func write(_ content: GeneratedContent) -> String {
        String(decoding: utf8(content), as: UTF8.self)
    }

    /// The value as compact JSON, in UTF-8: what an HTTP body holds, without a `String` in between.
    public static func utf8(_ content: GeneratedContent) -> [UInt8] {
        var output: [UInt8] = []
        // One allocation for the whole text when nothing needs escaping (an image's base64 would otherwise be copied
        // again as the buffer doubles after it).
        output.reserveCapacity(sizeWithoutEscapes(of: content))
        write(content, into: &output)
        return output
    }

    /// The value as compact JSON in UTF-8, written straight into the `Data` an HTTP request sends.
    public static func data(_ content: GeneratedContent) -> Data {
        var output = Data(capacity: sizeWithoutEscapes(of: content))
        write(content, into: &output)
        return output
    }

    /// The length of `content`'s JSON text if none of its strings needed an escape (numbers counted at their
    /// longest): what the writer's buffer starts with.
    private static func sizeWithoutEscapes(of content: GeneratedContent) -> Int {
        switch content.kind {
        case .null, .bool: 5
        case .number: 24
        case .string(let value): value.utf8.count + 2
        case .array(let elements): elements.reduce(2) { $0 + sizeWithoutEscapes(of: $1) + 1 }
        case .structure(let properties, let keys):
            keys.reduce(2) { size, key in
                size + key.utf8.count + 4 + (properties[key].map(sizeWithoutEscapes(of:)) ?? 0)
            }
        }
    }

    /// A JSON number: integers without a fraction, others in Swift's shortest round-tripping form.
    public static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number.rounded() == number && abs(number) < 1e15 {
            return String(Int64(number))
        }
        return "\(number)"
    }

    /// A JSON string literal for `text`, quoted and escaped.
    public static func quote(_ text: String) -> String {
        var output: [UInt8] = []
        writeString(text, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func write<Output: RangeReplaceableCollection<UInt8>>(
        _ content: GeneratedContent, into output: inout Output
    ) {
        switch content.kind {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): output.append(contentsOf: format(value).utf8)
        case .string(let value): writeString(value, into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .structure(let properties, let keys):
            output.append(UInt8(ascii: "{"))
            var first = true
            for key in keys {
                guard let value = properties[key] else { continue }
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                writeString(key, into: &output)
                output.append(UInt8(ascii: ":"))
                write(value, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString<Output: RangeReplaceableCollection<UInt8>>(
        _ text: String, into output: inout Output
    ) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            // Runs of bytes that need no escape are appended whole (a long string — an image's base64 — is one
            // run); only quotes, backslashes, control characters and U+2028/U+2029 are written one by one.
            guard let base = UnsafeRawPointer(bytes.baseAddress) else { return }
            var runStart = 0
            var index = 0
            func flush(upTo end: Int) {
                guard runStart < end else { return }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end]))
            }
            while index < bytes.count {
                // Eight bytes at a time while none of them can need an escape (a base64 image scans in an eighth of
                // the steps); a word that may holds the next byte to look at one by one.
                while index + 8 <= bytes.count,
                    !mayNeedEscape(base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                {
                    index += 8
                }
                guard index < bytes.count else { break }
                let byte = bytes[index]
                var length = 1
                let escape: String?
                switch byte {
                case 0x22: escape = "\\\""
                case 0x5C: escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0x08: escape = "\\b"
                case 0x0C: escape = "\\f"
                case 0..<0x20:
                    let hex = String(byte, radix: 16)
                    escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                case 0xE2
                where index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    length = 3
                default: escape = nil
                }
                guard let escape else {
                    index += 1
                    continue
                }
                flush(upTo: index)
                output.append(contentsOf: escape.utf8)
                index += length
                runStart = index
            }
            flush(upTo: bytes.count)
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Whether any of the eight bytes of `word` is one ``writeString(_:into:)`` may escape: a control character
    /// (below 0x20), a quote, a backslash, or 0xE2 (the first byte of U+2028 and U+2029). Exact for "none": a `false`
    /// answer means no byte of the word needs an escape.
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        /// Some byte of `value` is zero.
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let belowSpace = (word &- ones &* 0x20) & ~word & highs != 0
        return belowSpace || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
            || hasZeroByte(word ^ (ones &* 0xE2))
    }
}
