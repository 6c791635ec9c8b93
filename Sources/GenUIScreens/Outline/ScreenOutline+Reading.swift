import Foundation

extension ScreenOutline {
    /// The things an English intent names, read from its phrasing:
    ///
    /// - a list before a component word: "username and password fields", "a Pay button", "Login and Register
    ///   buttons" (a singular word takes only the last item: "the balance and a Transfer button"; a list ends at an
    ///   outer list's ", and": "the price, and Book and Cancel buttons");
    /// - a list after one and "for": "toggles for notifications and dark mode";
    /// - a list after "with", "showing", "listing" and the like that no component word claims: facts ("showing steps,
    ///   calories and heart rate");
    /// - what follows "saying": a message ("saying the server is unreachable").
    ///
    /// Items are split at commas, "and" and "or"; quotes around a label, leading articles and bare counts ("three")
    /// are dropped. An intent in another language, or one that names nothing this way ("A login form"), gives an
    /// empty outline, which is composed freely. At most ``maximumElementsPerSection`` elements of each section
    /// (facts, inputs, actions) are kept.
    ///
    /// With `infersKinds` (the default), what the intent lists without a component word takes its kind from context:
    /// a trailing run of capitalized labels that starts with an
    /// action verb ("… and Sign in", "Play, Pause and Fullscreen") are buttons; "turn on", "enable" and "… option"
    /// make toggles; on a screen that asks for input (a form, a login, a signup, a search, a checkout) the rest are
    /// fields, and on a settings or preferences screen toggles. Without it, every such item is a fact.
    public static func read(from intent: String, infersKinds: Bool = true) -> ScreenOutline {
        var reading = IntentReading(intent)
        reading.infersKinds = infersKinds
        return reading.outline()
    }

    /// The most elements of one section (facts and messages, fields and toggles, buttons) an outline keeps: a
    /// section's component limit.
    public static let maximumElementsPerSection = ScreenLimits.standard.componentsPerSection.upperBound
}

/// One pass over an intent's words that collects what it names (see ``ScreenOutline/read(from:infersKinds:)``).
struct IntentReading {
    enum Token: Equatable {
        case word(String)
        case separator
        case stop
    }

