/// Builds schema-valid content deterministically from a seed and a vocabulary.
///
/// Every guide is honoured: string choices and constants, patterns, lengths, numeric ranges, array counts, and
/// the one-object-per-case encoding of enums with associated values. Strings are made of words from the
/// vocabulary (the nouns of a prompt), shaped by the property name: a `title` or `label` gets a short capitalised
/// phrase, a `text` or `description` a sentence. The same schema, vocabulary and seed always give the same content.
public struct ContentSynthesizer {
    private let schema: GenerationSchema
    private let vocabulary: [String]
    private var rng: SeededGenerator
    private var wordCursor = 0

    /// The longest string produced when a schema sets no maximum length.
    public static let defaultMaximumLength = 80
    /// The most array elements produced when a schema sets no maximum count.
    public static let defaultMaximumCount = 3
    /// The most array elements produced when a schema's maximum count is larger (unless its minimum is larger).
    public static let largestSynthesizedCount = 8

    /// Creates a synthesizer.
    /// - Parameters:
    ///   - schema: the schema every content it builds validates against.
    ///   - vocabulary: words to build strings from, in order of preference; empty uses neutral words.
    ///   - seed: the same seed gives the same content.
    public init(schema: GenerationSchema, vocabulary: [String], seed: UInt64) {
        self.schema = schema
        self.vocabulary = vocabulary.isEmpty ? ["item", "detail", "option", "summary"] : vocabulary
        self.rng = SeededGenerator(seed: seed, text: vocabulary.joined(separator: " "))
    }

    /// Creates a synthesizer whose vocabulary is the content words of `prompt`.
    public init(schema: GenerationSchema, prompt: String, seed: UInt64) {
        self.init(schema: schema, vocabulary: Self.contentWords(of: prompt), seed: seed)
    }

    /// Content that validates against the schema. Throws ``GenUIError/invalidRequest(_:)`` when the schema
    /// cannot be satisfied (an unsupported pattern, contradictory bounds, an undefined reference).
    public mutating func content() throws(GenUIError) -> GeneratedContent {
        try make(schema.root, propertyName: schema.name, depth: 0)
    }

    private mutating func make(_ node: GenerationSchema.Node, propertyName: String, depth: Int) throws(GenUIError)
        -> GeneratedContent
    {
        guard depth < 32 else { throw .invalid("schema \(schema.name) nests too deeply to synthesize") }
        switch node {
        case .any:
            return GeneratedContent(kind: .string(phrase(for: propertyName)))
        case .reference(let name):
            guard let target = schema.definition(named: name) else {
                throw .invalid("schema reference '\(name)' is undefined")
            }
            return try make(target, propertyName: propertyName, depth: depth + 1)
        case .string(let c):
            return GeneratedContent(kind: .string(try string(c, propertyName: propertyName)))
        case .integer(let c):
            let low = Int(max(c.minimum ?? 0, -1e15).rounded(.up))
            let high = Int(min(c.maximum ?? max(Double(low) + 100, 100), 1e15).rounded(.down))
            guard low <= high else {
                throw .invalid("\(propertyName): no integer lies between its minimum and maximum")
            }
            return GeneratedContent(kind: .number(Double(Int.random(in: low...high, using: &rng))))
        case .number(let c):
            let low = c.minimum ?? 0
            let high = c.maximum ?? max(low + 100, 100)
            guard low <= high else { throw .invalid("\(propertyName): minimum is above maximum") }
            var value = (Double.random(in: low...high, using: &rng) * 100).rounded() / 100
            value = Swift.min(Swift.max(value, low), high)
            return GeneratedContent(kind: .number(value))
        case .boolean:
            return GeneratedContent(kind: .bool(Bool.random(using: &rng)))
        case .null:
            return GeneratedContent(kind: .null)
        case .array(let a):
            let low = a.minimumCount ?? 1
            let high = a.maximumCount ?? Swift.max(low, Self.defaultMaximumCount)
            guard low <= high else { throw .invalid("\(propertyName): minimum count is above maximum count") }
            // Explicit bounds are used in full up to a cap, so a guide like `.count(1...1000)` stays small.
            let upper = a.maximumCount == nil ? high : Swift.min(high, Swift.max(low, Self.largestSynthesizedCount))
            let count = Int.random(in: low...upper, using: &rng)
            var elements: [GeneratedContent] = []
            for _ in 0..<count {
                elements.append(try make(a.items, propertyName: singular(propertyName), depth: depth + 1))
            }
            return GeneratedContent(kind: .array(elements))
        case .object(let object):
            var properties: [(String, GeneratedContent)] = []
            for property in object.properties {
                if property.isOptional && Bool.random(using: &rng) { continue }
                properties.append(
                    (property.name, try make(property.node, propertyName: property.name, depth: depth + 1)))
            }
            return GeneratedContent(orderedProperties: properties)
        case .anyOf(let choice):
            guard !choice.choices.isEmpty else { throw .invalid("\(choice.name) has no alternatives") }
            let picked = choice.choices[Int.random(in: 0..<choice.choices.count, using: &rng)]
            return try make(picked, propertyName: propertyName, depth: depth + 1)
        }
    }

