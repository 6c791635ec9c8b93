import GenUI

/// Compiles a `GenerationSchema` into a llama.cpp GBNF grammar that is whitespace-free and bounded.
///
/// llama.cpp's own JSON-Schema conversion allows whitespace between tokens and unbounded strings and arrays, so a
/// small model can keep emitting spaces or items until it runs out of tokens and returns truncated JSON. This
/// grammar instead:
/// - has no optional whitespace anywhere: the output is compact JSON;
/// - starts every string that may not be empty with a character other than whitespace;
/// - bounds every string (its guide's maximum length, else ``Limits/defaultMaximumStringLength``) and every array
///   (its guide's maximum count, else ``Limits/defaultMaximumArrayCount``), and the digits of every number;
/// - writes choices and constants as literals, integers in a small range as an enumeration;
/// - writes object properties in schema order: required ones always, optional ones possibly left out;
/// - writes `anyOf` as an alternation (for enums with associated values, each case's `"type"` literal tells them
///   apart);
/// - expands references up to ``Limits/maximumReferenceDepth`` levels, so recursive schemas stay finite.
///
/// Because everything is bounded, ``Grammar/maximumBytes`` bounds the length of any document the grammar accepts; a
/// token is at least one byte, so that is also a token budget in which every valid document fits.
public struct GrammarCompiler: Sendable {
    /// The bounds applied where the schema gives none.
    public struct Limits: Sendable, Hashable {
        /// The longest string when the schema gives no maximum length.
        public var defaultMaximumStringLength: Int
        /// The most array elements when the schema gives no maximum count.
        public var defaultMaximumArrayCount: Int
        /// The most digits of an integer (or of a number's integer part) when the schema gives no bounds.
        public var defaultIntegerDigits: Int
        /// The most digits after a number's decimal point.
        public var fractionDigits: Int
        /// How many levels of references are expanded; deeper ones are left out where the schema allows it.
        public var maximumReferenceDepth: Int
        /// Integer ranges up to this many values are written as an enumeration of literals (exact bounds).
        public var maximumEnumeratedIntegers: Int

        /// Creates limits.
        public init(
            defaultMaximumStringLength: Int = 64, defaultMaximumArrayCount: Int = 6, defaultIntegerDigits: Int = 9,
            fractionDigits: Int = 4, maximumReferenceDepth: Int = 4, maximumEnumeratedIntegers: Int = 256
        ) {
            self.defaultMaximumStringLength = defaultMaximumStringLength
            self.defaultMaximumArrayCount = defaultMaximumArrayCount
            self.defaultIntegerDigits = defaultIntegerDigits
            self.fractionDigits = fractionDigits
            self.maximumReferenceDepth = maximumReferenceDepth
            self.maximumEnumeratedIntegers = maximumEnumeratedIntegers
        }
    }

    /// A compiled grammar.
    public struct Grammar: Sendable, Hashable, CustomStringConvertible {
        /// The GBNF text; its start rule is `root`.
        public var text: String
        /// The longest document, in UTF-8 bytes, the grammar accepts.
        public var maximumBytes: Int
        /// How many rules the grammar has.
        public var ruleCount: Int

        public var description: String { text }
    }

    /// The bounds applied where the schema gives none.
    public var limits: Limits

    /// Creates a compiler.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Compiles `schema`. Throws `GenUIError.invalidRequest(_:)` when the schema cannot be compiled
    /// (contradictory bounds, an undefined reference, a recursion no bounded document can satisfy).
    public func compile(_ schema: GenerationSchema) throws(GenUIError) -> Grammar {
        var builder = GrammarBuilder(schema: schema, limits: limits)
        guard let root = try builder.fragment(for: schema.root, depth: 0, hint: schema.name) else {
            throw .invalid(
                "schema \(schema.name) has a required recursive reference nested deeper than \(limits.maximumReferenceDepth) levels; no bounded document satisfies it (make the recursive property optional or an array)"
            )
        }
        let rules = [("root", root.expression)] + builder.rules
        let text = rules.map { "\($0.0) ::= \($0.1)" }.joined(separator: "\n") + "\n"
        return Grammar(text: text, maximumBytes: root.maximumBytes, ruleCount: rules.count)
    }
}

/// A piece of grammar: an expression and the longest text it matches, in UTF-8 bytes.
/// Arithmetic on a fragment's largest size that stops at `Int.max` instead of trapping: a schema's bounds can come
/// from outside (an MCP server's tool schema, a schema read back from JSON), and nested arrays multiply them.
enum ByteBound {
    static func sum(_ terms: Int...) -> Int { sum(terms) }

