import Foundation
import GenUI
import GenUIConfig
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The SHA-256 of a file while it is being appended to, computed on a thread of its own that reads the file a
/// little behind the writer (the pages just written, from the page cache, 1 MiB at a time).
///
/// Why a thread of its own: FoundationNetworking hands the body to the download in 16 KiB pieces on one queue and
/// never waits for it; whatever that queue spends per piece decides how many pieces pile up in memory behind it.
/// Hashing there costs about as much as receiving, so the hash runs beside it instead, on bytes already on disk:
/// it holds no piece of the body (one 1 MiB buffer), and it never slows the writer. Bytes already in the file when
/// it starts (a resumed download) are hashed first, once.
final class DigestFollower: @unchecked Sendable {
    private let path: String
    private let fd: Int32
    // Guarded by `condition`.
    private let condition = NSCondition()
    /// How many bytes the file holds for certain (written by the writer).
    private var available: Int64
    /// How many bytes are in the hash.
    private var hashed: Int64 = 0
    private var failure: ModelDownloadError?
    private var waiting = false
    private var stopping = false
    private var exited = false
    /// Touched only by the follower's thread until it has exited.
    private var hasher = SHA256()
    /// Set by ``stop()``; the follower checks it between pieces, so stopping never waits for a long range to be
    /// hashed (a resumed partial file of many gigabytes).
    private let stopRequested = Atomic(false)

    /// How much the follower reads at a time; it is woken only when at least this much is waiting.
    static let pieceBytes = 1 << 20

    /// Starts following the open file `fd` (duplicated, so closing the writer's descriptor never races a read),
    /// whose first `available` bytes are already written.
    init(fd: Int32, path: String, available: Int64) throws(ModelDownloadError) {
        let copy = dup(fd)
        guard copy >= 0 else { throw .file(path: path, operation: "dup", errno: errno) }
        self.fd = copy
        self.path = path
        self.available = available
        Thread.start(named: "genui.digest", stackSize: 256 * 1024) { [self] in run() }
    }

    deinit { closeDescriptor(fd) }

    /// The writer has written the file up to `bytes`.
    func advance(to bytes: Int64) {
        condition.lock()
        available = bytes
        if waiting && bytes - hashed >= Int64(Self.pieceBytes) { condition.signal() }
        condition.unlock()
    }

    /// Waits until the first `total` bytes are hashed, stops the follower, and returns their SHA-256 as 64 lowercase
    /// hexadecimal digits. Throws the read error that stopped the follower, or `CancellationError` when the calling
    /// task is cancelled while it waits (checked every 100 ms; the follower is stopped).
    func digest(of total: Int64) throws -> String {
        condition.lock()
        available = total
        condition.broadcast()
        while hashed < total && failure == nil && !exited {
            if Task.isCancelled {
                condition.unlock()
                stop()
                throw CancellationError()
            }
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.1))
        }
        let failure = failure ?? (hashed == total ? nil : .file(path: path, operation: "read", errno: EIO))
        condition.unlock()
        stop()
        if let failure { throw failure }
        return hasher.hexDigest()
    }

    /// Stops the follower and waits for its thread to end.
    func stop() {
        stopRequested.store(true, ordering: .relaxed)
        condition.lock()
        stopping = true
        condition.broadcast()
        while !exited { condition.wait() }
        condition.unlock()
    }

    private func run() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.pieceBytes, alignment: 16)
        defer { buffer.deallocate() }
        condition.lock()
        while !stopping && failure == nil {
            guard hashed < available else {
                waiting = true
                condition.wait()
                waiting = false
                continue
            }
            let (from, to) = (hashed, available)
            condition.unlock()
            var offset = from
            var error: ModelDownloadError?
            while offset < to && !stopRequested.load(ordering: .relaxed) {
                let count = pread(fd, buffer.baseAddress, min(Self.pieceBytes, Int(to - offset)), off_t(offset))
                if count < 0 {
                    if errno == EINTR { continue }
                    error = .file(path: path, operation: "read", errno: errno)
                    break
                }
                if count == 0 {
                    error = .file(path: path, operation: "read (the file is shorter than what was written)", errno: EIO)
                    break
                }
                hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                offset += Int64(count)
            }
            condition.lock()
            hashed = offset
            failure = error
            condition.broadcast()
        }
        exited = true
        condition.broadcast()
        condition.unlock()
    }
}
