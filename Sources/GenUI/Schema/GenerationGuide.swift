import Foundation

/// A bound on generated values of type `Value`: the Foundation Models `GenerationGuide`.
///
/// Guides are carried into the schema, exported to JSON Schema and grammars, honoured by the scripted model and
/// checked by validation.
public struct GenerationGuide<Value>: Sendable {
    let constraints: [GuideConstraint]

    init(_ constraints: [GuideConstraint]) { self.constraints = constraints }
}

/// The type-erased content of a guide.
enum GuideConstraint: Sendable, Hashable {
    case minimum(Double)
    case maximum(Double)
    case minimumCount(Int)
    case maximumCount(Int)
    case choices([String])
    case pattern(String)
    case minimumLength(Int)
    case maximumLength(Int)
    case element([GuideConstraint])
}

extension GenerationGuide where Value == String {
    /// The string is exactly `value`.
    public static func constant(_ value: String) -> GenerationGuide<String> { .init([.choices([value])]) }
    /// The string is one of `values`.
    public static func anyOf(_ values: [String]) -> GenerationGuide<String> { .init([.choices(values)]) }
    /// The whole string matches the regular expression `pattern`.
    public static func pattern(_ pattern: String) -> GenerationGuide<String> { .init([.pattern(pattern)]) }
    /// The whole string matches `regex` (Foundation Models' `pattern(_:)` of a `Regex`): a literal (`/[A-Z]\d+/`),
    /// a `Regex` made from a string, or one built with RegexBuilder.
    ///
    /// The guide keeps the regex's pattern text (`Regex`'s printed pattern), so it constrains exactly as
    /// the `String` form with that text does: in JSON Schema, grammars, the scripted model and
    /// validation. A regex with no pattern text — one with a custom component, such as a `TryCapture` transform —
    /// keeps ``unprintablePattern``, which no string matches, so the response fails validation with a decoding
    /// failure naming it rather than going unchecked.
    public static func pattern<Output>(_ regex: Regex<Output>) -> GenerationGuide<String> {
        .init([.pattern(regex._literalPattern ?? unprintablePattern)])
    }
    /// The pattern a `pattern(_:)` guide keeps for a `Regex` that has no pattern text: a comment saying so, then an
    /// assertion no string satisfies.
    public static var unprintablePattern: String { "(?#a Regex without pattern text)(?!)" }
    /// The string has at least `length` characters.
    public static func minimumLength(_ length: Int) -> GenerationGuide<String> { .init([.minimumLength(length)]) }
    /// The string has at most `length` characters.
    public static func maximumLength(_ length: Int) -> GenerationGuide<String> { .init([.maximumLength(length)]) }
    /// The string's length lies in `range`.
    public static func length(_ range: ClosedRange<Int>) -> GenerationGuide<String> {
        .init([.minimumLength(range.lowerBound), .maximumLength(range.upperBound)])
    }
}

extension GenerationGuide where Value == Int {
    /// The value is at least `value`.
    public static func minimum(_ value: Int) -> GenerationGuide<Int> { .init([.minimum(Double(value))]) }
    /// The value is at most `value`.
    public static func maximum(_ value: Int) -> GenerationGuide<Int> { .init([.maximum(Double(value))]) }
    /// The value lies in `range`.
    public static func range(_ range: ClosedRange<Int>) -> GenerationGuide<Int> {
        .init([.minimum(Double(range.lowerBound)), .maximum(Double(range.upperBound))])
    }
}

extension GenerationGuide where Value == Double {
    /// The value is at least `value`.
    public static func minimum(_ value: Double) -> GenerationGuide<Double> { .init([.minimum(value)]) }
    /// The value is at most `value`.
    public static func maximum(_ value: Double) -> GenerationGuide<Double> { .init([.maximum(value)]) }
    /// The value lies in `range`.
    public static func range(_ range: ClosedRange<Double>) -> GenerationGuide<Double> {
        .init([.minimum(range.lowerBound), .maximum(range.upperBound)])
    }
}

