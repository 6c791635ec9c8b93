import CGenUICurl
import Foundation
import GenUI
import GenUIOnDevice
import Synchronization

/// Fetches the missing bytes of a file's parts on at most ``Settings/connections`` connections at once into the
/// partial file at their offsets (`pwrite`), with libcurl's multi interface on one thread. The parts are taken in
/// file order, the next one whenever a connection ends (``PartPlan``), each on a connection of its own
/// (``PartConnection``). The first ``Settings/initialConnections`` connections open at once, the rest as soon as
/// those prove slow (``ConnectionRamp``); while they prove fast, each connection asks for a run of parts at once
/// (``run(from:in:limit:)``), so a fast path pays a connection's set-up once for several parts.
///
/// Why libcurl's multi interface, called directly: one thread drives every connection with `poll`, libcurl reads
/// up to 256 KiB at a time and hands the body over inside its callback, where it is gathered and written where it
/// belongs in 256 KiB pieces (no queue, no timer per piece), and a connection whose writer is behind is simply not
/// read, so TCP slows its sender. Memory is a receive buffer and a 256 KiB gathering buffer per connection.
///
/// A part whose connection fails, ends early or brings no byte for ``Settings/stallTimeout`` is fetched again from
/// its first missing byte on a new connection (the untouched parts after it in a run are free for any connection),
/// after a backoff that doubles from ``Settings/firstBackoff`` (at most ``Settings/maximumBackoff``), at most
/// ``Settings/retries`` times; the other parts go on meanwhile. A part whose
/// server answers anything but the asked-for range of the same file (`If-Range` and the ETag or Last-Modified decide)
/// stops the whole transfer: its bytes would not be this file's.
final class PartsTransfer: @unchecked Sendable {
    /// How a transfer behaves.
    struct Settings {
        /// The most connections open at once.
        var connections: Int
        var stallTimeout: Duration
        /// The connections open at the start; the rest open once those prove slow (``ConnectionRamp``).
        var initialConnections = DownloadOptions.defaultInitialConnections
        /// The rate per connection at which the first connections are enough (``ConnectionRamp``).
        var fastConnectionBytesPerSecond = DownloadOptions.defaultFastConnectionBytesPerSecond
        var retries = 6
        var firstBackoff: Duration = .milliseconds(250)
        var maximumBackoff: Duration = .seconds(8)
    }

    /// How far the parts have come: each part's record, the bytes written in all, and the bytes written from the
    /// file's start without a gap.
    struct Progress {
        var parts: [DownloadRecord.Part]
        var bytes: Int64
        var contiguous: Int64
    }

    /// Why a transfer stopped.
    enum Failure: Error {
        /// A part was retried ``Settings/retries`` times and failed again (`stalled` when its last connection stalled).
        case gaveUp(part: Int, detail: String, stalled: Bool)
        /// The server stopped sending the asked-for range of the same file.
        case notTheRange(String)
        /// Writing the partial file failed with `errno`.
        case write(Int32)
        /// libcurl could not be set up.
        case library(String)
    }

    private let url: String
    private let headers: [String]
    private let settings: Settings
    private let parts: [CurlPart]
    /// The connections open now (touched only by the transfer's thread).
    private var connections: [PartConnection] = []
    private let fd: Int32
    private let expected: SourceValidator
    private let report: (Progress) -> Void
    private let stop = Atomic(false)
    private let multi: UnsafeMutableRawPointer?
    /// What the parts have written (touched only by the transfer's thread).
    private let tally: WriteTally

    /// Prepares the transfer of `parts` of the file at `url` into `fd`; `headers` go with every request (the
    /// caller's `If-Range` included). `wrote` hears, on the transfer's thread after every write to the file, the bytes
    /// written from the file's start without a gap and the bytes written in all. `report` hears the progress on the
    /// transfer's thread after every round of received data (it decides itself what is worth writing down), and once
    /// at the end.
    init(
        url: String, headers: [String], parts: [DownloadRecord.Part], fd: Int32, expected: SourceValidator,
        settings: Settings, wrote: @escaping (_ contiguous: Int64, _ bytes: Int64) -> Void,
        report: @escaping (Progress) -> Void
    ) {
        CurlLibrary.initialize()
        self.url = url
        self.headers = headers
        self.settings = settings
        self.report = report
        self.multi = curl_multi_init()
        self.tally = WriteTally(parts: parts, moved: wrote)
        self.fd = fd
        self.expected = expected
        self.parts = parts.enumerated().map { CurlPart(index: $0, part: $1) }
    }

    deinit {
        if let multi { curl_multi_cleanup(multi) }
    }

