import Foundation
import GenUIOnDevice

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes an installed model with the files a download keeps beside it (`MODEL.part`, `MODEL.part.json`), while
/// holding the download's lock (`WriterLock` on `MODEL.lock`), so that it never deletes the partial file of a pull
/// that is running — even one that has just taken the lock and not yet written its record.
public enum ModelRemoval {
    /// What a removal did.
    public enum Outcome: Sendable, Hashable {
        /// At least one of the files was there and is gone.
        case removed
        /// None of the files was there.
        case nothingToRemove
    }

    /// Removes the model at `target`. A pull holding the lock makes it throw ``ModelDownloadError/busy(pid:record:)``
    /// (its pid from the record, 0 when it has not written one yet) or, with `wait`, wait for the pull to end —
    /// announced once through `waiting` — and then remove what it left. Throws
    /// ``ModelDownloadError/file(path:operation:errno:)`` when the lock cannot be taken, or `CancellationError`.
    public static func remove(
        target: String, wait: Bool = false,
        waiting: @Sendable (_ pid: Int32, _ record: DownloadRecord?) -> Void = { _, _ in }
    ) async throws -> Outcome {
        let files = [
            target, DownloadRecord.partialPath(forTarget: target), DownloadRecord.recordPath(forTarget: target),
        ]
        let lockPath = DownloadRecord.lockPath(forTarget: target)
        let folder = (target as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder),
            isFolder.boolValue
        else { return .nothingToRemove }
        var announced = false
        while true {
            switch try await WriterLock.acquire(path: lockPath) {
            case .acquired(let lock):
                defer { lock.release(removing: true) }
                let removed = files.filter { unlink($0) == 0 }
                return removed.isEmpty ? .nothingToRemove : .removed
            case .heldByAnother:
                // A pull that has just taken the lock has not written its record yet: an older record's pid is not its.
                let record = DownloadRecord.read(target: target)
                let pid = record.flatMap { $0.writerIsAlive(target: target) ? $0.pid : nil } ?? 0
                guard wait else { throw ModelDownloadError.busy(pid: pid, record: record) }
                if !announced {
                    waiting(pid, record)
                    announced = true
                }
                try await Task.sleep(for: .milliseconds(250))
            }
        }
    }
}
