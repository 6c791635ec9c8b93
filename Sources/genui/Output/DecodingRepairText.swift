import GenUIDiagnostics

/// The defensive decoder's repair notes, which the core writes in English, in the user's language.
enum DecodingRepairText {
    /// One indented line per repair note, as `generate -v` lists them under "decoding repairs by …": each of the
    /// core's notes worded from its code (``LocalizedText/decoding(_:)``), anything else shown as it is.
    static func lines(_ notes: [String], _ diagnostics: Diagnostics) -> [String] {
        notes.map { "  " + diagnostics.text(.decoding($0)) }
    }
}
