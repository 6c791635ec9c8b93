import Foundation

/// Reads a String Catalog (`.xcstrings`, the JSON format of Apple's localization tools): the place of each key's entry
/// (``index(_:)``), then the `stringUnit` values of the entries asked for (``templates(of:at:in:languages:)``).
///
/// A dedicated reader rather than `JSONSerialization` or `JSONDecoder`, which take tens of milliseconds over genui's
/// catalog: the index steps over each entry with the C library's vectorized scans, and an entry is read, strictly,
/// only when one of its messages is needed. A malformed file, a key written twice, an unclosed bracket, a string
/// unit without a value are errors that say where (`file:line:column`).
struct StringCatalogReader {
    /// The catalog's bytes, borrowed for the reader's lifetime (``StringCatalogBytes/withReader(languages:at:_:)``),
    /// followed in memory by a NUL byte.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private let source: String
    /// The languages whose templates are kept (`nil`: all); the others are stepped over.
    private let languages: Set<String>?

    fileprivate init(bytes: UnsafeBufferPointer<UInt8>, source: String, languages: Set<String>?, at start: Int = 0) {
        self.bytes = bytes
        self.source = source
        self.languages = languages
        self.index = start
    }

    /// The catalog's source language and the byte range of each key's entry (its `{…}` value), checking the
    /// catalog's structure: the top-level members, balanced brackets, closed strings, keys written once.
    static func index(_ catalog: StringCatalogBytes) throws(StringCatalogError) -> (
        sourceLanguage: String, entries: [String: Range<Int>]
    ) {
        try catalog.withReader(languages: nil, at: 0) { reader throws(StringCatalogError) in try reader.indexEntries() }
    }

    /// The templates of the entry of `key` at `range`, by language, for `languages` (`nil`: every language).
    static func templates(
        of key: String, at range: Range<Int>, in catalog: StringCatalogBytes, languages: Set<String>?
    ) throws(StringCatalogError) -> [String: String] {
        try catalog.withReader(languages: languages, at: range.lowerBound) { reader throws(StringCatalogError) in
            var tables: [String: [String: String]] = [:]
            try reader.entry(key: key, into: &tables)
            return tables.compactMapValues { $0[key] }
        }
    }

    private mutating func indexEntries() throws(StringCatalogError) -> (
        sourceLanguage: String, entries: [String: Range<Int>]
    ) {
        var sourceLanguage: String?
        var entries: [String: Range<Int>] = [:]
        var sawStrings = false
        skipWhitespace()
        try members { reader, name throws(StringCatalogError) in
            if reader.name(name, is: "sourceLanguage") {
                sourceLanguage = try reader.string()
            } else if reader.name(name, is: "strings") {
                sawStrings = true
                try reader.members { reader, name throws(StringCatalogError) in
                    let key = try reader.text(of: name)
                    let start = reader.index
                    guard reader.peek() == UInt8(ascii: "{") else {
                        throw reader.failure("the entry of \(key) is not an object")
                    }
                    try reader.stepOverContainer()
                    guard entries.updateValue(start..<reader.index, forKey: key) == nil else {
                        throw reader.failure("\"\(key)\" appears twice in one object", at: name.lowerBound - 1)
                    }
                }
            } else {
                try reader.skipValue()
            }
        }
        skipWhitespace()
        guard index == bytes.count else { throw failure("text after the catalog's closing brace") }
        guard let sourceLanguage else { throw failure("the catalog names no sourceLanguage", at: 0) }
        guard sawStrings else { throw failure("the catalog has no \"strings\" object", at: 0) }
        return (sourceLanguage, entries)
    }

