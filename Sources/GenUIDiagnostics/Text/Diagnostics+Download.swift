import GenUI

extension Diagnostics {
    /// A download's progress in this language: "downloading 112 MB of 262 MB, about 2 min 3 s left", bytes with
    /// ``HumanFormatter/bytes(_:)`` and the time left with ``HumanFormatter/duration(seconds:)``.
    public func downloadDetail(_ progress: ModelDownloadProgress) -> String {
        let done = format.bytes(progress.bytes)
        guard let expected = progress.expectedBytes else {
            return text("models.detail.downloadingUnknown", ["done": done])
        }
        guard let seconds = progress.secondsLeft else {
            return text("models.detail.downloadingNoEta", ["done": done, "total": format.bytes(expected)])
        }
        return text(
            "models.detail.downloading",
            [
                "done": done, "total": format.bytes(expected), "eta": format.duration(seconds: Double(seconds)),
            ])
    }

    /// The detail of `modelNotReady` as shown: a download's numbers in this language, any other detail as given.
    func notReadyDetail(_ detail: String?) -> String {
        guard let detail else { return "…" }
        return ModelDownloadProgress(detail: detail).map(downloadDetail) ?? detail
    }
}