    static func sum(_ terms: [Int]) -> Int {
        terms.reduce(0) { total, term in
            let (result, overflow) = total.addingReportingOverflow(term)
            return overflow ? Int.max : result
        }
    }

    static func product(_ lhs: Int, _ rhs: Int) -> Int {
        let (result, overflow) = lhs.multipliedReportingOverflow(by: rhs)
        return overflow ? Int.max : result
    }
}

struct GrammarFragment: Hashable {
    var expression: String
    var maximumBytes: Int
}

/// The mutable state of one compilation: the rules written so far.
struct GrammarBuilder {
    let schema: GenerationSchema
    let limits: GrammarCompiler.Limits
    private(set) var rules: [(String, String)] = []
    private var ruleNames = Set<String>(["root"])
    private var referenceRules: [String: GrammarFragment?] = [:]
    private var sharedRulesWritten = Set<String>()

    init(schema: GenerationSchema, limits: GrammarCompiler.Limits) {
        self.schema = schema
        self.limits = limits
    }

    /// The fragment for `node`, or `nil` when no bounded document can satisfy it at this reference depth.
    mutating func fragment(for node: GenerationSchema.Node, depth: Int, hint: String) throws(GenUIError)
        -> GrammarFragment?
    {
        switch node {
        case .any:
            let string = try stringFragment(GenerationSchema.StringConstraints(), hint: hint)
            let number = numberFragment(GenerationSchema.NumberConstraints(), integer: false)
            let expression = "(\(string.expression) | \(number.expression) | \"true\" | \"false\" | \"null\")"
            return rule(hint + "-any", expression, maximumBytes: max(string.maximumBytes, number.maximumBytes, 5))
        case .string(let constraints):
            return try stringFragment(constraints, hint: hint)
        case .integer(let constraints):
            return try integerFragment(constraints)
        case .number(let constraints):
            return numberFragment(constraints, integer: false)
        case .boolean:
            return GrammarFragment(expression: "(\"true\" | \"false\")", maximumBytes: 5)
        case .null:
            return GrammarFragment(expression: "\"null\"", maximumBytes: 4)
        case .array(let array):
            return try arrayFragment(array, depth: depth, hint: hint)
        case .object(let object):
            return try objectFragment(object, depth: depth)
        case .anyOf(let choice):
            var alternatives: [GrammarFragment] = []
            for (index, option) in choice.choices.enumerated() {
                if let fragment = try fragment(for: option, depth: depth, hint: "\(choice.name)-\(index)") {
                    alternatives.append(fragment)
                }
            }
            guard !alternatives.isEmpty else { return nil }
            return rule(
                choice.name, alternatives.map(\.expression).joined(separator: " | "),
                maximumBytes: alternatives.map(\.maximumBytes).max() ?? 0)
        case .reference(let name):
            guard let target = schema.definition(named: name) else {
                throw .invalid("schema \(schema.name) refers to '\(name)', which it does not define")
            }
            guard depth < limits.maximumReferenceDepth else { return nil }
            let key = "\(name)#\(depth)"
            if let known = referenceRules[key] { return known }
            let compiled = try fragment(for: target, depth: depth + 1, hint: name)
            let named = compiled.map { rule("\(name)-d\(depth)", $0.expression, maximumBytes: $0.maximumBytes) }
            referenceRules[key] = .some(named)
            return named
        }
    }

    // MARK: Strings