    /// Steps over the object or array at the reader, checking only that its brackets balance and its strings close:
    /// the scan between brackets and quotes is the C library's strcspn.
    private mutating func stepOverContainer() throws(StringCatalogError) {
        let start = index
        var closers: [UInt8] = []
        guard let base = bytes.baseAddress else { throw failure("the file is empty") }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                closers.append(UInt8(ascii: "}"))
                index += 1
            case UInt8(ascii: "["):
                closers.append(UInt8(ascii: "]"))
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard closers.last == bytes[index] else { throw failure("a bracket closes what it did not open") }
                closers.removeLast()
                index += 1
                if closers.isEmpty { return }
            case UInt8(ascii: "\""): _ = try skipString()
            default:
                index += UnsafeRawPointer(base + index).withMemoryRebound(to: CChar.self, capacity: 1) {
                    strcspn($0, Self.structural)
                }
            }
        }
        throw failure("this object is not closed", at: start)
    }

    /// One key's entry: `{"localizations": {"de": {"stringUnit": {"value": "…"}}}, …}`.
    private mutating func entry(key: String, into tables: inout [String: [String: String]]) throws(StringCatalogError) {
        try members { reader, name throws(StringCatalogError) in
            guard reader.name(name, is: "localizations") else { return try reader.skipValue() }
            try reader.members { reader, languageName throws(StringCatalogError) in
                let language = try reader.text(of: languageName)
                let start = reader.index
                if let wanted = reader.languages, !wanted.contains(language) { return try reader.skipValue() }
                var value: String?
                try reader.members { reader, part throws(StringCatalogError) in
                    guard reader.name(part, is: "stringUnit") else {
                        if reader.name(part, is: "variations") {
                            throw reader.failure(
                                "\(key) (\(language)) has variations, which genui's catalog does not use",
                                at: part.lowerBound - 1)
                        }
                        return try reader.skipValue()
                    }
                    try reader.members { reader, field throws(StringCatalogError) in
                        if reader.name(field, is: "value") {
                            value = try reader.string()
                        } else {
                            try reader.skipValue()
                        }
                    }
                }
                guard let value else { throw reader.failure("\(key) (\(language)) has no stringUnit value", at: start) }
                guard tables[language, default: [:]].updateValue(value, forKey: key) == nil else {
                    throw reader.failure("\"\(language)\" appears twice in the localizations of \(key)", at: start)
                }
            }
        }
    }

    // MARK: JSON

    /// Calls `body` with the byte range of each member name (between its quotes, escapes unresolved) of the object at
    /// the reader; `body` reads the member's value.
    private mutating func members(
        _ body: (inout StringCatalogReader, Range<Int>) throws(StringCatalogError) -> Void
    ) throws(StringCatalogError) {
        try expect(UInt8(ascii: "{"))
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            let name = try skipString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            try body(&self, name)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return
            default: throw failure("expected , or } after a member")
            }
        }
    }

    /// Whether the member name at `range` is `expected` (names genui looks for have no escapes).
    private func name(_ range: Range<Int>, is expected: StaticString) -> Bool {
        guard range.count == expected.utf8CodeUnitCount else { return false }
        return expected.withUTF8Buffer { expected in
            var offset = 0
            for position in range {
                if bytes[position] != expected[offset] { return false }
                offset += 1
            }
            return true
        }
    }

    /// The text of a member name at `range`, escapes resolved.
    private mutating func text(of range: Range<Int>) throws(StringCatalogError) -> String {
        let resume = index
        index = range.lowerBound - 1
        defer { index = resume }
        return try string()
    }

    /// Skips any JSON value.
    private mutating func skipValue() throws(StringCatalogError) {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "\""): _ = try skipString()
        case UInt8(ascii: "{"): try members { reader, _ throws(StringCatalogError) in try reader.skipValue() }
        case UInt8(ascii: "["):
            index += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                index += 1
                return
            }
            while true {
                try skipValue()
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return
                default: throw failure("expected , or ] in an array")
                }
            }
        default:
            // A number, true, false or null: the characters such a literal may hold.
            let start = index
            while let byte = peek(), Self.isLiteralByte(byte) { index += 1 }
            let literal = String(decoding: bytes[start..<index], as: UTF8.self)
            guard literal == "true" || literal == "false" || literal == "null" || Double(literal) != nil else {
                throw failure("expected a JSON value", at: start)
            }
        }
    }

    /// Steps over a JSON string, returning the byte range between its quotes.
    private mutating func skipString() throws(StringCatalogError) -> Range<Int> {
        let start = index
        try expect(UInt8(ascii: "\""))
        // The hottest loop of the reader: most of a catalog's bytes are inside strings. strcspn (the C library's,
        // vectorized, fast in every build) stops at a quote, a backslash, or the NUL after the last byte. Control
        // characters are refused in the strings the reader keeps (``string()``); in those it steps over they are let
        // pass, which keeps this scan to the two bytes the vectorized strcspn handles fastest.
        guard let base = bytes.baseAddress else { throw failure("a string is not closed", at: start) }
        var position = index
        while position < bytes.count {
            position += UnsafeRawPointer(base + position).withMemoryRebound(to: CChar.self, capacity: 1) {
                strcspn($0, Self.quoteOrBackslash)
            }
            guard position < bytes.count else { break }
            switch bytes[position] {
            case UInt8(ascii: "\""):
                index = position + 1
                return start + 1..<position
            case UInt8(ascii: "\\"): position += 2
            default: throw failure("a control character inside a string must be escaped", at: position)
            }
        }
        throw failure("a string is not closed", at: start)
    }

    /// Reads a JSON string, escapes resolved.
    private mutating func string() throws(StringCatalogError) -> String {
        let start = index
        let range = try skipString()
        if let control = UnsafeBufferPointer(rebasing: bytes[range]).firstIndex(where: { $0 < 0x20 }) {
            throw failure("a control character inside a string must be escaped", at: range.lowerBound + control)
        }
        index = range.lowerBound
        guard let base = bytes.baseAddress,
            memchr(base + range.lowerBound, Int32(UInt8(ascii: "\\")), range.count) != nil
        else {
            index = range.upperBound + 1
            return try validated(UnsafeBufferPointer(rebasing: bytes[range]), from: start)
        }
        var scalars: [UInt8] = []
        scalars.reserveCapacity(range.count)
        var plainStart = index
        while index < range.upperBound {
            if bytes[index] == UInt8(ascii: "\\") {
                scalars.append(contentsOf: bytes[plainStart..<index])
                let escapeStart = index
                index += 1
                try escape(into: &scalars, from: escapeStart)
                plainStart = index
            } else {
                index += 1
            }
        }
        scalars.append(contentsOf: bytes[plainStart..<range.upperBound])
        index = range.upperBound + 1
        return try scalars.withUnsafeBufferPointer { buffer throws(StringCatalogError) in
            try validated(buffer, from: start)
        }
    }

    private func validated(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) throws(StringCatalogError) -> String {
        // ASCII is valid UTF-8 as it is; other text is validated (the generic validation costs more than the rest of
        // the reader, and most keys and English templates are ASCII).
        if utf8.allSatisfy({ $0 < 0x80 }) { return String(decoding: utf8, as: UTF8.self) }
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw failure("a string is not valid UTF-8", at: start)
        }
        return text
    }

    /// Resolves the escape after a backslash, appending its UTF-8 bytes.
    private mutating func escape(into scalars: inout [UInt8], from start: Int) throws(StringCatalogError) {
        guard let byte = peek() else { throw failure("a string ends inside an escape", at: start) }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(byte)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hexQuad(from: start)
            if (0xD800..<0xDC00).contains(code) {
                // A high surrogate must be followed by an escaped low one.
                guard peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else {
                    throw failure("a \\u escape holds half of a surrogate pair", at: start)
                }
                index += 2
                let low = try hexQuad(from: start)
                guard (0xDC00..<0xE000).contains(low) else {
                    throw failure("a \\u escape holds half of a surrogate pair", at: start)
                }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else {
                throw failure("a \\u escape is not a Unicode scalar", at: start)
            }
            scalars.append(contentsOf: Array(String(scalar).utf8))
        default: throw failure("an unknown escape \\\(Character(Unicode.Scalar(byte)))", at: start)
        }
    }

    private mutating func hexQuad(from start: Int) throws(StringCatalogError) -> UInt32 {
        guard index + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw failure("a \\u escape needs four hexadecimal digits", at: start) }
        index += 4
        return value
    }

    private mutating func expect(_ byte: UInt8) throws(StringCatalogError) {
        guard peek() == byte else { throw failure("expected \(Character(Unicode.Scalar(byte)))") }
        index += 1
    }

    private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func skipWhitespace() {
        guard index < bytes.count, let base = bytes.baseAddress else { return }
        // strspn stops at the NUL after the last byte at the latest.
        index += UnsafeRawPointer(base + index).withMemoryRebound(to: CChar.self, capacity: 1) {
            strspn($0, Self.whitespace)
        }
    }

    /// The bytes `stepOverContainer()` stops at, as a C string.
    private static let structural: [CChar] = [0x22, 0x7B, 0x7D, 0x5B, 0x5D, 0]
    /// The bytes `skipString()` stops at, as a C string (stored, so that no call converts a literal).
    private static let quoteOrBackslash: [CChar] = [0x22, 0x5C, 0]
    /// JSON's whitespace, as a C string.
    private static let whitespace: [CChar] = [0x20, 0x0A, 0x0D, 0x09, 0]

    private static func isLiteralByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "E"):
            true
        default: false
        }
    }

    /// An error at `offset` (by default, where the reader stands), located by line and column.
    private func failure(_ problem: String, at offset: Int? = nil) -> StringCatalogError {
        let end = min(offset ?? index, bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<end where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return StringCatalogError(source: source, line: line, column: column, problem: problem)
    }
}