    private mutating func string(_ c: GenerationSchema.StringConstraints, propertyName: String) throws(GenUIError)
        -> String
    {
        if let choices = c.choices {
            guard let choice = choices.randomElement(using: &rng) else {
                throw .invalid("\(propertyName) has no allowed values")
            }
            return choice
        }
        let minimum = c.minimumLength ?? 0
        let maximum = c.maximumLength ?? Swift.max(Self.defaultMaximumLength, minimum)
        guard minimum <= maximum else { throw .invalid("\(propertyName): minimum length is above maximum length") }
        if let pattern = c.pattern {
            guard let sampler = PatternSampler(pattern) else {
                throw .invalid("\(propertyName): the pattern \(pattern) uses syntax the scripted model cannot sample")
            }
            for _ in 0..<64 {
                let candidate = sampler.sample(using: &rng)
                if (minimum...maximum).contains(candidate.count) && PatternMatcher.matches(candidate, pattern: pattern)
                {
                    return candidate
                }
            }
            throw .invalid(
                "\(propertyName): found no string matching \(pattern) within \(minimum)...\(maximum) characters")
        }
        var text = phrase(for: propertyName)
        while text.count < minimum { text += " " + nextWord() }
        if text.count > maximum {
            text = String(text.prefix(maximum))
            if let lastSpace = text.lastIndex(of: " "),
                text.distance(from: text.startIndex, to: lastSpace) >= Swift.max(minimum, 1)
            {
                text = String(text[..<lastSpace])
            }
        }
        return text
    }

    /// A phrase whose form follows the property name.
    private mutating func phrase(for propertyName: String) -> String {
        let name = propertyName.lowercased()
        let sentenceLike = [
            "text", "description", "summary", "body", "paragraph", "message", "detail", "content", "note",
        ]
        if sentenceLike.contains(where: name.contains) {
            let words = (0..<3).map { _ in nextWord() }
            return "A short note about \(words[0]), \(words[1]) and \(words[2])."
        }
        if name.contains("placeholder") { return "Enter \(nextWord())" }
        if name.contains("value") { return nextWord().capitalizedFirst }
        let count = Int.random(in: 1...2, using: &rng)
        return (0..<count).map { _ in nextWord().capitalizedFirst }.joined(separator: " ")
    }

    private mutating func nextWord() -> String {
        let word = vocabulary[wordCursor % vocabulary.count]
        wordCursor += 1 + Int.random(in: 0...1, using: &rng)
        return word
    }

    private func singular(_ name: String) -> String {
        name.hasSuffix("s") ? String(name.dropLast()) : name
    }

    /// The content words of a prompt, in order, without repeats: words of three letters or more that are not
    /// common function words.
    public static func contentWords(of prompt: String) -> [String] {
        var seen = Set<String>()
        var words: [String] = []
        var current = ""
        func flush() {
            let lowered = current.lowercased()
            if lowered.count >= 3, !stopWords.contains(lowered), seen.insert(lowered).inserted { words.append(lowered) }
            current = ""
        }
        for character in prompt {
            if character.isLetter || character.isNumber { current.append(character) } else { flush() }
        }
        flush()
        return words
    }

    private static let stopWords: Set<String> = [
        "the", "and", "with", "for", "that", "this", "from", "into", "onto", "your", "our", "their", "a", "an", "of",
        "to", "in", "on", "at", "by", "or", "but", "are", "was", "were", "is", "be", "been", "has", "have", "had",
        "its", "it's", "two", "three", "four", "five", "some", "any", "all", "each", "per", "via", "make", "show",
        "shows", "showing", "create", "give", "me", "please", "screen", "which", "where", "what", "who", "how",
    ]
}

extension String {
    fileprivate var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
