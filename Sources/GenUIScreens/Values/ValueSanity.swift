/// Rules a value no user would accept breaks: a run of one repeated token ("1-1-1-1", "Barcelona, Barcelona,
/// Barcelona"), a copy of the screen's title or of its own key, a sentence shared by several facts.
public enum ValueSanity {
    /// Why a value is nonsense.
    public enum Problem: String, Sendable, Hashable, CaseIterable {
        /// The same word or number three or more times in a row.
        case repeatedToken
        /// The screen's title, or the key it is the value of.
        case copiedTitle
        /// The same value as another fact on the screen.
        case sharedValue
    }

    /// How many times in a row one token may appear.
    public static let longestTokenRun = 2

    /// The nonsense values of `screen`: each key-value's value, list item and standings cell that breaks a rule, by
    /// property path.
    public static func problems(in screen: UIScreen) -> [(path: String, problem: Problem)] {
        let title = normalized(screen.title)
        var counts: [String: Int] = [:]
        for section in screen.sections {
            for case .keyValue(_, let value) in section.components
            where isSentence(value.text) && !PlaceholderText.all.contains(value.text) {
                counts[normalized(value.text), default: 0] += 1
            }
        }
        var found: [(String, Problem)] = []
        for (sectionIndex, section) in screen.sections.enumerated() {
            for (componentIndex, component) in section.components.enumerated() {
                let path = ScreenPath.component(sectionIndex, componentIndex)
                switch component {
                case .keyValue(let key, let value) where !PlaceholderText.all.contains(value.text):
                    let text = normalized(value.text)
                    if hasTokenRun(value.text) {
                        found.append((path + ".value", .repeatedToken))
                    } else if text == title || text == normalized(key.text) {
                        found.append((path + ".value", .copiedTitle))
                    } else if isSentence(value.text), counts[text, default: 0] > 1 {
                        found.append((path + ".value", .sharedValue))
                    }
                case .list(let items):
                    for (index, item) in items.elements.enumerated() where hasTokenRun(item.text) {
                        found.append(("\(path).items[\(index)]", .repeatedToken))
                    }
                case .standings(_, let rows):
                    for (index, row) in rows.elements.enumerated() where hasTokenRun(row.name) || hasTokenRun(row.value)
                    {
                        found.append(("\(path).rows[\(index)]", .repeatedToken))
                    }
                default:
                    continue
                }
            }
        }
        return found
    }

    /// Whether `text` holds one token more than ``longestTokenRun`` times in a row (tokens are runs of letters and
    /// digits, compared without case).
    public static func hasTokenRun(_ text: String) -> Bool {
        let tokens = text.lowercased().split { !$0.isLetter && !$0.isNumber }
        var run = 1
        for (previous, token) in zip(tokens, tokens.dropFirst()) {
            run = previous == token ? run + 1 : 1
            if run > longestTokenRun { return true }
        }
        return false
    }

    /// Whether a shared value says something of its own: it has letters and at least four characters (two facts may
    /// well share "12" or "Yes").
    static func isSentence(_ text: String) -> Bool {
        text.count >= 4 && text.contains(where: \.isLetter)
    }

    static func normalized(_ text: String) -> String {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: " ")
    }
}