    private mutating func stringFragment(_ constraints: GenerationSchema.StringConstraints, hint: String)
        throws(GenUIError) -> GrammarFragment
    {
        if let choices = constraints.choices {
            guard !choices.isEmpty else { throw .invalid("a string choice in schema \(schema.name) has no values") }
            let quoted = choices.map { JSONWriter.quote($0) }
            let expression =
                quoted.count == 1
                ? GBNF.literal(quoted[0]) : "(" + quoted.map(GBNF.literal).joined(separator: " | ") + ")"
            return GrammarFragment(expression: expression, maximumBytes: quoted.map(\.utf8.count).max() ?? 2)
        }
        let minimum = max(0, constraints.minimumLength ?? 0)
        let maximum = constraints.maximumLength ?? max(limits.defaultMaximumStringLength, minimum)
        guard minimum <= maximum else {
            throw .invalid(
                "a string in schema \(schema.name) has minimum length \(minimum) above its maximum length \(maximum)")
        }
        if let pattern = constraints.pattern,
            let translated = RegexTranslator(maximumRepetition: maximum).translate(pattern)
        {
            return rule(
                hint + "-pattern", "\"\\\"\" \(translated.expression) \"\\\"\"",
                maximumBytes: ByteBound.sum(translated.maximumBytes, 2))
        }
        let character = characterRule()
        let body: String
        if maximum == 0 {
            body = ""
        } else if minimum >= 1 {
            // A string that may not be empty may not start with whitespace either: a small model otherwise meets the
            // minimum length with a space and leaves the text blank.
            let rest = maximum > 1 ? " \(character)" + GBNF.repetition(minimum - 1, maximum - 1) : ""
            body = " \(firstCharacterRule())" + rest
        } else {
            body = " \(character)" + GBNF.repetition(minimum, maximum)
        }
        return GrammarFragment(
            expression: "(\"\\\"\"\(body) \"\\\"\")", maximumBytes: ByteBound.sum(2, ByteBound.product(4, maximum)))
    }

