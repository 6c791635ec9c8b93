/// A JSON parser that keeps object key order, enforces size and depth limits, reports line and column, and can
/// parse a prefix of a document (for streaming snapshots).
///
/// In partial mode, input that ends early yields the structure so far: an unclosed string is kept as far as it
/// goes, a property whose value has not started is dropped, and unfinished containers are marked
/// `isComplete == false`. Partial mode never throws for a prefix of a valid document.
public struct JSONParser {
    /// Bounds that keep hostile input from exhausting time or memory.
    public struct Limits: Sendable, Hashable {
        /// The largest input accepted, in UTF-8 bytes.
        public var maximumBytes: Int
        /// The deepest nesting of arrays and objects accepted.
        public var maximumDepth: Int

        /// Creates limits.
        public init(maximumBytes: Int = 16 << 20, maximumDepth: Int = 128) {
            self.maximumBytes = maximumBytes
            self.maximumDepth = maximumDepth
        }

        /// The defaults: 16 MiB, depth 128.
        public static let `default` = Limits()
    }

    /// How duplicate keys in one object are treated.
    public enum DuplicateKeys: Sendable {
        /// The last value wins (what most JSON parsers do).
        case keepLast
        /// A duplicate key is a syntax error.
        case reject
    }

    private let bytes: [UInt8]
    private var index = 0
    private let partial: Bool
    private let limits: Limits
    private let duplicateKeys: DuplicateKeys

    private init(_ text: String, partial: Bool, limits: Limits, duplicateKeys: DuplicateKeys) {
        self.bytes = Array(text.utf8)
        self.partial = partial
        self.limits = limits
        self.duplicateKeys = duplicateKeys
    }

    /// Parses one complete JSON document; anything but whitespace after it is an error.
    public static func parse(
        _ text: String, limits: Limits = .default, duplicateKeys: DuplicateKeys = .keepLast
    ) throws(GenUIError) -> GeneratedContent {
        var parser = JSONParser(text, partial: false, limits: limits, duplicateKeys: duplicateKeys)
        try parser.checkSize()
        parser.skipWhitespace()
        guard let value = try parser.parseValue(depth: 0) else { throw parser.error(.jsonUnexpectedEnd) }
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else {
            throw parser.error(.jsonTrailingCharacter, ["character": .data(parser.currentCharacter)])
        }
        return value
    }

    /// Parses a prefix of a JSON document. Returns `nil` when nothing usable has arrived yet; throws only when the
    /// text cannot be the start of any valid document.
    public static func parsePartial(_ text: String, limits: Limits = .default) throws(GenUIError)
        -> GeneratedContent?
    {
        var parser = JSONParser(text, partial: true, limits: limits, duplicateKeys: .keepLast)
        try parser.checkSize()
        parser.skipWhitespace()
        return try parser.parseValue(depth: 0)
    }

    // MARK: - Values

    private mutating func checkSize() throws(GenUIError) {
        guard bytes.count <= limits.maximumBytes else {
            throw GenUIError.decoding(
                "",
                DecodingDetail(.jsonTooLarge, ["size": .integer(bytes.count), "limit": .integer(limits.maximumBytes)]))
        }
    }

