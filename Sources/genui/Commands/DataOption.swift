import GenUIConfig
import GenUIDiagnostics
import GenUIScreens

/// `genui generate --data FILE.json`: the records a screen's facts come from, read once before composing.
enum DataOption {
    /// The largest data file read, in bytes.
    static let maximumBytes = 1 << 20

    /// Why the data file cannot be used, worded for the user.
    struct Failure: Error {
        /// The message.
        let text: LocalizedText
        /// The exit status.
        let exitCode: Int32
    }

    /// The records in the file at `path`.
    static func load(_ path: String, diagnostics: Diagnostics) throws(Failure) -> RecordSet {
        let text: String
        do {
            text = try BoundedFileReader.readText(path, limit: maximumBytes)
        } catch {
            throw Failure(
                text: LocalizedText(
                    "file.readFailed",
                    [
                        "path": .verbatim(error.path), "reason": .verbatim(error.localizedReason(diagnostics)),
                    ]),
                exitCode: ScreenExitCode.fileError)
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        do {
            return try RecordSet(json: text, title: name)
        } catch {
            let message: LocalizedText =
                switch error {
                case .notJSON(let detail):
                    LocalizedText(
                        "generate.data.notJSON", ["path": .verbatim(path), "detail": .phrase(.decoding(detail))])
                case .noRecords:
                    LocalizedText("generate.data.noRecords", ["path": .verbatim(path)])
                case .tooManyRecords(let count):
                    LocalizedText(
                        "generate.data.tooManyRecords",
                        [
                            "path": .verbatim(path), "count": .integer(count),
                            "limit": .integer(RecordSet.maximumRecords),
                        ])
                }
            throw Failure(text: message, exitCode: ScreenExitCode.usage)
        }
    }
}
