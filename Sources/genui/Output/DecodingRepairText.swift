import GenUI
import GenUIDiagnostics

/// The defensive decoder's repairs of unguided output, in the user's language.
enum DecodingRepairText {
    /// One indented line per repair, as `generate -v` lists them under "decoding repairs by …": each worded from its
    /// code and arguments (``ResponseMetadata/repairDetails``). Notes that came without details (from elsewhere
    /// than genui's decoder) are read back from their English (``LocalizedText/decoding(_:)``), or shown as they are.
    static func lines(_ metadata: ResponseMetadata, _ diagnostics: Diagnostics) -> [String] {
        guard metadata.repairDetails.count == metadata.repairs.count else {
            return metadata.repairs.map { "  " + diagnostics.text(.decoding($0)) }
        }
        return metadata.repairDetails.map { "  " + diagnostics.text(LocalizedText($0)) }
    }
}