    /// Component words and the kind each names.
    static let componentWords: [String: OutlinedElement.Kind] = [
        "field": .field, "fields": .field, "input": .field, "inputs": .field, "box": .field, "boxes": .field,
        "button": .button, "buttons": .button,
        "toggle": .toggle, "toggles": .toggle, "switch": .toggle, "switches": .toggle, "checkbox": .toggle,
        "checkboxes": .toggle,
    ]
    static let pluralComponentWords: Set<String> = [
        "fields", "inputs", "boxes", "buttons", "toggles", "switches", "checkboxes",
    ]
    /// Words after which a screen's contents are listed.
    static let openers: Set<String> = [
        "with", "showing", "shows", "listing", "lists", "displaying", "displays", "including", "containing", "saying",
        "having",
    ]
    static let joiners: Set<String> = ["and", "or"]
    static let articles: Set<String> = ["a", "an", "the", "their", "its", "your", "his", "her", "our", "my", "some"]
    static let counts: Set<String> = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "several", "few", "many", "all",
    ]
    static let maximumMessageLength = BodyText.lengthRange.upperBound
    static let maximumLabelLength = ShortText.lengthRange.upperBound

    let tokens: [Token]
    var claimed: [Bool]
    /// Whether items listed without a component word take their kind from context (see
    /// ``ScreenOutline/read(from:infersKinds:)``).
    var infersKinds = true
    var found: [(position: Int, element: OutlinedElement)] = []

    init(_ intent: String) {
        tokens = Self.tokens(of: intent)
        claimed = Array(repeating: false, count: tokens.count)
    }

    static func tokens(of intent: String) -> [Token] {
        var tokens: [Token] = []
        var word = ""
        func flush() {
            // An apostrophe inside a word stays ("don't"); one at either end is a quote ('Stay signed in').
            let trimmed = word.trimmingCharacters(in: CharacterSet(charactersIn: "'’"))
            if !trimmed.isEmpty { tokens.append(.word(trimmed)) }
            word = ""
        }
        for character in intent {
            if character.isLetter || character.isNumber || character == "-" || character == "'" || character == "’" {
                word.append(character)
            } else {
                flush()
                if character == "," { tokens.append(.separator) }
                // Quotes around a label ("a \"Sign up\" button") only end a word.
                if ".;:!?()".contains(character) { tokens.append(.stop) }
            }
        }
        flush()
        return tokens
    }

    func lowered(_ index: Int) -> String? {
        guard case .word(let word) = tokens[index] else { return nil }
        return word.lowercased()
    }

    func isBoundary(_ index: Int) -> Bool {
        guard let word = lowered(index) else { return tokens[index] == .stop }
        return Self.componentWords[word] != nil || Self.openers.contains(word)
            || (infersKinds && togglePhrase(at: index) != nil)
    }

    mutating func outline() -> ScreenOutline {
        for index in tokens.indices {
            guard let word = lowered(index), let kind = Self.componentWords[word] else { continue }
            claimed[index] = true
            if index + 1 < tokens.count, lowered(index + 1) == "for" {
                claimed[index + 1] = true
                let span = run(from: index + 2)
                add(items(span), kind: kind, at: index)
            } else {
                claimBefore(index, kind: kind, plural: Self.pluralComponentWords.contains(word))
            }
        }
        collectFacts()
        return ScreenOutline(elements: Self.distinct(found.sorted { $0.position < $1.position }.map(\.element)))
    }

    /// The unclaimed words from `start` up to the next boundary, claimed.
    mutating func run(from start: Int) -> [Int] {
        var span: [Int] = []
        var index = start
        while index < tokens.count, !claimed[index], !isBoundary(index) {
            claimed[index] = true
            span.append(index)
            index += 1
        }
        return span
    }

    /// Claims the list before the component word at `index`; a singular word takes only its last item.
    mutating func claimBefore(_ index: Int, kind: OutlinedElement.Kind, plural: Bool) {
        var start = index
        while start > 0, !claimed[start - 1], !isBoundary(start - 1), !closesOuterList(start - 1) { start -= 1 }
        var span = Array(start..<index)
        if !plural, let split = span.lastIndex(where: { isSeparator($0) }) {
            claimed[span[split]] = true
            span = Array(span[(split + 1)...])
        }
        for position in span { claimed[position] = true }
        add(items(span), kind: kind, at: index)
    }

    /// Facts and messages: unclaimed words after the first opener.
    mutating func collectFacts() {
        var opened = false
        var index = 0
        while index < tokens.count {
            let word = lowered(index)
            if infersKinds, !claimed[index], let length = togglePhrase(at: index) {
                opened = true
                for position in index..<(index + length) { claimed[position] = true }
                let span = run(from: index + length)
                addInferred(items(span), context: .toggles, at: index)
                index = (span.last ?? (index + length - 1)) + 1
            } else if let word, Self.openers.contains(word), !claimed[index] {
                opened = true
                claimed[index] = true
                let span = run(from: index + 1)
                if word == "saying" {
                    let text = span.compactMap(text).joined(separator: " ")
                    if !text.isEmpty {
                        let message = Self.capitalized(String(text.prefix(Self.maximumMessageLength)))
                        found.append((index * 64, OutlinedElement(.message, message)))
                    }
                } else if infersKinds {
                    addInferred(items(span), context: Self.showingOpeners.contains(word) ? .shown : purpose, at: index)
                } else {
                    add(items(span), kind: .fact, at: index)
                }
                index = (span.last ?? index) + 1
            } else if opened, !claimed[index], tokens[index] != .stop {
                let span = run(from: index)
                if infersKinds {
                    addInferred(items(span), context: purpose, at: index)
                } else {
                    add(items(span), kind: .fact, at: index)
                }
                index = (span.last ?? index) + 1
            } else {
                index += 1
            }
        }
    }

    /// Whether the word at `index` is the "and" or "or" of ", and" / ", or": the last item of an outer list
    /// begins after it ("the price, and Book and Cancel buttons").
    func closesOuterList(_ index: Int) -> Bool {
        index > 0 && tokens[index - 1] == .separator && lowered(index).map(Self.joiners.contains) == true
    }

    func isSeparator(_ index: Int) -> Bool {
        tokens[index] == .separator || lowered(index).map(Self.joiners.contains) == true
    }

    func text(_ index: Int) -> String? {
        guard case .word(let word) = tokens[index] else { return nil }
        return word
    }

    /// The items of a list, as the intent writes them (the kind inference reads their capitals): split at separators,
    /// without leading articles; bare counts dropped.
    func items(_ span: [Int]) -> [String] {
        var items: [[String]] = [[]]
        for index in span {
            if isSeparator(index) {
                items.append([])
            } else if let word = text(index) {
                items[items.count - 1].append(word)
            }
        }
        return items.compactMap { words in
            let kept = words.drop { Self.articles.contains($0.lowercased()) }
            guard !kept.isEmpty,
                !kept.allSatisfy({ Self.counts.contains($0.lowercased()) || $0.allSatisfy(\.isNumber) })
            else { return nil }
            return Self.fitted(kept.joined(separator: " "))
        }
    }

    /// Adds `labels` as elements of `kind` found at token `position`, in their order.
    mutating func add(_ labels: [String], kind: OutlinedElement.Kind, at position: Int) {
        for (number, label) in labels.enumerated() {
            let element = OutlinedElement(kind, Self.capitalized(label), fieldKinds: Self.fieldKinds(label, kind))
            found.append((position * 64 + number, element))
        }
    }

    /// A field's possible input kinds from its label: a password is secure, an e-mail address is email.
    static func fieldKinds(_ label: String, _ kind: OutlinedElement.Kind) -> [FieldKind] {
        guard kind == .field else { return FieldKind.allCases }
        let words = Set(label.lowercased().split { !$0.isLetter && $0 != "-" }.map(String.init))
        if !words.isDisjoint(with: ["password", "passcode", "passphrase", "pin"]) { return [.secure] }
        if !words.isDisjoint(with: ["email", "e-mail"]) { return [.email] }
        return FieldKind.allCases
    }

    /// A label cut to a short text's length at a word boundary.
    static func fitted(_ label: String) -> String {
        guard label.count > maximumLabelLength else { return label }
        var fitted = ""
        for word in label.split(separator: " ") {
            let next = fitted.isEmpty ? String(word) : fitted + " " + word
            guard next.count <= maximumLabelLength else { break }
            fitted = next
        }
        return fitted.isEmpty ? String(label.prefix(maximumLabelLength)) : fitted
    }

    static func capitalized(_ label: String) -> String {
        guard let first = label.first else { return label }
        return first.uppercased() + label.dropFirst()
    }

    /// The elements without a later one of the same kind and label (ignoring case), at most
    /// ``ScreenOutline/maximumElementsPerSection`` in each section.
    static func distinct(_ elements: [OutlinedElement]) -> [OutlinedElement] {
        var seen: Set<String> = []
        var perSection: [OutlineSection: Int] = [:]
        return elements.filter { element in
            guard seen.insert("\(element.kind.rawValue)|\(element.label.lowercased())").inserted else { return false }
            perSection[element.kind.section, default: 0] += 1
            return perSection[element.kind.section, default: 0] <= ScreenOutline.maximumElementsPerSection
        }
    }
}