/// A String Catalog that cannot be read: where, and what is wrong.
public struct StringCatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file (or other source) of the catalog.
    public var source: String
    /// The line of the problem, from 1 (0 when the catalog could not be opened).
    public var line: Int
    /// The column of the problem, in characters from 1 (0 when the catalog could not be opened).
    public var column: Int
    /// What is wrong.
    public var problem: String

    /// An error in `source` at `line`:`column`.
    public init(source: String, line: Int, column: Int, problem: String) {
        self.source = source
        self.line = line
        self.column = column
        self.problem = problem
    }

    /// `file:line:column: problem`, as compilers write it. This text is English only: without a catalog there is no
    /// other language to write it in.
    public var description: String {
        line > 0 ? "\(source):\(line):\(column): \(problem)" : "\(source): \(problem)"
    }
}

/// A String Catalog file's bytes, followed by a NUL byte that the reader's C scans stop at.
struct StringCatalogBytes: Sendable {
    private let terminated: [UInt8]
    /// Where the bytes came from (a path), for errors.
    let source: String

    /// The catalog `bytes` from `source`.
    init(_ bytes: [UInt8], source: String) {
        var terminated = bytes
        terminated.append(0)
        self.terminated = terminated
        self.source = source
    }

    /// Runs `body` with a reader of the catalog standing at `start`.
    fileprivate func withReader<T>(
        languages: Set<String>?, at start: Int,
        _ body: (inout StringCatalogReader) throws(StringCatalogError) -> T
    ) throws(StringCatalogError) -> T {
        let result = terminated.withUnsafeBufferPointer { buffer in
            let catalog = UnsafeBufferPointer(rebasing: buffer[0..<(buffer.count - 1)])
            var reader = StringCatalogReader(bytes: catalog, source: source, languages: languages, at: start)
            return Result { () throws(StringCatalogError) in try body(&reader) }
        }
        return try result.get()
    }
}
