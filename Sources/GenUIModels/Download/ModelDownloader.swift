import Foundation
import GenUI
import GenUIHTTP
import GenUIOnDevice

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Brings a model file from a URL to a path: checks the device first, streams to `MODEL.part` beside the target,
/// resumes with HTTP Range, follows redirects without carrying credentials to another origin, hashes with SHA-256
/// while writing (`DigestFollower`), and renames into place only when every byte is there and the digest matches.
///
/// - Before the first byte: a model larger than the machine's memory (plus a context) is refused with
///   `deviceNotEligible` unless ``DownloadOptions/force``; free space on the target's volume below the bytes still to
///   come plus a margin is `lowStorage`, and nothing is written.
/// - Room reserved: once the file's size is known, the disk space of the bytes still missing is reserved before the
///   body (`PartialFile.reserve(_:)`); a volume without room is `lowStorage` then, and the room an interrupted pull
///   reserved counts as its own when it resumes (`ownRoom(path:held:pieces:total:)`).
/// - One writer: an exclusive `flock` on `MODEL.lock` (`WriterLock`). A second pull of the same model reports the
///   first (``ModelDownloadError/busy(pid:record:)``) or waits for it.
/// - Every other process sees the download through `DownloadRecord` (`MODEL.part.json`), rewritten atomically at
///   most every ``DownloadOptions/recordInterval``.
/// - Interrupted (connection lost, stalled, cancelled, a full disk): the partial file and its record stay, and the
///   next pull resumes from where it stopped. A wrong digest deletes the partial file.
/// - Resumed only from the same source: the record keeps the source URL and its ETag/Last-Modified, the ranged
///   request carries `If-Range`, and another URL, a changed validator, the whole file in answer to `If-Range`, or
///   nothing to check the bytes by (no validator, no SHA-256) discards the partial file and starts from zero, saying
///   so (``DownloadEvent/sourceChanged(discardedBytes:reason:)``).
/// - Never past the declared size: a server sending more than `--size`, the catalog's size or its own length is
///   stopped at that size (``ModelDownloadError/oversized(expected:received:)``) and the partial file deleted.
/// - A file already at the target is never replaced: it is checked against the SHA-256 and reported installed.
/// - Cancellable everywhere, hashing included: the digest checks for cancellation between 1 MiB pieces.
/// - Memory stays flat: each piece the session delivers is hashed and written to the file inside the callback that
///   delivers it (`DownloadSession`); nothing waits in a second queue.
public struct ModelDownloader: Sendable {
    /// How the downloader behaves.
    public let options: DownloadOptions

    /// Creates a downloader.
    public init(options: DownloadOptions = DownloadOptions()) {
        self.options = options
    }