extension GenerationGuide where Value == Float {
    /// The value is at least `value`.
    public static func minimum(_ value: Float) -> GenerationGuide<Float> { .init([.minimum(Double(value))]) }
    /// The value is at most `value`.
    public static func maximum(_ value: Float) -> GenerationGuide<Float> { .init([.maximum(Double(value))]) }
    /// The value lies in `range`.
    public static func range(_ range: ClosedRange<Float>) -> GenerationGuide<Float> {
        .init([.minimum(Double(range.lowerBound)), .maximum(Double(range.upperBound))])
    }
}

extension GenerationGuide where Value == Decimal {
    /// The value is at least `value`.
    public static func minimum(_ value: Decimal) -> GenerationGuide<Decimal> { .init([.minimum(value.doubleValue)]) }
    /// The value is at most `value`.
    public static func maximum(_ value: Decimal) -> GenerationGuide<Decimal> { .init([.maximum(value.doubleValue)]) }
    /// The value lies in `range`.
    public static func range(_ range: ClosedRange<Decimal>) -> GenerationGuide<Decimal> {
        .init([.minimum(range.lowerBound.doubleValue), .maximum(range.upperBound.doubleValue)])
    }
}

extension Decimal {
    fileprivate var doubleValue: Double { NSDecimalNumber(decimal: self).doubleValue }
}

extension GenerationGuide {
    /// The array has exactly `count` elements.
    public static func count<Element>(_ count: Int) -> GenerationGuide<[Element]> where Value == [Element] {
        .init([.minimumCount(count), .maximumCount(count)])
    }
    /// The array's element count lies in `range`.
    public static func count<Element>(_ range: ClosedRange<Int>) -> GenerationGuide<[Element]>
    where Value == [Element] {
        .init([.minimumCount(range.lowerBound), .maximumCount(range.upperBound)])
    }
    /// The array has at least `count` elements.
    public static func minimumCount<Element>(_ count: Int) -> GenerationGuide<[Element]> where Value == [Element] {
        .init([.minimumCount(count)])
    }
    /// The array has at most `count` elements.
    public static func maximumCount<Element>(_ count: Int) -> GenerationGuide<[Element]> where Value == [Element] {
        .init([.maximumCount(count)])
    }
    /// Every element is bounded by `guide`.
    public static func element<Element>(_ guide: GenerationGuide<Element>) -> GenerationGuide<[Element]>
    where Value == [Element] {
        .init([.element(guide.constraints)])
    }
}

extension GenerationSchema.Node {
    /// The node with guide constraints applied. Constraints that do not fit the node's shape are ignored
    /// (the typed guide factories make such combinations impossible to write).
    func applying(_ constraints: [GuideConstraint]) -> Self {
        constraints.reduce(self) { node, constraint in node.applying(constraint) }
    }

    private func applying(_ constraint: GuideConstraint) -> Self {
        switch (self, constraint) {
        case (.string(var c), .choices(let values)):
            c.choices = values
            return .string(c)
        case (.string(var c), .pattern(let pattern)):
            c.pattern = pattern
            return .string(c)
        case (.string(var c), .minimumLength(let n)):
            c.minimumLength = n
            return .string(c)
        case (.string(var c), .maximumLength(let n)):
            c.maximumLength = n
            return .string(c)
        case (.integer(var c), .minimum(let v)):
            c.minimum = v
            return .integer(c)
        case (.integer(var c), .maximum(let v)):
            c.maximum = v
            return .integer(c)
        case (.number(var c), .minimum(let v)):
            c.minimum = v
            return .number(c)
        case (.number(var c), .maximum(let v)):
            c.maximum = v
            return .number(c)
        case (.array(var a), .minimumCount(let n)):
            a.minimumCount = n
            return .array(a)
        case (.array(var a), .maximumCount(let n)):
            a.maximumCount = n
            return .array(a)
        case (.array(var a), .element(let inner)):
            a.items = a.items.applying(inner)
            return .array(a)
        default: return self
        }
    }
}
