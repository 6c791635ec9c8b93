@_spi(Reading) import GenUI

/// A section of an outlined screen: what the intent names is grouped into facts, inputs and actions.
public enum OutlineSection: String, Sendable, Hashable, CaseIterable {
    /// Facts and messages: `keyValue` and `paragraph` components.
    case facts
    /// Fields and toggles.
    case inputs
    /// Buttons, always last.
    case actions
}

extension OutlinedElement.Kind {
    /// The section an element of this kind is shown in.
    public var section: OutlineSection {
        switch self {
        case .fact, .message: .facts
        case .field, .toggle: .inputs
        case .button: .actions
        }
    }
}

extension ScreenOutline {
    /// The outline's sections with their elements: facts and inputs in the order the intent first names them,
    /// actions last; a section with no element is left out.
    public var sections: [(section: OutlineSection, elements: [OutlinedElement])] {
        var order: [OutlineSection] = []
        for element in elements where element.kind.section != .actions && !order.contains(element.kind.section) {
            order.append(element.kind.section)
        }
        if elements.contains(where: { $0.kind == .button }) { order.append(.actions) }
        return order.map { section in (section, elements.filter { $0.kind.section == section }) }
    }

    /// The schema the model fills in: the screen's title, then one object per section holding the section's title
    /// and, under each element's label, what the model writes for it (a field's placeholder and input kind, a fact's
    /// value, a toggle's state, a button's style: primary for the first button, secondary or destructive for the
    /// others). Messages are shown as named and are not in it.
    ///
    /// The title is held to ``titlePattern``: at most three words, none starting lowercase. (A provider that does not
    /// enforce patterns is not failed for a longer title: ``screen(from:partial:)`` and the composer's check accept any
    /// title of the screen's length.)
    public var fillInSchema: GenerationSchema { fillInSchema(titlePattern: Self.titlePattern) }

    /// A title of one to three words of at most 12 characters each (38 characters at most, within a screen title's
    /// 40), none starting with a lowercase Latin letter (a word of a script without case may start as it does).
    /// Measured on SmolLM2-135M: without it, titles ran on into the intent's own words ("Flight Status Screen with
    /// Departure Time"); with three words of any case they stopped mid-phrase ("Profile Page with"); with no word
    /// starting lowercase the model ends the title where a lowercase joining word would follow ("Profile Page").
    public static let titlePattern = "[^ a-z][^ ]{0,11}( [^ a-z][^ ]{0,11}){0,2}"

    /// ``fillInSchema`` with the title held to `titlePattern`, or to the screen title's length alone when `nil`.
    func fillInSchema(titlePattern: String?) -> GenerationSchema {
        let limits = ScreenLimits.standard
        var title = GenerationSchema.StringConstraints(
            minimumLength: limits.screenTitleLength.lowerBound, maximumLength: limits.screenTitleLength.upperBound)
        title.pattern = titlePattern
        var properties = [GenerationSchema.PropertyNode(name: "title", node: .string(title))]
        if records != nil {
            properties.append(
                .init(
                    name: Self.recordsKey,
                    node: .object(
                        .init(
                            name: "OutlinedRecords",
                            properties: [
                                .init(name: "title", node: Self.text(limits.sectionTitleLength))
                            ]))))
        }
        for (section, elements) in sections {
            var sectionProperties = [
                GenerationSchema.PropertyNode(name: "title", node: Self.text(limits.sectionTitleLength))
            ]
            for (key, element) in zip(Self.keys(for: elements), elements) {
                guard let node = node(for: element) else { continue }
                sectionProperties.append(.init(name: key, node: node))
            }
            let object = GenerationSchema.ObjectNode(
                name: "Outlined\(section.rawValue.capitalized)", properties: sectionProperties)
            properties.append(.init(name: section.rawValue, node: .object(object)))
        }
        return GenerationSchema(
            node: .object(.init(name: "OutlinedScreen", properties: properties)), name: "OutlinedScreen")
    }

