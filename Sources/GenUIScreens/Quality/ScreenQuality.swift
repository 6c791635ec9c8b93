import Foundation

/// An element an intent names: "username and password fields", "a Pay button", "the humidity".
public struct NamedElement: Sendable, Hashable, Codable {
    /// What kind of component shows it.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// An input: a `field`.
        case field
        /// An action: a `button`.
        case button
        /// An on/off setting: a `toggle`.
        case toggle
        /// Something shown: a figure, fact or item (`keyValue`, `standings`, `list`, `badge`, `heading`,
        /// `paragraph`).
        case figure
    }

    /// The kind of component that shows it.
    public var kind: Kind
    /// Words that name it; it is present when a component of its kind contains one of them (ignoring case).
    public var terms: [String]

    /// Creates an element.
    public init(_ kind: Kind, _ terms: String...) {
        self.kind = kind
        self.terms = terms
    }
}

/// An intent with the elements it names.
public struct NamedIntent: Sendable, Hashable, Codable {
    /// The words a user types: "A login form with …".
    public var intent: String
    /// What the intent names, each of which a screen for it should show.
    public var elements: [NamedElement]

    /// Creates an intent.
    public init(_ intent: String, _ elements: [NamedElement]) {
        self.intent = intent
        self.elements = elements
    }
}

/// How well one screen follows its intent: which named elements it shows, how many components repeat an earlier one,
/// and whether its title merely copies the intent.
public struct ScreenQuality: Sendable, Hashable {
    /// The intent's named elements the screen shows.
    public var presentElements: Int
    /// The intent's named elements.
    public var namedElements: Int
    /// Components identical to an earlier component on the screen (dividers not counted).
    public var repeatedComponents: Int
    /// Components on the screen, dividers not counted.
    public var components: Int
    /// Whether the title is the intent's own words: four or more of them in a row, or all of them.
    public var titleCopiesIntent: Bool
    /// The intent's named elements the screen shows in a component of any kind (a field's label as a key-value's key
    /// counts here, not in ``presentElements``): kind accuracy is ``presentElements`` of these.
    public var shownInAnyKind: Int
    /// The values on the screen that break ``ValueSanity``'s rules.
    public var nonsenseValues: Int

    /// Measures `screen` against `intent`.
    public init(screen: UIScreen, intent: NamedIntent) {
        let components = screen.sections.flatMap(\.components).filter { !$0.isDivider }
        var seen = Set<UIComponent>()
        repeatedComponents = components.filter { !seen.insert($0).inserted }.count
        self.components = components.count
        namedElements = intent.elements.count
        presentElements =
            intent.elements.filter { element in
                components.contains { Self.shows($0, element) }
            }.count
        titleCopiesIntent = Self.copies(title: screen.title, intent: intent.intent)
        shownInAnyKind =
            intent.elements.filter { element in
                components.contains { component in
                    let texts = component.textFields(.standard).map { $0.value.lowercased() }
                    return element.terms.contains { term in texts.contains { $0.contains(term.lowercased()) } }
                }
            }.count
        nonsenseValues = ValueSanity.problems(in: screen).count
    }

    /// Whether `component` shows `element`: the right kind, and one of its terms in its text.
    public static func shows(_ component: UIComponent, _ element: NamedElement) -> Bool {
        let texts: [String]
        switch (element.kind, component) {
        case (.field, .field(let label, let placeholder, _)): texts = [label.text, placeholder.text]
        case (.button, .button(let label, _)): texts = [label.text]
        case (.toggle, .toggle(let label, _)): texts = [label.text]
        case (.figure, .keyValue(let key, let value)): texts = [key.text, value.text]
        case (.figure, .standings(let title, let rows)):
            texts = [title.text] + rows.elements.flatMap { [$0.name, $0.value] }
        case (.figure, .list(let items)): texts = items.elements.map(\.text)
        case (.figure, .badge(let label, _)): texts = [label.text]
        case (.figure, .heading(let text)): texts = [text.text]
        case (.figure, .paragraph(let text)): texts = [text.text]
        default: return false
        }
        let haystack = texts.map { $0.lowercased() }
        return element.terms.contains { term in haystack.contains { $0.contains(term.lowercased()) } }
    }

    /// Whether `title` copies `intent`: the same words, or four or more of the intent's words in a row.
    public static func copies(title: String, intent: String) -> Bool {
        let titleWords = words(title)
        let intentWords = words(intent)
        guard !titleWords.isEmpty else { return false }
        if titleWords == intentWords { return true }
        guard titleWords.count >= 4, titleWords.count <= intentWords.count else { return false }
        return (0...(intentWords.count - titleWords.count)).contains { start in
            Array(intentWords[start..<(start + titleWords.count)]) == titleWords
        }
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}
