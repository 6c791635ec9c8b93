import Foundation

/// Decodes text from a model that was *not* constrained to a schema (unguided output) into content that validates.
///
/// Small and chatty models wrap JSON in markdown fences, add prose before or after it, write numbers as strings,
/// overshoot ranges and lengths. The decoder repairs exactly these, records every repair, and never invents data:
/// a missing required property stays missing and fails validation with its path.
///
/// Repairs, in order:
/// 1. strip markdown code fences and prose around the outermost JSON object (or array);
/// 2. parse the sliced text (duplicate keys: last wins);
/// 3. walk the schema: coerce numeric strings to numbers and "true"/"false" to booleans, clamp numbers into guide
///    ranges, round integers, truncate over-long strings and arrays, drop array elements that cannot be repaired,
///    drop properties the schema does not declare;
/// 4. validate the result against the schema.
public struct DefensiveDecoder: Sendable {
    /// Bounds that keep hostile output from exhausting time or memory.
    public struct Limits: Sendable, Hashable {
        /// The largest input accepted, in UTF-8 bytes.
        public var maximumBytes: Int
        /// The deepest nesting accepted.
        public var maximumDepth: Int
        /// The schema checks allowed per value of the parsed output (at least 4096 in all). Alternatives are chosen
        /// by their `"type"` discriminator, so output needs a few checks per value and nesting level; only
        /// alternatives without a discriminator are tried one by one (exponential in the nesting of a recursive
        /// schema), and this bounds that search: past it decoding fails with a decoding error.
        public var checksPerValue: Int

        /// Creates limits.
        public init(maximumBytes: Int = 1 << 20, maximumDepth: Int = 64, checksPerValue: Int = 256) {
            self.maximumBytes = maximumBytes
            self.maximumDepth = maximumDepth
            self.checksPerValue = checksPerValue
        }
    }

    /// Content that validates against the schema, and the repairs that made it so.
    public struct Result: Sendable {
        /// The repaired, validated content.
        public var content: GeneratedContent
        /// Each repair as a code with arguments, for wording it in the user's language.
        public var repairDetails: [DecodingDetail]
        /// One short, stable English description per repair ("stripped code fence", "clamped /rating to 5"): the
        /// ``DecodingDetail/description`` of each of ``repairDetails``.
        public var repairs: [String] { repairDetails.map(\.description) }
        /// How many schema checks repairing and validating took (bounded by ``Limits/checksPerValue``).
        var schemaChecks = 0
    }

    /// The schema the output must follow.
    public let schema: GenerationSchema
    /// Input bounds.
    public let limits: Limits

    /// Creates a decoder for `schema`.
    public init(schema: GenerationSchema, limits: Limits = Limits()) {
        self.schema = schema
        self.limits = limits
    }

    /// Decodes and repairs `text`. Throws a decoding failure naming the JSON pointer of the first problem that no
    /// repair could fix.
    public func decode(_ text: String) throws(GenUIError) -> Result {
        guard text.utf8.count <= limits.maximumBytes else {
            throw .decoding(
                "",
                DecodingDetail(
                    .outputTooLarge,
                    [
                        "size": .integer(text.utf8.count), "limit": .integer(limits.maximumBytes),
                    ]))
        }
        var repairs: [DecodingDetail] = []
        let sliced = Self.slice(text, repairs: &repairs)
        let parsed = try JSONParser.parse(
            sliced, limits: .init(maximumBytes: limits.maximumBytes, maximumDepth: limits.maximumDepth))
        var walker = Walker(
            schema: schema, repairs: repairs,
            budget: SchemaWorkBudget(for: parsed, visitsPerValue: limits.checksPerValue))
        let repaired = walker.repair(parsed, node: schema.root, path: "", depth: 0)
        if walker.budget.isExhausted { throw .decoding("", walker.budget.exhaustedDetail) }
        guard let repaired else {
            throw .decoding("", DecodingDetail(.wrongShape))
        }
        if let violation = schema.firstViolation(in: repaired, against: schema.root, budget: &walker.budget) {
            throw .decoding(violation)
        }
        return Result(content: repaired, repairDetails: walker.repairs, schemaChecks: walker.budget.visits)
    }

    /// Removes code fences and prose, keeping the outermost JSON object or array; the repairs as English notes.
    static func slice(_ text: String, repairs: inout [String]) -> String {
        var details: [DecodingDetail] = []
        defer { repairs += details.map(\.description) }
        return slice(text, repairs: &details)
    }