    /// Downloads `source` to `target` and returns what was installed. `events` hears progress (called often: throttle
    /// what you print). Throws ``ModelDownloadError`` or `CancellationError` (the partial file is kept).
    public func pull(
        _ source: ModelSource, to target: String, events: @escaping @Sendable (DownloadEvent) -> Void = { _ in }
    ) async throws -> DownloadResult {
        try Self.checkURL(source.url, failure: ModelDownloadError.badSource)
        let partialPath = DownloadRecord.partialPath(forTarget: target)
        // A file already at the target is never replaced (whatever lies beside it): it is checked, not overwritten.
        if FileManager.default.fileExists(atPath: target) {
            return try installedResult(source, target: target)
        }
        // Read-only checks first: a refused pull writes nothing, not even its lock file.
        let record = DownloadRecord.decoded(target: target)
        let existing = Self.heldBytes(partial: partialPath, record: record)
        try checkDevice(
            expected: source.expectedBytes,
            have: Self.ownRoom(
                path: partialPath, held: existing, pieces: record?.parts?.count ?? 1, total: source.expectedBytes),
            target: target)

        let directory = (target as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ModelDownloadError.file(path: directory, operation: "mkdir", errno: EACCES)
        }
        let lock = try await acquireLock(target: target, events: events)
        defer { lock.release(removing: true) }
        // Another writer may have finished while this one waited.
        if FileManager.default.fileExists(atPath: target) {
            return try installedResult(source, target: target)
        }
        let previous = DownloadRecord.decoded(target: target)
        // A pull in parts left gaps: only the bytes before the first one are hashed (and resumable in one piece).
        let parts = Self.resumableParts(previous, fileSize: Self.fileSize(partialPath) ?? 0)
        let partial = try PartialFile(
            path: partialPath, contiguous: previous?.parts == nil ? nil : parts.map(PartPlan.contiguousBytes) ?? 0)
        let recorder = RecordWriter(
            target: target, name: source.name, source: DownloadRecord.displaySource(source.url),
            pid: options.processID, interval: options.recordInterval)
        let session = DownloadSession(spillFolder: directory.isEmpty ? "." : directory)
        do {
            return try await transfer(
                source, target: target, partial: partial, previous: previous, parts: parts, recorder: recorder,
                session: session, events: events)
        } catch {
            try? partial.sync()
            partial.close()
            let held = recorder.heldBytes(contiguous: partial.bytes)
            if held == 0 || error is ModelDownloadError && Self.deletesPartial(error) {
                unlink(partialPath)
                recorder.remove()
            } else {
                recorder.write(bytes: held, force: true)
            }
            throw error
        }
    }

    // MARK: - Before the first byte

    /// Refuses a model the machine cannot hold: too little memory (unless forced), too little free space.
    func checkDevice(expected: Int64?, have: Int64, target: String) throws(ModelDownloadError) {
        guard let expected, expected > 0 else { return }
        if !options.force, let memory = options.resources.totalMemoryBytes() {
            let needed = expected.addingReportingOverflow(
                OnDeviceAvailabilityProbe.contextMemoryBytes(contextSize: options.contextSize))
            if !needed.overflow, memory < needed.partialValue {
                throw .unavailable(
                    .deviceNotEligible(
                        detail:
                            "\(Self.megabytes(memory)) MB of RAM is less than the \(Self.megabytes(needed.partialValue)) MB the model (\(Self.megabytes(expected)) MB) and a \(options.contextSize)-token context need; pull with --force to download it anyway"
                    ))
            }
        }
        let remaining = max(0, expected - max(0, have))
        let (required, overflow) = remaining.addingReportingOverflow(options.storageMarginBytes)
        if let free = options.resources.freeSpace(target), overflow || free.bytes < required {
            throw .unavailable(
                .lowStorage(
                    requiredBytes: overflow ? Int64.max : required, availableBytes: free.bytes, volume: free.volume))
        }
    }

    private func acquireLock(
        target: String, events: @Sendable (DownloadEvent) -> Void
    ) async throws -> WriterLock {
        let path = DownloadRecord.lockPath(forTarget: target)
        var announced = false
        while true {
            switch try await WriterLock.acquire(path: path) {
            case .acquired(let lock): return lock
            case .heldByAnother:
                let record = DownloadRecord.read(target: target)
                guard options.waitForOtherWriter else {
                    throw ModelDownloadError.busy(pid: record?.pid ?? 0, record: record)
                }
                if !announced {
                    events(.waitingForWriter(pid: record?.pid ?? 0, record: record))
                    announced = true
                }
                try await Task.sleep(for: .milliseconds(250))
            }
        }
    }

    private func installedResult(_ source: ModelSource, target: String) throws -> DownloadResult {
        let (digest, bytes) = try FileDigest.sha256(path: target)
        if let expected = source.sha256, expected != digest {
            throw ModelDownloadError.checksumMismatch(expected: expected, actual: digest)
        }
        return DownloadResult(
            path: target, bytes: bytes, sha256: digest, verified: source.sha256 != nil, fetchedBytes: 0,
            alreadyInstalled: true, restartedFromZero: false)
    }

    // MARK: - The transfer