    /// The rule for one character of a JSON string: anything but a quote, a backslash or a control character, or
    /// an escaped quote, backslash or slash.
    private mutating func characterRule() -> String {
        sharedRule("char", #"[^"\\\x7F\x00-\x1F] | "\\" ["\\/]"#)
    }

    /// The rule for the first character of a string that may not be empty: like ``characterRule()`` but neither a
    /// space nor a control character.
    private mutating func firstCharacterRule() -> String {
        sharedRule("first-char", #"[^"\\\x7F\x00-\x20] | "\\" ["\\/]"#)
    }

    /// A rule every string shares, written once under `name` the first time it is needed.
    private mutating func sharedRule(_ name: String, _ expression: String) -> String {
        if sharedRulesWritten.insert(name).inserted {
            ruleNames.insert(name)
            rules.append((name, expression))
        }
        return name
    }

    // MARK: Numbers

    private func integerFragment(_ constraints: GenerationSchema.NumberConstraints) throws(GenUIError)
        -> GrammarFragment
    {
        let minimum = constraints.minimum.map { $0.rounded(.up) }
        let maximum = constraints.maximum.map { $0.rounded(.down) }
        if let minimum, let maximum {
            guard minimum <= maximum else {
                throw .invalid("an integer in schema \(schema.name) has minimum \(minimum) above maximum \(maximum)")
            }
            if maximum - minimum < Double(limits.maximumEnumeratedIntegers), abs(minimum) < 1e15, abs(maximum) < 1e15 {
                let values = (Int(minimum)...Int(maximum)).map(String.init)
                let expression =
                    values.count == 1
                    ? GBNF.literal(values[0]) : "(" + values.map(GBNF.literal).joined(separator: " | ") + ")"
                return GrammarFragment(expression: expression, maximumBytes: values.map(\.utf8.count).max() ?? 1)
            }
        }
        return numberFragment(constraints, integer: true)
    }

    private func numberFragment(_ constraints: GenerationSchema.NumberConstraints, integer: Bool) -> GrammarFragment {
        // Digits follow the bounds when both are given; an open side keeps the default, or more if a bound needs it.
        let bounds = [constraints.minimum, constraints.maximum].compactMap { $0 }.map { abs($0) }
        let boundDigits = bounds.max().map { max(1, String(Int64(min($0, 1e17).rounded(.down))).count) }
        let digits =
            bounds.count == 2
            ? (boundDigits ?? limits.defaultIntegerDigits)
            : max(limits.defaultIntegerDigits, boundDigits ?? 0)
        let allowsNegative = (constraints.minimum ?? -1) < 0
        let mustBeNegative = (constraints.maximum ?? 1) < 0
        let magnitude = digits == 1 ? "[0-9]" : "(\"0\" | [1-9] [0-9]" + GBNF.repetition(0, digits - 1) + ")"
        var expression = mustBeNegative ? "\"-\" " : allowsNegative ? "\"-\"? " : ""
        expression += magnitude
        var maximumBytes = (allowsNegative ? 1 : 0) + digits
        if !integer {
            expression += " (\".\" [0-9]" + GBNF.repetition(1, limits.fractionDigits) + ")?"
            maximumBytes += 1 + limits.fractionDigits
        }
        return GrammarFragment(expression: "(\(expression))", maximumBytes: maximumBytes)
    }

    // MARK: Arrays

    private mutating func arrayFragment(_ array: GenerationSchema.ArrayNode, depth: Int, hint: String)
        throws(GenUIError) -> GrammarFragment?
    {
        let minimum = max(0, array.minimumCount ?? 0)
        let maximum = array.maximumCount ?? max(limits.defaultMaximumArrayCount, minimum)
        guard minimum <= maximum else {
            throw .invalid(
                "an array in schema \(schema.name) has minimum count \(minimum) above its maximum \(maximum)")
        }
        guard maximum > 0 else { return GrammarFragment(expression: "\"[]\"", maximumBytes: 2) }
        guard let item = try fragment(for: array.items, depth: depth, hint: hint + "-item") else {
            return minimum == 0 ? GrammarFragment(expression: "\"[]\"", maximumBytes: 2) : nil
        }
        let more = maximum > 1 ? " (\",\" \(item.expression))" + GBNF.repetition(max(0, minimum - 1), maximum - 1) : ""
        let elements = item.expression + more
        let expression = minimum == 0 ? "\"[\" (\(elements))? \"]\"" : "\"[\" \(elements) \"]\""
        return rule(
            hint + "-array", expression,
            maximumBytes: ByteBound.sum(2, ByteBound.product(maximum, item.maximumBytes), maximum - 1))
    }

    // MARK: Objects

    private mutating func objectFragment(_ object: GenerationSchema.ObjectNode, depth: Int)
        throws(GenUIError) -> GrammarFragment?
    {
        var members: [(fragment: GrammarFragment, isOptional: Bool)] = []
        for property in object.properties {
            guard let value = try fragment(for: property.node, depth: depth, hint: "\(object.name)-\(property.name)")
            else {
                if property.isOptional { continue }
                return nil
            }
            let key = JSONWriter.quote(property.name) + ":"
            members.append(
                (
                    GrammarFragment(
                        expression: GBNF.literal(key) + " " + value.expression,
                        maximumBytes: ByteBound.sum(key.utf8.count, value.maximumBytes)),
                    property.isOptional
                ))
        }
        let maximumBytes = ByteBound.sum([2, max(0, members.count - 1)] + members.map(\.fragment.maximumBytes))
        let body: String
        if !members.contains(where: \.isOptional) {
            body = members.map(\.fragment.expression).joined(separator: " \",\" ")
        } else {
            body = optionalSequence(members, object: object.name)
        }
        let expression = body.isEmpty ? "\"{}\"" : "\"{\" \(body) \"}\""
        return rule(object.name, expression, maximumBytes: maximumBytes)
    }

    /// Properties in order where some may be left out: the commas depend on whether anything came before, so each
    /// position gets a rule for "nothing written yet" and one for "something written".
    private mutating func optionalSequence(
        _ members: [(fragment: GrammarFragment, isOptional: Bool)], object: String
    ) -> String {
        // tails[i] = (expression when nothing precedes, expression when something precedes), for members i...
        var afterNothing = ""
        var afterSomething = ""
        for index in members.indices.reversed() {
            let member = members[index].fragment.expression
            let first = [member, afterSomething].filter { !$0.isEmpty }.joined(separator: " ")
            let next = ["\",\" " + member, afterSomething].filter { !$0.isEmpty }.joined(separator: " ")
            let newNothing: String
            let newSomething: String
            if members[index].isOptional {
                newNothing = afterNothing.isEmpty ? "(\(first))?" : "(\(first) | \(afterNothing))"
                newSomething = afterSomething.isEmpty ? "(\(next))?" : "(\(next) | \(afterSomething))"
            } else {
                newNothing = first
                newSomething = next
            }
            if index > 0 {
                afterNothing = rule("\(object)-from\(index)-first", newNothing, maximumBytes: 0).expression
                afterSomething = rule("\(object)-from\(index)-next", newSomething, maximumBytes: 0).expression
            } else {
                afterNothing = newNothing
                afterSomething = newSomething
            }
        }
        return afterNothing
    }

    // MARK: Rules

    /// Writes `expression` as a named rule and returns a fragment referring to it.
    private mutating func rule(_ hint: String, _ expression: String, maximumBytes: Int) -> GrammarFragment {
        let base = GBNF.ruleName(hint)
        var name = base
        var counter = 2
        while ruleNames.contains(name) {
            name = "\(base)-\(counter)"
            counter += 1
        }
        ruleNames.insert(name)
        rules.append((name, expression))
        return GrammarFragment(expression: name, maximumBytes: maximumBytes)
    }
}