    /// Removes code fences and prose, keeping the outermost JSON object or array.
    static func slice(_ text: String, repairs: inout [DecodingDetail]) -> String {
        var body = Substring(text)
        if let fenceStart = body.range(of: "```") {
            let afterFence = body[fenceStart.upperBound...]
            let contentStart =
                afterFence.firstIndex(of: "\n").map { afterFence.index(after: $0) } ?? afterFence.startIndex
            let inner = body[contentStart...]
            let end = inner.range(of: "```")?.lowerBound ?? inner.endIndex
            body = inner[..<end]
            repairs.append(DecodingDetail(.repairStrippedCodeFence))
        }
        let opening = body.firstIndex(where: { $0 == "{" || $0 == "[" })
        guard let start = opening else { return String(body) }
        let closer: Character = body[start] == "{" ? "}" : "]"
        // An unclosed value falls back to the last closer after it (never one before it: "]…[" has none).
        let lastCloser = body.lastIndex(of: closer).flatMap { $0 > start ? $0 : nil }
        guard let end = Self.matchingEnd(of: body, from: start, closer: closer) ?? lastCloser else {
            return String(body[start...])
        }
        let before = body[..<start].trimmingCharacters(in: .whitespacesAndNewlines)
        let after = body[body.index(after: end)...].trimmingCharacters(in: .whitespacesAndNewlines)
        if !before.isEmpty || !after.isEmpty { repairs.append(DecodingDetail(.repairDroppedSurroundingText)) }
        return String(body[start...end])
    }

