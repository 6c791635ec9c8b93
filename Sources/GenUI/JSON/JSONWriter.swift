/// Writes ``GeneratedContent`` as compact JSON, object keys in their generated order.
public enum JSONWriter {
    /// The value as compact JSON.
    public static func write(_ content: GeneratedContent) -> String {
        var output = ""
        write(content, into: &output)
        return output
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
        var output = ""
        writeString(text, into: &output)
        return output
    }

    private static func write(_ content: GeneratedContent, into output: inout String) {
        switch content.kind {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += format(value)
        case .string(let value): writeString(value, into: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                write(element, into: &output)
            }
            output += "]"
        case .structure(let properties, let keys):
            output += "{"
            var first = true
            for key in keys {
                guard let value = properties[key] else { continue }
                if !first { output += "," }
                first = false
                writeString(key, into: &output)
                output += ":"
                write(value, into: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ text: String, into output: inout String) {
        output += "\""
        var text = text
        text.withUTF8 { bytes in
            // Runs of bytes that need no escape are appended whole (a long string — an image's base64 — is one
            // run); only quotes, backslashes, control characters and U+2028/U+2029 are written one by one.
            guard let base = UnsafeRawPointer(bytes.baseAddress) else { return }
            var runStart = 0
            var index = 0
            func flush(upTo end: Int) {
                guard runStart < end else { return }
                output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<end]), as: UTF8.self)
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
                output += escape
                index += length
                runStart = index
            }
            flush(upTo: bytes.count)
        }
        output += "\""
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