    private func transfer(
        _ source: ModelSource, target: String, partial: PartialFile, previous: DownloadRecord?,
        parts: [DownloadRecord.Part]?, recorder: RecordWriter, session: DownloadSession,
        events: @escaping @Sendable (DownloadEvent) -> Void
    ) async throws -> DownloadResult {
        var expected = source.expectedBytes
        var parts = parts
        if previous?.parts != nil && (parts == nil || expected.map({ $0 != previous?.expectedBytes }) == true) {
            // Parts that do not fit this file (or a record genui did not write): nothing in the file can be trusted.
            parts = nil
            try partial.truncate()
        }
        recorder.parts = parts
        // Parts held: the file's size is the record's.
        if expected == nil, parts != nil { expected = previous?.expectedBytes }
        if let expected, parts == nil, partial.bytes > expected { try partial.truncate() }
        var restarted = false
        var fetched: Int64 = 0
        // The bytes already there are resumed only from the same source, checked by its validator (or the digest).
        var held = SourceValidator()
        if recorder.heldBytes(contiguous: partial.bytes) > 0 {
            switch ResumeCheck.decide(previous: previous, source: source) {
            case .resume(let validator):
                held = validator
            case .restart(let reason):
                events(.sourceChanged(discardedBytes: recorder.heldBytes(contiguous: partial.bytes), reason: reason))
                restarted = true
                try discard(partial, recorder: recorder)
            }
        }
        recorder.validator = held

        if expected == nil || recorder.heldBytes(contiguous: partial.bytes) < expected ?? 0 {
            // The record is written before the request: between the head and the sink, nothing slow (a record's
            // fsync on a busy disk) may keep the body waiting in memory.
            recorder.expectedBytes = expected
            recorder.write(bytes: recorder.heldBytes(contiguous: partial.bytes), force: true)
            // A size known before asking: the room is reserved before the request (again later, which costs nothing,
            // unless the file was emptied meanwhile).
            if let expected {
                try reserveRoom(
                    for: partial,
                    missing: Self.missingRanges(parts: recorder.parts, contiguous: partial.bytes, total: expected),
                    target: target)
            }
            // Parts held: the request is ranged even from byte 0, so that If-Range tells whether they are this file's.
            // Before a pull in parts (parts held, or enough missing of a file of known size) it only asks for a byte.
            let missing = expected.map { $0 - recorder.heldBytes(contiguous: partial.bytes) } ?? 0
            let probe =
                options.connections > 1
                && (recorder.parts != nil || missing >= 2 * PartPlan.minimumPartBytes)
            var opened = try await request(
                source, offset: partial.bytes, ifRange: held.ifRange, ranged: recorder.parts != nil, probe: probe,
                session: session)
            if case .body(let response, _, false, let served) = opened.kind,
                recorder.heldBytes(contiguous: partial.bytes) > 0,
                served.differs(from: held)
            {
                // The rest of another version of the file (a server that ignores If-Range): start over.
                response.discard()
                events(
                    .sourceChanged(discardedBytes: recorder.heldBytes(contiguous: partial.bytes), reason: .fileChanged))
                restarted = true
                try discard(partial, recorder: recorder)
                opened = try await request(source, offset: 0, probe: probe, session: session)
            }
            switch opened.kind {
            case .complete:
                break
            case .body(let response, let total, let fromZero, let served):
                // Refused before the body flows (a size that disagrees, no room): close the connection.
                var receiving = false
                defer { if !receiving { response.discard() } }
                if let total {
                    if let known = expected, known != total {
                        throw ModelDownloadError.sizeMismatch(expected: known, actual: total)
                    }
                    expected = total
                }
                if fromZero && recorder.heldBytes(contiguous: partial.bytes) > 0 {
                    // The whole file instead of the rest: another version (its validator changed, or If-Range was
                    // not met), or a server that does not resume at all.
                    let changed = held.ifRange != nil && (served.isEmpty || served.differs(from: held))
                    let discarded = recorder.heldBytes(contiguous: partial.bytes)
                    events(
                        changed
                            ? .sourceChanged(discardedBytes: discarded, reason: .fileChanged)
                            : .restartedFromZero(discardedBytes: discarded))
                    restarted = true
                    try discard(partial, recorder: recorder)
                }
                if !served.isEmpty || partial.bytes == 0 { recorder.validator = served }
                if source.expectedBytes == nil {
                    try checkDevice(
                        expected: expected,
                        have: Self.ownRoom(
                            path: partial.path, held: recorder.heldBytes(contiguous: partial.bytes),
                            pieces: recorder.parts?.count ?? 1, total: expected),
                        target: target)
                }
                recorder.expectedBytes = expected
                // Parts when the server takes ranges and enough is missing (a pull in parts always resumes in parts).
                if let total = expected, options.connections > 1, opened.acceptsRanges,
                    opened.bounded || recorder.parts != nil || total - partial.bytes >= 2 * PartPlan.minimumPartBytes
                {
                    // In parts: this connection only asked; the parts get connections of their own (``PartsTransfer``).
                    let plan =
                        recorder.parts
                        ?? PartPlan.resuming(
                            contiguous: partial.bytes, total: total, connections: options.connections)
                    fetched = try await receiveInParts(
                        plan, of: opened, total: total, validator: recorder.validator, source: source,
                        partial: partial, recorder: recorder, target: target, events: events)
                } else {
                    if opened.bounded {
                        throw ModelDownloadError.interrupted(
                            bytes: partial.bytes, detail: "the server answered a ranged request without the file's size"
                        )
                    }
                    if recorder.parts != nil {
                        // One connection from here: the bytes after the first gap are fetched again.
                        try partial.dropAfterContiguous()
                        recorder.parts = nil
                    }
                    if let expected {
                        try reserveRoom(
                            for: partial,
                            missing: Self.missingRanges(parts: nil, contiguous: partial.bytes, total: expected),
                            target: target)
                    }
                    if options.connections > 1 && !opened.acceptsRanges { events(.oneConnection) }
                    // Written with the first bytes the sink receives (not here: the body is already arriving).
                    recorder.due = true
                    events(.started(resumedFrom: partial.bytes, expectedBytes: expected))
                    let before = partial.bytes
                    receiving = true
                    try await receive(
                        response, into: partial, expected: expected, recorder: recorder, target: target, events: events)
                    fetched = partial.bytes - before
                }
            }
        }
        if let expected, partial.bytes != expected {
            if partial.bytes > expected {
                throw ModelDownloadError.sizeMismatch(expected: expected, actual: partial.bytes)
            }
            throw ModelDownloadError.interrupted(
                bytes: partial.bytes,
                detail: "the server closed the connection after \(partial.bytes) of \(expected) bytes")
        }
        events(.verifying)
        // On disk before the rename, flushed while the hash reaches the end.
        let digest = try partial.syncAndDigest()
        if let wanted = source.sha256, wanted != digest {
            throw ModelDownloadError.checksumMismatch(expected: wanted, actual: digest)
        }
        partial.close()
        guard rename(partial.path, target) == 0 else {
            throw ModelDownloadError.file(path: target, operation: "rename", errno: errno)
        }
        Self.syncDirectory(of: target)
        recorder.remove()
        return DownloadResult(
            path: target, bytes: partial.bytes, sha256: digest, verified: source.sha256 != nil, fetchedBytes: fetched,
            alreadyInstalled: false, restartedFromZero: restarted)
    }