    /// The index of the bracket closing the one at `start`, skipping strings; `nil` when it never closes.
    private static func matchingEnd(of text: Substring, from start: Substring.Index, closer: Character) -> Substring
        .Index?
    {
        var depth = 0
        var inString = false
        var escaped = false
        var index = start
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else {
                switch character {
                case "\"": inString = true
                case "{", "[": depth += 1
                case "}", "]":
                    depth -= 1
                    if depth == 0 { return index }
                default: break
                }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// Walks content against the schema, repairing what can be repaired. Every node visited (and every check of a
    /// trial alternative) spends `budget`; once it is spent every walk returns `nil` at once.
    private struct Walker {
        let schema: GenerationSchema
        var repairs: [DecodingDetail]
        var budget: SchemaWorkBudget

        mutating func repair(_ content: GeneratedContent, node: GenerationSchema.Node, path: String, depth: Int)
            -> GeneratedContent?
        {
            guard budget.visit(), depth < GenerationSchema.maximumReferenceDepth else { return nil }
            let shown = path.isEmpty ? "/" : path
            func note(_ code: DecodingDetail.Code, _ arguments: [String: DecodingDetail.Argument] = [:]) {
                repairs.append(DecodingDetail(code, arguments.merging(["path": .data(shown)]) { kept, _ in kept }))
            }
            switch node {
            case .any:
                return content
            case .reference:
                guard let target = schema.resolve(node) else { return nil }
                return repair(content, node: target, path: path, depth: depth + 1)
            case .null:
                if case .null = content.kind { return content }
                return nil
            case .boolean:
                if case .bool = content.kind { return content }
                if case .string(let text) = content.kind, let value = Bool(text.lowercased()) {
                    note(.repairCoercedToBoolean)
                    return GeneratedContent(kind: .bool(value))
                }
                return nil
            case .integer(let bounds), .number(let bounds):
                var value: Double
                switch content.kind {
                case .number(let number): value = number
                case .string(let text):
                    guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
                        return nil
                    }
                    value = number
                    note(.repairCoercedToNumber)
                default: return nil
                }
                if case .integer = node, value.rounded() != value {
                    value = value.rounded()
                    note(.repairRoundedToInteger)
                }
                if let minimum = bounds.minimum, value < minimum {
                    value = minimum
                    note(.repairClamped, ["value": .number(minimum)])
                }
                if let maximum = bounds.maximum, value > maximum {
                    value = maximum
                    note(.repairClamped, ["value": .number(maximum)])
                }
                return GeneratedContent(kind: .number(value))
            case .string(let constraints):
                var text: String
                switch content.kind {
                case .string(let value): text = value
                case .number(let number):
                    text = JSONWriter.format(number)
                    note(.repairCoercedToString)
                case .bool(let flag):
                    text = flag ? "true" : "false"
                    note(.repairCoercedToString)
                default: return nil
                }
                if let choices = constraints.choices, !choices.contains(text) {
                    guard let match = choices.first(where: { $0.caseInsensitiveCompare(text) == .orderedSame }) else {
                        return nil
                    }
                    text = match
                    note(.repairMatchedChoice, ["choice": .data(JSONWriter.quote(match))])
                }
                if let maximum = constraints.maximumLength, text.count > maximum {
                    text = String(text.prefix(maximum))
                    note(.repairTruncatedString, ["count": .integer(maximum)])
                }
                return GeneratedContent(kind: .string(text))
            case .array(let arrayNode):
                guard case .array(let elements) = content.kind else { return nil }
                var kept: [GeneratedContent] = []
                for (index, element) in elements.enumerated() {
                    if let fixed = repair(
                        element, node: arrayNode.items, path: path + JSONPointer.index(index), depth: depth + 1)
                    {
                        kept.append(fixed)
                    } else {
                        repairs.append(
                            DecodingDetail(.repairDroppedElement, ["path": .data(path + JSONPointer.index(index))]))
                    }
                }
                if let maximum = arrayNode.maximumCount, kept.count > maximum {
                    kept = Array(kept.prefix(maximum))
                    note(.repairTruncatedArray, ["count": .integer(maximum)])
                }
                return GeneratedContent(kind: .array(kept))
            case .object(let objectNode):
                guard let properties = content.orderedProperties else { return nil }
                let byName = Dictionary(properties.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
                var result: [(String, GeneratedContent)] = []
                for property in objectNode.properties {
                    guard let value = byName[property.name] else { continue }
                    let propertyPath = path + JSONPointer.escape(property.name)
                    if property.isOptional, value.kind == .null {
                        result.append((property.name, value))
                    } else if let fixed = repair(value, node: property.node, path: propertyPath, depth: depth + 1) {
                        result.append((property.name, fixed))
                    } else if property.isOptional {
                        repairs.append(DecodingDetail(.repairDroppedOptionalProperty, ["path": .data(propertyPath)]))
                    } else {
                        // Keep it unrepaired: validation reports the exact path.
                        result.append((property.name, value))
                    }
                }
                let declared = Set(objectNode.properties.map(\.name))
                for extra in properties where !declared.contains(extra.key) {
                    repairs.append(
                        DecodingDetail(
                            .repairDroppedUndeclaredProperty, ["path": .data(path + JSONPointer.escape(extra.key))]))
                }
                return GeneratedContent(orderedProperties: result)
            case .anyOf(let choice):
                // A discriminated alternative is chosen by its tag, as validation does: walking is linear in the
                // output. The tag's case is repaired with the rest ("Column" for "column").
                if let tag = Self.tag(of: content) {
                    let tagged = choice.choices.filter { schema.discriminator(of: $0) == tag }
                    let chosen =
                        tagged.isEmpty
                        ? choice.choices.filter { schema.discriminator(of: $0)?.lowercased() == tag.lowercased() }
                        : tagged
                    if chosen.count == 1 { return attempt(content, option: chosen[0], path: path, depth: depth) }
                }
                // Otherwise every alternative the content may match is tried in turn, all sharing the budget.
                for option in choice.choices where schema.mayMatch(content, option) {
                    if let fixed = attempt(content, option: option, path: path, depth: depth) { return fixed }
                    if budget.isExhausted { return nil }
                }
                return nil
            }
        }

        /// `content` repaired as the alternative `option`, if the result conforms to it (its repairs are kept only
        /// then); `nil` otherwise.
        private mutating func attempt(
            _ content: GeneratedContent, option: GenerationSchema.Node, path: String, depth: Int
        )
            -> GeneratedContent?
        {
            var trial = Walker(schema: schema, repairs: [], budget: budget)
            let fixed = trial.repair(content, node: option, path: path, depth: depth + 1)
            let conforms = fixed.map { schema.firstViolation(in: $0, against: option, budget: &trial.budget) == nil }
            budget = trial.budget
            guard let fixed, conforms == true, !budget.isExhausted else { return nil }
            repairs += trial.repairs
            return fixed
        }

        /// The string value of the content's ``GenerationSchema/discriminator`` property, if it is an object with one.
        static func tag(of content: GeneratedContent) -> String? {
            guard case .structure(let properties, _) = content.kind,
                case .string(let tag)? = properties[GenerationSchema.discriminator]?.kind
            else { return nil }
            return tag
        }
    }
}