    /// Runs the transfer on a thread of its own until every part is complete. Throws ``Failure``, or
    /// `CancellationError` when the calling task is cancelled (connections closed, bytes written kept).
    func run() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                Thread.start(named: "genui.parts", stackSize: 512 * 1024) { [self] in
                    continuation.resume(with: Result { try loop() })
                }
            }
        } onCancel: {
            stop.store(true, ordering: .relaxed)
            if let multi { curl_multi_wakeup(multi) }
        }
    }

    private func loop() throws {
        guard let multi else { throw Failure.library("curl_multi_init failed") }
        defer {
            for connection in connections {
                curl_multi_remove_handle(multi, connection.handle)
                connection.close()
            }
            connections = []
        }
        var ramp = ConnectionRamp(
            maximum: settings.connections, initial: settings.initialConnections,
            fastBytesPerSecond: settings.fastConnectionBytesPerSecond)
        while true {
            if stop.load(ordering: .relaxed) { throw CancellationError() }
            var active: Int32 = 0
            curl_multi_perform(multi, &active)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                    let connection = connections.first(where: { $0.handle == handle })
                else { continue }
                let result = genui_curl_message_result(message)
                curl_multi_remove_handle(multi, handle)
                try finished(connection, result: result)
            }
            let now = ContinuousClock.now
            for connection in connections where now - connection.lastByte > settings.stallTimeout {
                curl_multi_remove_handle(multi, connection.handle)
                try ended(connection)
                guard let part = connection.run.first(where: { !$0.isComplete }) else { continue }
                try retry(part, detail: "no data for \(settings.stallTimeout.components.seconds) s", stalled: true)
            }
            // Free connections take the next parts due, in file order (a retry when its backoff has passed); on a
            // path shown to be fast, each takes a run of parts.
            let allowed = ramp.connections(at: now, received: tally.bytes)
            for part in parts where connections.count < allowed && !part.isRunning && !part.isComplete {
                if let at = part.retryAt, at > now { continue }
                let run =
                    ramp.isFast
                    ? Self.run(from: part.index, in: parts, limit: runLimit(connections: allowed)) : [part]
                try start(run, fresh: part.retries > 0)
            }
            report(progress)
            if parts.allSatisfy(\.isComplete) { return }
            // While the ramp still measures, wake up in time for its window to end even when no byte comes.
            curl_multi_poll(multi, nil, 0, ramp.isOpen ? 100 : ramp.windowMilliseconds, nil)
        }
    }

    /// The progress now.
    var progress: Progress {
        let records = parts.map(\.record)
        return Progress(parts: records, bytes: tally.bytes, contiguous: tally.contiguous)
    }

    /// The most bytes one request asks for on a fast path (``run(from:in:limit:)``).
    static let maximumRunBytes: Int64 = 16 << 20

    /// The most a run may ask for now: ``maximumRunBytes``, and no more than an equal share for each of the
    /// `connections` allowed of the bytes no connection is fetching, so that the connections still end together.
    private func runLimit(connections: Int) -> Int64 {
        let waiting = parts.reduce(Int64(0)) { $0 + ($1.isRunning || $1.isComplete ? 0 : $1.end - $1.offset) }
        return min(Self.maximumRunBytes, waiting / Int64(max(1, connections)))
    }

    /// The parts one connection asks for at once, starting with part `first`: it, then the parts right after it
    /// that nothing has written or tried yet (``CurlPart/isUntouched``) and no connection fetches, as long as the
    /// run stays within `limit` bytes (the first part is taken whatever its size).
    static func run(from first: Int, in parts: [CurlPart], limit: Int64) -> [CurlPart] {
        var run = [parts[first]]
        var bytes = parts[first].end - parts[first].offset
        var next = first + 1
        while next < parts.count, !parts[next].isRunning, parts[next].isUntouched,
            bytes + parts[next].length <= limit
        {
            run.append(parts[next])
            bytes += parts[next].length
            next += 1
        }
        return run
    }

    private func start(_ run: [CurlPart], fresh: Bool) throws {
        for part in run { part.retryAt = nil }
        let tally = tally
        let connection = PartConnection(run: run, fd: fd, expected: expected) { count, part, offset in
            tally.wrote(count, part: part, reaching: offset)
        }
        guard let multi, let handle = connection.open(url: url, headers: headers, fresh: fresh) else {
            connection.close()
            throw Failure.library("curl_easy_init failed")
        }
        connections.append(connection)
        curl_multi_add_handle(multi, handle)
    }

    /// Closes `connection` (already out of the multi handle) and forgets it; throws the write that failed then.
    private func ended(_ connection: PartConnection) throws {
        connections.removeAll { $0 === connection }
        if let code = connection.close() { throw Failure.write(code) }
    }

    /// `connection` ended with `result`. When it stopped before the end of its run, the part it was writing is
    /// fetched again (after a backoff); the untouched parts after it are free for the next connections.
    private func finished(_ connection: PartConnection, result: CURLcode) throws {
        let failure = connection.failure
        try ended(connection)
        guard let part = connection.run.first(where: { !$0.isComplete }) else { return }
        switch failure {
        case .notTheRange(let detail)?: throw Failure.notTheRange(detail)
        case .write(let code)?: throw Failure.write(code)
        case nil: break
        }
        let detail =
            result == CURLE_OK
            ? "the connection ended after \(part.done) of \(part.length) bytes of part \(part.index + 1)"
            : String(cString: curl_easy_strerror(result))
        try retry(part, detail: detail, stalled: false)
    }

    /// Schedules another connection for `part` after a backoff, or gives up after ``Settings/retries``.
    private func retry(_ part: CurlPart, detail: String, stalled: Bool) throws {
        part.retries += 1
        guard part.retries <= settings.retries else {
            throw Failure.gaveUp(part: part.index, detail: detail, stalled: stalled)
        }
        var backoff = settings.firstBackoff
        for _ in 1..<part.retries { backoff = min(backoff * 2, settings.maximumBackoff) }
        part.retryAt = .now + backoff
        // Its connection is free for the next part meanwhile.
    }
}
