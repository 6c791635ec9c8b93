/// The text a placeholder shows: a format hint when the label says what shape the value has, "—" otherwise.
public enum PlaceholderText {
    /// The placeholder with no hint.
    public static let blank = "—"
    /// Every text a placeholder shows.
    public static let all: Set<String> = [blank, time, date]
    static let time = "HH:MM"
    static let date = "DD/MM/YYYY"

    /// The placeholder for a value labelled `label`: "HH:MM" for a time, "DD/MM/YYYY" for a date, "—" otherwise.
    public static func forLabel(_ label: String) -> String {
        let words = Set(label.lowercased().split { !$0.isLetter }.map(String.init))
        if !words.isDisjoint(with: ["time", "departure", "arrival", "alarm", "wake", "starts", "ends", "eta"]) {
            return time
        }
        if !words.isDisjoint(with: ["date", "due", "renewal", "birthday", "expiry", "deadline", "day"]) {
            return date
        }
        return blank
    }
}