    /// Empties the partial file and forgets its parts (the pull starts from zero).
    private func discard(_ partial: PartialFile, recorder: RecordWriter) throws(ModelDownloadError) {
        try partial.truncate()
        recorder.parts = nil
    }

    /// Reads the body into the partial file, rewriting the record as it goes; gives up after
    /// ``DownloadOptions/stallTimeout`` without a byte.
    private func receive(
        _ exchange: DownloadExchange, into partial: PartialFile, expected: Int64?,
        recorder: RecordWriter, target: String, events: @escaping @Sendable (DownloadEvent) -> Void
    ) async throws {
        let box = ReceiveState(partial: partial, recorder: recorder)
        let stallTimeout = options.stallTimeout
        let resources = options.resources
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // The sink runs on the request's thread; `receive` returns after its last call.
                    try await exchange.receive { chunk in
                        try box.append(chunk, expected: expected, target: target, resources: resources, events: events)
                    }
                }
                group.addTask {
                    while true {
                        try await Task.sleep(for: .seconds(1))
                        if box.silence() > stallTimeout {
                            throw ModelDownloadError.stalled(
                                bytes: box.bytes, seconds: Int(stallTimeout.components.seconds))
                        }
                    }
                }
                try await group.next()
                group.cancelAll()
            }
            // A cancelled body stream ends quietly: the caller's cancellation must not look like a short file.
            try Task.checkCancellation()
        } catch let error as ModelDownloadError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as GenUIError {
            throw ModelDownloadError.interrupted(bytes: partial.bytes, detail: Self.describe(error))
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw ModelDownloadError.interrupted(bytes: partial.bytes, detail: "\(error)")
        }
    }

    // MARK: - Helpers

    /// Whether an error leaves a partial file not worth resuming (its bytes are wrong).
    static func deletesPartial(_ error: any Error) -> Bool {
        switch error as? ModelDownloadError {
        case .checksumMismatch?, .sizeMismatch?, .oversized?: true
        default: false
        }
    }

    static func describe(_ error: GenUIError) -> String {
        switch error {
        case .transport(let failure, _): failure.description
        case .timedOut(let context): context.debugDescription
        default: error.code
        }
    }

    static func fileSize(_ path: String) -> Int64? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    static func megabytes(_ bytes: Int64) -> Int64 { (max(0, bytes) / 1024 + 512) / 1024 }

    /// Flushes the directory entry of a rename to disk.
    static func syncDirectory(of path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let fd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        closeDescriptor(fd)
    }
}