    /// Parses a value at the current position; `nil` means the input ended (partial mode) before a value began
    /// or while an atom (number, literal) was unfinished.
    private mutating func parseValue(depth: Int) throws(GenUIError) -> GeneratedContent? {
        guard index < bytes.count else {
            if partial { return nil }
            throw error(.jsonUnexpectedEnd)
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""):
            let (string, closed) = try parseString()
            if !closed && !partial { throw error(.jsonUnterminatedString) }
            return GeneratedContent(kind: .string(string), isComplete: closed)
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error(.jsonUnexpectedCharacter, ["character": .data(currentCharacter)])
        }
    }

    private mutating func parseObject(depth: Int) throws(GenUIError) -> GeneratedContent? {
        try checkDepth(depth)
        index += 1
        var properties: [String: GeneratedContent] = [:]
        var keys: [String] = []
        func result(complete: Bool) -> GeneratedContent {
            GeneratedContent(kind: .structure(properties: properties, orderedKeys: keys), isComplete: complete)
        }
        skipWhitespace()
        if try atEnd() { return result(complete: false) }
        if bytes[index] == UInt8(ascii: "}") {
            index += 1
            return result(complete: true)
        }
        while true {
            skipWhitespace()
            if try atEnd() { return result(complete: false) }
            guard bytes[index] == UInt8(ascii: "\"") else { throw error(.jsonExpectedPropertyName) }
            let (key, closed) = try parseString()
            if !closed { return result(complete: false) }
            skipWhitespace()
            if try atEnd() { return result(complete: false) }
            guard bytes[index] == UInt8(ascii: ":") else { throw error(.jsonExpectedColon, ["name": .data(key)]) }
            index += 1
            skipWhitespace()
            guard let value = try parseValue(depth: depth) else { return result(complete: false) }
            if properties.updateValue(value, forKey: key) == nil {
                keys.append(key)
            } else if duplicateKeys == .reject {
                throw error(.jsonDuplicateKey, ["name": .data(key)])
            }
            if !value.isComplete { return result(complete: false) }
            skipWhitespace()
            if try atEnd() { return result(complete: false) }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return result(complete: true)
            default: throw error(.jsonExpectedObjectSeparator)
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(GenUIError) -> GeneratedContent? {
        try checkDepth(depth)
        index += 1
        var elements: [GeneratedContent] = []
        skipWhitespace()
        if try atEnd() { return GeneratedContent(kind: .array(elements), isComplete: false) }
        if bytes[index] == UInt8(ascii: "]") {
            index += 1
            return GeneratedContent(kind: .array(elements))
        }
        while true {
            skipWhitespace()
            guard let value = try parseValue(depth: depth) else {
                return GeneratedContent(kind: .array(elements), isComplete: false)
            }
            elements.append(value)
            if !value.isComplete { return GeneratedContent(kind: .array(elements), isComplete: false) }
            skipWhitespace()
            if try atEnd() { return GeneratedContent(kind: .array(elements), isComplete: false) }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return GeneratedContent(kind: .array(elements))
            default: throw error(.jsonExpectedArraySeparator)
            }
        }
    }

    /// Returns the string and whether its closing quote was seen.
    private mutating func parseString() throws(GenUIError) -> (String, Bool) {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun(_ bytes: ArraySlice<UInt8>) throws(GenUIError) {
            guard !bytes.isEmpty else { return }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw error(.jsonInvalidUTF8)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try flushRun(bytes[runStart..<index])
                index += 1
                return (String(scalars), true)
            }
            if byte == UInt8(ascii: "\\") {
                try flushRun(bytes[runStart..<index])
                guard index + 1 < bytes.count else {
                    index = bytes.count
                    return try endOfStringInput(String(scalars))
                }
                let escape = bytes[index + 1]
                index += 2
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard let unit = try readHex4() else { return try endOfStringInput(String(scalars)) }
                    if (0xD800...0xDBFF).contains(unit) {
                        // A high surrogate must be followed by an escaped low surrogate. Input that ends where one
                        // could still follow (nothing, `\`, or in partial mode a cut `\uXX`) ended early; anything
                        // else after it is an unpaired surrogate.
                        let rest = bytes.count - index
                        let backslash = rest > 0 && bytes[index] == UInt8(ascii: "\\")
                        let escape = backslash && rest > 1 && bytes[index + 1] == UInt8(ascii: "u")
                        if rest == 0 || (backslash && rest == 1) || (escape && rest < 6 && partial) {
                            index = bytes.count
                            return try endOfStringInput(String(scalars))
                        }
                        guard escape else { throw error(.jsonUnpairedSurrogate) }
                        index += 2
                        guard let low = try readHex4() else { return try endOfStringInput(String(scalars)) }
                        guard (0xDC00...0xDFFF).contains(low) else { throw error(.jsonInvalidLowSurrogate) }
                        let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                        guard let scalar = Unicode.Scalar(value) else { throw error(.jsonInvalidUnicodeEscape) }
                        scalars.append(scalar)
                    } else {
                        guard let scalar = Unicode.Scalar(UInt32(unit)) else { throw error(.jsonUnpairedSurrogate) }
                        scalars.append(scalar)
                    }
                default:
                    index -= 1
                    throw error(.jsonInvalidEscape, ["character": .data(currentCharacter)])
                }
                runStart = index
                continue
            }
            if byte < 0x20 {
                throw error(.jsonControlCharacter, ["code": .data(String(byte, radix: 16, uppercase: true))])
            }
            index += 1
        }
        // Input ended inside the string; drop a trailing incomplete UTF-8 sequence in partial mode.
        var end = bytes.count
        if partial {
            var back = end - 1
            while back >= runStart && back > end - 4 && bytes[back] & 0xC0 == 0x80 { back -= 1 }
            if back >= runStart && bytes[back] >= 0xC0 {
                let needed = bytes[back] >= 0xF0 ? 4 : bytes[back] >= 0xE0 ? 3 : 2
                if end - back < needed { end = back }
            }
        }
        try flushRun(bytes[runStart..<end])
        return try endOfStringInput(String(scalars))
    }

    private func endOfStringInput(_ text: String) throws(GenUIError) -> (String, Bool) {
        if partial { return (text, false) }
        throw error(.jsonUnterminatedString)
    }

    /// Reads four hex digits after `\u`; `nil` when the input ends first (partial mode).
    private mutating func readHex4() throws(GenUIError) -> UInt16? {
        guard index + 4 <= bytes.count else {
            if partial {
                index = bytes.count
                return nil
            }
            throw error(.jsonUnterminatedUnicodeEscape)
        }
        var value: UInt16 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                index += offset
                throw error(.jsonInvalidHexDigit)
            }
            value = value << 4 | UInt16(digit)
        }
        index += 4
        return value
    }

    private mutating func parseNumber() throws(GenUIError) -> GeneratedContent? {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        let integerDigits = digits()
        if integerDigits == 0 {
            if index == bytes.count && partial { return nil }
            throw error(.jsonExpectedDigits)
        }
        if integerDigits > 1 && bytes[start + (bytes[start] == UInt8(ascii: "-") ? 1 : 0)] == UInt8(ascii: "0") {
            throw error(.jsonLeadingZero)
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 {
                if index == bytes.count && partial { return nil }
                throw error(.jsonExpectedFractionDigits)
            }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            if digits() == 0 {
                if index == bytes.count && partial { return nil }
                throw error(.jsonExpectedExponentDigits)
            }
        }
        // A number at the very end of partial input may still grow: it is not reported yet.
        if partial && index == bytes.count { return nil }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error(.jsonNumberOutOfRange, ["text": .data(String(text.prefix(40)))])
        }
        return GeneratedContent(kind: .number(value))
    }

    private mutating func parseLiteral(_ word: String, _ kind: GeneratedContent.Kind) throws(GenUIError)
        -> GeneratedContent?
    {
        for expected in word.utf8 {
            guard index < bytes.count else {
                if partial { return nil }
                throw error(.jsonUnexpectedEndInLiteral, ["word": .data(word)])
            }
            guard bytes[index] == expected else { throw error(.jsonInvalidLiteral, ["word": .data(word)]) }
            index += 1
        }
        return GeneratedContent(kind: kind)
    }

    // MARK: - Scanning

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    /// `true` at the end of input in partial mode; an error at the end of input otherwise.
    private func atEnd() throws(GenUIError) -> Bool {
        guard index >= bytes.count else { return false }
        if partial { return true }
        throw error(.jsonUnexpectedEnd)
    }

    private func checkDepth(_ depth: Int) throws(GenUIError) {
        guard depth <= limits.maximumDepth else {
            throw error(.jsonTooDeep, ["limit": .integer(limits.maximumDepth)])
        }
    }

    private var currentCharacter: String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return String(UnicodeScalar(byte)) }
        return "\\u{\(String(byte, radix: 16))}"
    }

    /// A decoding failure for `code` at the current position (its English is the failure's details).
    private func error(_ code: DecodingDetail.Code, _ arguments: [String: DecodingDetail.Argument] = [:]) -> GenUIError
    {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return .decoding("", DecodingDetail.json(code, line: line, column: column, arguments))
    }
}
