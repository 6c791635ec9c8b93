/// Checks content against a schema, reporting the first violation with its JSON pointer.
extension GenerationSchema {
    /// One way content breaks a schema.
    public struct Violation: Sendable, Hashable, CustomStringConvertible {
        /// Where, as a JSON pointer ("" is the root).
        public var path: String
        /// What is wrong, in English.
        public var message: String
        /// What is wrong as a code with arguments, for wording it in the user's language; its English is ``message``.
        public var detail: DecodingDetail?

        /// A violation at `path` described by `detail`.
        public init(path: String, detail: DecodingDetail) {
            self.path = path
            self.message = detail.description
            self.detail = detail
        }

        public var description: String { "\(path.isEmpty ? "/" : path): \(message)" }
    }

    /// Throws ``GenUIError/decodingFailure(path:details:_:)`` at the first violation.
    public func validate(_ content: GeneratedContent) throws(GenUIError) {
        if let violation = firstViolation(in: content) {
            throw .decoding(violation)
        }
    }

    /// The first violation of the schema in `content`, or `nil` when it conforms.
    ///
    /// The work is bounded (`SchemaWorkBudget`): content so entangled in undiscriminated alternatives that checking it
    /// would take more than a fixed number of schema checks per value is reported as a violation.
    public func firstViolation(in content: GeneratedContent) -> Violation? {
        var budget = SchemaWorkBudget(for: content)
        return firstViolation(in: content, against: root, budget: &budget)
    }

    /// The first violation of `node` (a part of this schema) in `content`, or `nil` when it conforms, spending
    /// `budget`.
    func firstViolation(in content: GeneratedContent, against node: Node, budget: inout SchemaWorkBudget) -> Violation?
    {
        check(content, against: node, path: "", depth: 0, budget: &budget)
    }

    /// How deep references may nest before validation gives up (guards against recursive definitions).
    static let maximumReferenceDepth = 64

    func resolve(_ node: Node, depth: Int = 0) -> Node? {
        guard case .reference(let name) = node else { return node }
        guard depth < Self.maximumReferenceDepth, let target = definition(named: name) else { return nil }
        return resolve(target, depth: depth + 1)
    }

