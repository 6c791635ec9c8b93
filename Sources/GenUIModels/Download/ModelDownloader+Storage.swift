import Foundation
import GenUI
import GenUIOnDevice

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Room on the target's volume: the space a pull reserves before the body, and the errors of a volume without room.
extension ModelDownloader {
    /// Reserves the room of the `missing` byte ranges of the file (``PartialFile/reserve(_:)``) before a byte of the
    /// body is written, so that nothing else on the volume can take it while the pull runs. A volume without room is
    /// low storage now, with the bytes still missing; the bytes already held stay.
    func reserveRoom(for partial: PartialFile, missing: [Range<Int64>], target: String) throws(ModelDownloadError) {
        guard options.reservesSpace else { return }
        do {
            try partial.reserve(missing)
        } catch {
            guard case .file(let path, _, let code) = error, Self.isStorageFull(code) else { throw error }
            throw Self.storageError(
                code, path: path, missing: missing.reduce(0) { $0 + Int64($1.count) }, target: target,
                resources: options.resources)
        }
    }

    /// The byte ranges of a file of `total` bytes still to be written, in file order: the parts' missing ends for a
    /// pull in parts (those that touch joined into one, so a fresh pull reserves its file in one call), else
    /// everything after the first `contiguous` bytes.
    static func missingRanges(parts: [DownloadRecord.Part]?, contiguous: Int64, total: Int64) -> [Range<Int64>] {
        guard let parts else { return contiguous < total ? [contiguous..<total] : [] }
        var ranges: [Range<Int64>] = []
        for part in parts where !part.isComplete {
            let missing = (part.start + part.done)..<(part.start + part.length)
            if let last = ranges.last, last.upperBound == missing.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound..<missing.upperBound
            } else {
                ranges.append(missing)
            }
        }
        return ranges
    }

    /// The bytes of the file at `path` that are already the pull's room on its volume: what it holds (`held`, in
    /// `pieces` runs of bytes), or the space it has allocated when that is more than the held bytes rounded to the
    /// volume's blocks explain (the room an earlier pull reserved), at most `total`. A resumed pull needs free space
    /// only for the rest.
    static func ownRoom(path: String, held: Int64, pieces: Int, total: Int64?) -> Int64 {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return held }
        // Each run of bytes can end in a block of its own at both of its ends.
        let rounding = Int64(max(info.st_blksize, 4096)) * 2 * Int64(max(1, pieces))
        let reserved = Int64(info.st_blocks) * 512 - rounding
        return max(held, min(reserved, total ?? reserved))
    }

    /// Whether a write failed for want of room: a full disk (ENOSPC), a quota (EDQUOT) or a file-size limit (EFBIG).
    static func isStorageFull(_ code: Int32) -> Bool { code == ENOSPC || code == EDQUOT || code == EFBIG }

    /// A failed write of the partial file at `path`: room wanting (``isStorageFull(_:)``) is low storage with the
    /// `missing` bytes still needed; anything else is a file error.
    static func storageError(
        _ code: Int32, path: String, missing: Int64, target: String, resources: DeviceResources
    ) -> ModelDownloadError {
        guard isStorageFull(code) else { return .file(path: path, operation: "write", errno: code) }
        let free = resources.freeSpace(target)
        return .unavailable(
            .lowStorage(
                requiredBytes: max(0, missing), availableBytes: code == EFBIG ? 0 : free?.bytes ?? 0,
                volume: free?.volume ?? (target as NSString).deletingLastPathComponent))
    }
}