    private func node(for element: OutlinedElement) -> GenerationSchema.Node? {
        let shortText = Self.text(ShortText.lengthRange)
        switch element.kind {
        case .field:
            return .object(
                .init(
                    name: "OutlinedField",
                    properties: [
                        .init(name: "placeholder", node: shortText),
                        .init(name: "kind", node: .string(.init(choices: element.fieldKinds.map(Self.caseName)))),
                    ]))
        case .fact: return modelWritesFactValues ? shortText : nil
        case .toggle: return .boolean
        case .button: return .string(.init(choices: buttonStyles(for: element).map(Self.caseName)))
        case .message: return nil
        }
    }

    /// The property of the fill-in schema that holds the records' section title.
    static let recordsKey = "records"

    /// The styles a button may have: the first is the primary action, the others secondary or destructive.
    public func buttonStyles(for element: OutlinedElement) -> [ActionStyle] {
        elements.first(where: { $0.kind == .button }) == element ? [.primary] : [.secondary, .destructive]
    }

    static func text(_ length: ClosedRange<Int>) -> GenerationSchema.Node {
        .string(.init(minimumLength: length.lowerBound, maximumLength: length.upperBound))
    }

    /// The property name of each element in its section's object: its label, made distinct from the section's
    /// `title` and from the labels before it.
    static func keys(for elements: [OutlinedElement]) -> [String] {
        var used: Set<String> = ["title"]
        return elements.map { element in
            var key = element.label
            var number = 2
            while used.contains(key) {
                key = "\(element.label) \(number)"
                number += 1
            }
            used.insert(key)
            return key
        }
    }

    /// The screen the filled-in outline describes, or `nil` when `filled` has no title. With `partial` (a prefix
    /// still streaming), an element whose value has not fully arrived is left out instead of failing; otherwise every
    /// value must be there (the model was held to ``fillInSchema``, or the caller checked it).
    public func screen(from filled: GeneratedContent, partial: Bool = false) -> UIScreen? {
        guard let title = filled["title"]?.stringValue else { return nil }
        var screenSections: [UISection] = []
        if let records {
            let sectionTitle = filled[Self.recordsKey]?["title"]?.stringValue
            if !partial || sectionTitle != nil {
                screenSections.append(UISection(title: sectionTitle ?? "", components: records.standings))
            }
        }
        for (section, elements) in sections {
            guard let sectionContent = filled[section.rawValue], sectionContent.orderedProperties != nil else {
                continue
            }
            var components: [UIComponent] = []
            for (key, element) in zip(Self.keys(for: elements), elements) {
                let value = sectionContent[key]
                if partial, value?.isComplete == false { break }
                guard let component = component(for: element, value: value) else {
                    if partial { break }
                    return nil
                }
                components.append(component)
            }
            let sectionTitle = sectionContent["title"]?.stringValue ?? ""
            guard !partial || !sectionTitle.isEmpty || !components.isEmpty else { continue }
            screenSections.append(UISection(title: sectionTitle, components: components))
        }
        return UIScreen(title: title, sections: screenSections)
    }

    private func component(for element: OutlinedElement, value: GeneratedContent?) -> UIComponent? {
        let label = ShortText(verbatim: element.label)
        switch element.kind {
        case .message:
            return .paragraph(text: BodyText(verbatim: element.label))
        case .fact:
            guard modelWritesFactValues else {
                return .keyValue(key: label, value: ShortText(verbatim: PlaceholderText.forLabel(element.label)))
            }
            return value?.stringValue.map { .keyValue(key: label, value: ShortText(verbatim: $0)) }
        case .toggle:
            guard case .bool(let isOn)? = value?.kind else { return nil }
            return .toggle(label: label, isOn: isOn)
        case .button:
            guard let value, let style = try? ActionStyle(value) else { return nil }
            return .button(label: label, style: style)
        case .field:
            guard let placeholder = value?["placeholder"]?.stringValue, let kindValue = value?["kind"],
                let kind = try? FieldKind(kindValue)
            else { return nil }
            return .field(label: label, placeholder: ShortText(verbatim: placeholder), kind: kind)
        }
    }

    /// A case's name as the screen's JSON writes it (`secure`, `primary`), from its generated content.
    static func caseName(_ value: some ConvertibleToGeneratedContent) -> String {
        value.generatedContent.stringValue ?? ""
    }
}