    private func check(
        _ content: GeneratedContent, against node: Node, path: String, depth: Int, budget: inout SchemaWorkBudget
    ) -> Violation? {
        func fail(_ code: DecodingDetail.Code, _ arguments: [String: DecodingDetail.Argument] = [:]) -> Violation {
            Violation(path: path, detail: DecodingDetail(code, arguments))
        }
        func found(_ code: DecodingDetail.Code) -> Violation {
            fail(code, ["found": .kind(DecodingDetail.Kind(of: content))])
        }
        guard budget.visit() else { return Violation(path: path, detail: budget.exhaustedDetail) }
        guard depth < Self.maximumReferenceDepth else { return fail(.schemaTooDeep) }
        switch node {
        case .any:
            return nil
        case .reference(let name):
            guard let target = resolve(node) else { return fail(.undefinedReference, ["name": .data(name)]) }
            return check(content, against: target, path: path, depth: depth + 1, budget: &budget)
        case .string(let c):
            guard case .string(let value) = content.kind else { return found(.expectedString) }
            if let choices = c.choices, !choices.contains(value) {
                return fail(
                    .notAChoice,
                    [
                        "value": .data(JSONWriter.quote(value)),
                        "choices": .data(choices.map(JSONWriter.quote).joined(separator: ", ")),
                    ])
            }
            let length = value.count
            if let min = c.minimumLength, length < min {
                return fail(.stringTooShort, ["count": .integer(length), "minimum": .integer(min)])
            }
            if let max = c.maximumLength, length > max {
                return fail(.stringTooLong, ["count": .integer(length), "maximum": .integer(max)])
            }
            if let pattern = c.pattern, !PatternMatcher.matches(value, pattern: pattern) {
                return fail(.patternMismatch, ["value": .data(JSONWriter.quote(value)), "pattern": .data(pattern)])
            }
            return nil
        case .integer(let c), .number(let c):
            guard case .number(let value) = content.kind else { return found(.expectedNumber) }
            if case .integer = node, value.rounded() != value {
                return fail(.expectedInteger, ["value": .number(value)])
            }
            if let min = c.minimum, value < min {
                return fail(.belowMinimum, ["value": .number(value), "minimum": .number(min)])
            }
            if let max = c.maximum, value > max {
                return fail(.aboveMaximum, ["value": .number(value), "maximum": .number(max)])
            }
            return nil
        case .boolean:
            guard case .bool = content.kind else { return found(.expectedBoolean) }
            return nil
        case .null:
            guard case .null = content.kind else { return found(.expectedNull) }
            return nil
        case .array(let a):
            guard case .array(let elements) = content.kind else { return found(.expectedArray) }
            if let min = a.minimumCount, elements.count < min {
                return fail(.tooFewElements, ["count": .integer(elements.count), "minimum": .integer(min)])
            }
            if let max = a.maximumCount, elements.count > max {
                return fail(.tooManyElements, ["count": .integer(elements.count), "maximum": .integer(max)])
            }
            for (index, element) in elements.enumerated() {
                if let violation = check(
                    element, against: a.items, path: path + JSONPointer.index(index), depth: depth + 1, budget: &budget)
                {
                    return violation
                }
            }
            return nil
        case .object(let object):
            guard case .structure(let properties, let keys) = content.kind else {
                return fail(
                    .expectedNamedObject,
                    ["type": .data(object.name), "found": .kind(DecodingDetail.Kind(of: content))])
            }
            let known = Set(object.properties.map(\.name))
            if let unknown = keys.first(where: { !known.contains($0) }) {
                return Violation(
                    path: path + JSONPointer.escape(unknown),
                    detail: DecodingDetail(.undeclaredProperty, ["name": .data(unknown), "type": .data(object.name)]))
            }
            for property in object.properties {
                let propertyPath = path + JSONPointer.escape(property.name)
                guard let value = properties[property.name], value.kind != .null else {
                    if property.isOptional { continue }
                    return Violation(
                        path: propertyPath, detail: DecodingDetail(.missingProperty, ["name": .data(property.name)]))
                }
                if let violation = check(
                    value, against: property.node, path: propertyPath, depth: depth + 1, budget: &budget)
                {
                    return violation
                }
            }
            return nil
        case .anyOf(let choice):
            var best: Violation?
            // A discriminated choice (enum with associated values) reports the error of the case it names.
            if case .structure(let properties, _) = content.kind,
                case .string(let tag)? = properties[Self.discriminator]?.kind,
                let matching = choice.choices.first(where: { discriminator(of: $0) == tag })
            {
                return check(content, against: matching, path: path, depth: depth + 1, budget: &budget)
            }
            // An alternative whose required discriminator the content does not carry cannot match: skip it unwalked.
            for option in choice.choices where mayMatch(content, option) {
                guard let violation = check(content, against: option, path: path, depth: depth + 1, budget: &budget)
                else { return nil }
                if budget.isExhausted { return violation }
                if best == nil || violation.path.count > (best?.path.count ?? 0) { best = violation }
            }
            if choice.choices.contains(where: { discriminator(of: $0) != nil }) {
                let tags = choice.choices.compactMap { discriminator(of: $0) }
                return fail(
                    .noTaggedCase,
                    [
                        "type": .data(choice.name), "cases": .data(tags.joined(separator: ", ")),
                        "tag": .data(Self.discriminator),
                    ])
            }
            return best ?? fail(.noAlternative, ["type": .data(choice.name)])
        }
    }

    /// Whether `content` may match `option` as far as a discriminator tells: `false` only when `option` requires a
    /// constant ``discriminator`` property that `content` lacks or holds another value in (compared ignoring case, as
    /// the defensive decoder repairs the case of a tag).
    func mayMatch(_ content: GeneratedContent, _ option: Node) -> Bool {
        guard case .object(let object)? = resolve(option),
            let tagProperty = object.properties.first(where: { $0.name == Self.discriminator }),
            !tagProperty.isOptional, let tag = tagProperty.node.constantString
        else { return true }
        guard case .structure(let properties, _) = content.kind,
            case .string(let value)? = properties[Self.discriminator]?.kind
        else { return false }
        return value.lowercased() == tag.lowercased()
    }

    /// The constant discriminator of an enum-case object node, if it has one.
    func discriminator(of node: Node) -> String? {
        guard case .object(let object)? = resolve(node),
            let tag = object.properties.first(where: { $0.name == Self.discriminator })
        else { return nil }
        return tag.node.constantString
    }
}

extension SchemaWorkBudget {
    /// What a walk that spent the budget reports, as a detail (its English is ``exhaustedMessage``).
    var exhaustedDetail: DecodingDetail {
        DecodingDetail(.tooEntangled, ["limit": .integer(limit), "tag": .data(GenerationSchema.discriminator)])
    }
}
