import Foundation
import GenUI
import GenUIOnDevice

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ModelDownloader {
    /// The parts a record kept, when they fit the partial file beside it (`fileSize` bytes) and the file's size.
    static func resumableParts(_ record: DownloadRecord?, fileSize: Int64) -> [DownloadRecord.Part]? {
        guard let record, let parts = record.parts, let total = record.expectedBytes,
            PartPlan.isValid(parts, total: total, fileSize: fileSize)
        else { return nil }
        return parts
    }

    /// The bytes the partial file at `partial` holds for the pull: the sum of its parts when its `record` keeps parts
    /// (a file with gaps is as large as its furthest part, whatever lies before it), none when those parts do not fit
    /// it (the pull starts from zero), else the file's size.
    static func heldBytes(partial: String, record: DownloadRecord?) -> Int64 {
        let size = fileSize(partial) ?? 0
        guard record?.parts != nil else { return size }
        return resumableParts(record, fileSize: size).map(PartPlan.heldBytes) ?? 0
    }

    /// Fetches the missing bytes of `plan` concurrently (``PartsTransfer``) from the URL that answered `opened`,
    /// whose connection only asked and is closed here. Returns the bytes fetched. The record keeps each part's
    /// progress, so an interrupted pull resumes part by part.
    func receiveInParts(
        _ plan: [DownloadRecord.Part], of opened: Opened, total: Int64, validator: SourceValidator, source: ModelSource,
        partial: PartialFile, recorder: RecordWriter, target: String,
        events: @escaping @Sendable (DownloadEvent) -> Void
    ) async throws -> Int64 {
        if case .body(let response, _, _, _) = opened.kind { response.discard() }
        let before = PartPlan.heldBytes(plan)
        try reserveRoom(
            for: partial, missing: Self.missingRanges(parts: plan, contiguous: 0, total: total), target: target)
        recorder.parts = plan
        recorder.write(bytes: before, force: true)
        events(.started(resumedFrom: before, expectedBytes: total))
        var headers = Self.headers(for: source, at: opened.url, origin: Self.origin(of: source.url))
        // Every part is asked for only of the version already held: a changed file answers 200, which stops the pull.
        if let ifRange = validator.ifRange { headers["If-Range"] = ifRange }
        let transfer = PartsTransfer(
            url: opened.url.absoluteString, headers: headers.map { "\($0.key): \($0.value)" }, parts: plan,
            fd: partial.descriptor, expected: validator,
            settings: PartsTransfer.Settings(
                connections: options.connections, stallTimeout: options.partStallTimeout,
                initialConnections: options.initialConnections,
                fastConnectionBytesPerSecond: options.fastConnectionBytesPerSecond, retries: options.partRetries,
                firstBackoff: options.partBackoff),
            // On the transfer's thread, the only one touching the partial file and the record meanwhile.
            wrote: { contiguous, bytes in partial.partsAdvanced(contiguous: contiguous, written: bytes) }
        ) { progress in
            recorder.parts = progress.parts
            if recorder.write(bytes: progress.bytes, force: false) {
                events(
                    .progress(
                        DownloadProgress(
                            bytes: progress.bytes, expectedBytes: total, bytesPerSecond: recorder.bytesPerSecond)))
            }
        }
        do {
            defer { recorder.parts = transfer.progress.parts }
            try await transfer.run()
        } catch let failure as PartsTransfer.Failure {
            let held = transfer.progress.bytes
            switch failure {
            case .gaveUp(_, _, true):
                throw ModelDownloadError.stalled(bytes: held, seconds: Int(options.partStallTimeout.components.seconds))
            case .gaveUp(let part, let detail, false):
                throw ModelDownloadError.interrupted(
                    bytes: held, detail: "part \(part + 1) failed \(options.partRetries + 1) times: \(detail)")
            case .notTheRange(let detail):
                throw ModelDownloadError.interrupted(bytes: held, detail: detail)
            case .write(let code):
                if Self.isStorageFull(code) { try? partial.sync() }
                throw Self.storageError(
                    code, path: partial.path, missing: total - held, target: target, resources: options.resources)
            case .library(let detail):
                throw ModelDownloadError.interrupted(bytes: held, detail: detail)
            }
        }
        partial.partsAdvanced(contiguous: total, written: total)
        return total - before
    }
}