/// What the request's thread (writing) and the stall watchdog share.
private final class ReceiveState: @unchecked Sendable {
    // Only the sink (one chunk at a time, on the request's thread) touches `partial` and `recorder`
    // while the body flows; the watchdog reads `lastByte` and `bytes` through the lock.
    private let partial: PartialFile
    private let recorder: RecordWriter
    private let lock = NSLock()
    private var lastByte = ContinuousClock.now
    private var received: Int64 = 0

    init(partial: PartialFile, recorder: RecordWriter) {
        self.partial = partial
        self.recorder = recorder
        self.received = partial.bytes
    }

    var bytes: Int64 { lock.withLock { received } }

    func silence() -> Duration { lock.withLock { ContinuousClock.now - lastByte } }

    func append(
        _ chunk: Data, expected: Int64?, target: String, resources: DeviceResources,
        events: @Sendable (DownloadEvent) -> Void
    ) throws {
        // Never a byte past the declared size: more is another file (or an endless one), not this model.
        if let expected {
            let (after, overflow) = partial.bytes.addingReportingOverflow(Int64(chunk.count))
            if overflow || after > expected {
                throw ModelDownloadError.oversized(expected: expected, received: overflow ? Int64.max : after)
            }
        }
        do {
            try partial.append(chunk)
        } catch {
            guard case .file(let path, _, let code) = error, ModelDownloader.isStorageFull(code) else { throw error }
            // A full disk (or a file-size limit): keep what was written, say how much more is needed.
            try? partial.sync()
            let missing = (expected ?? partial.bytes + Int64(chunk.count)) - partial.bytes
            throw ModelDownloader.storageError(code, path: path, missing: missing, target: target, resources: resources)
        }
        let now = ContinuousClock.now
        lock.withLock {
            lastByte = now
            received = partial.bytes
        }
        if recorder.write(bytes: partial.bytes, force: false) {
            events(
                .progress(
                    DownloadProgress(
                        bytes: partial.bytes, expectedBytes: expected, bytesPerSecond: recorder.bytesPerSecond)))
        }
    }
}
