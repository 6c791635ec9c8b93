/// Kinds for what an intent lists without a component word, from context (see
/// ``ScreenOutline/read(from:infersKinds:)``).
extension IntentReading {
    /// What a list's items most likely are when no component word says.
    enum ListContext: Equatable {
        /// Shown after "showing", "listing" and the like: facts.
        case shown
        /// On a screen that asks for input (a form, a login, a search): fields, except amounts the screen works out.
        case inputs
        /// On a settings or preferences screen: toggles.
        case settings
        /// After "turn on" or "enable": toggles.
        case toggles
        /// Anything else: facts.
        case plain
    }

    /// Openers after which the items are shown, not asked for.
    static let showingOpeners: Set<String> = ["showing", "shows", "listing", "lists", "displaying", "displays"]

    /// Words that make a screen one that asks for input.
    static let inputPurposes: Set<String> = [
        "form", "login", "signin", "signup", "registration", "register", "application", "search", "checkout",
        "payment", "booking", "reservation", "feedback", "survey", "contact", "lock", "questionnaire", "enrolment",
        "enrollment",
    ]
    /// Two-word purposes that ask for input ("log in", "sign up").
    static let inputPurposePairs: Set<String> = ["log in", "sign in", "sign up", "log on"]
    /// Words that make a screen a settings screen.
    static let settingsPurposes: Set<String> = ["settings", "preferences", "options", "setup"]
    /// Words that make a screen one that reports, whatever else it is ("a checkout summary").
    static let shownPurposes: Set<String> = [
        "summary", "overview", "receipt", "confirmation", "status", "details", "dashboard", "report",
    ]
    /// What a screen that asks for input works out or reports (amounts, a status, a result): facts even on a form.
    static let shownWords: Set<String> = [
        "total", "subtotal", "tax", "price", "fare", "balance", "fee", "fees", "cost", "discount", "status", "result",
        "score", "rate",
    ]
    /// Labels that are always typed in: fields whatever the screen.
    static let inputWords: Set<String> = ["password", "passcode", "passphrase", "pin", "username"]
    /// Verbs an action label starts with ("Sign in", "Place order", "Pay now").
    static let actionVerbs: Set<String> = [
        "accept", "add", "agree", "apply", "back", "book", "buy", "calculate", "call", "cancel", "checkout", "clear",
        "close", "confirm", "connect", "continue", "convert", "create", "decline", "delete", "dismiss", "done",
        "download", "edit", "find", "finish", "follow", "get", "go", "install", "join", "log", "login", "logout",
        "next",
        "ok", "open", "order", "pair", "pause", "pay", "place", "play", "post", "record", "refresh", "register",
        "remove", "reply", "request", "reserve", "reset", "resume", "retry", "save", "scan", "search", "send", "share",
        "sign", "skip", "snooze", "start", "stop", "submit", "subscribe", "try", "undo", "unlock", "update", "upload",
        "verify",
    ]

    /// The context the intent's own words give its lists: what the screen is for, read from the words before the
    /// first opener (or from all of them).
    var purpose: ListContext {
        var words: [String] = []
        for index in tokens.indices {
            guard let word = lowered(index) else { continue }
            if Self.openers.contains(word) || togglePhrase(at: index) != nil { break }
            words.append(word)
        }
        if words.contains(where: Self.shownPurposes.contains) { return .plain }
        if words.contains(where: Self.settingsPurposes.contains) { return .settings }
        let pairs = zip(words, words.dropFirst()).map { "\($0) \($1)" }
        if words.contains(where: Self.inputPurposes.contains) || pairs.contains(where: Self.inputPurposePairs.contains)
        {
            return .inputs
        }
        return .plain
    }

    /// The length in tokens of a phrase that introduces toggles at `index` ("enable", "turn on"), or `nil`.
    func togglePhrase(at index: Int) -> Int? {
        switch lowered(index) {
        case "enable", "enables", "activate": return 1
        case "turn" where index + 1 < tokens.count && lowered(index + 1) == "on": return 2
        default: return nil
        }
    }

    /// Adds the items of a list no component word claimed, each with the kind its context gives it.
    mutating func addInferred(_ labels: [String], context: ListContext, at position: Int) {
        let actions = Self.trailingActions(labels)
        for (number, label) in labels.enumerated() {
            let (kind, shown) =
                number >= labels.count - actions ? (.button, label) : Self.kind(of: label, context: context)
            guard !shown.isEmpty else { continue }
            let element = OutlinedElement(kind, Self.capitalized(shown), fieldKinds: Self.fieldKinds(shown, kind))
            found.append((position * 64 + number, element))
        }
    }

    /// How many items at the end of a list are actions: of the run of labels at its end written with a capital (the
    /// intent names them as they will read), those from the first that starts with an action verb on ("Play, Pause and
    /// Fullscreen"; in "CV link and Apply" only "Apply").
    static func trailingActions(_ labels: [String]) -> Int {
        let run = Array(labels.reversed().prefix { $0.first?.isUppercase == true }.reversed())
        guard
            let first = run.firstIndex(where: { label in
                label.split(separator: " ").first.map { actionVerbs.contains($0.lowercased()) } == true
            })
        else { return 0 }
        return run.count - first
    }

    /// The kind of an item in `context`, and its label: "a snooze option" is the toggle "snooze".
    static func kind(of label: String, context: ListContext) -> (OutlinedElement.Kind, String) {
        let words = label.split(separator: " ").map { $0.lowercased() }
        if let last = words.last, ["option", "options", "setting"].contains(last), words.count > 1 {
            return (.toggle, label.split(separator: " ").dropLast().joined(separator: " "))
        }
        if words.first == "option", words.count > 2, words[1] == "to" {
            return (.toggle, label.split(separator: " ").dropFirst(2).joined(separator: " "))
        }
        let isInput = words.contains(where: inputWords.contains)
        switch context {
        case .toggles: return (.toggle, label)
        case .inputs: return (words.contains(where: shownWords.contains) ? .fact : .field, label)
        case .settings: return (isInput ? .field : .toggle, label)
        case .shown: return (.fact, label)
        case .plain: return (isInput ? .field : .fact, label)
        }
    }
}
