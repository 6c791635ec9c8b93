import CGenUICurl
import Foundation
import GenUIHTTP
import GenUIOnDevice

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One connection of a pull in parts: a libcurl easy handle asking for a run of consecutive parts at once
/// (`Range: bytes=A-B` from the first part's first missing byte to the last part's end) and writing what arrives
/// into each part in turn, at its offset.
///
/// A run is one part unless the path has shown itself fast (``ConnectionRamp``): then a connection takes the parts
/// after the first too, as long as nothing of them is written or tried (``CurlPart/isUntouched``), so that a fast
/// path pays a connection's set-up once for several parts. The record still keeps every part's own progress, so a
/// run cut short resumes part by part like any other.
///
/// Touched only by the thread that runs the transfer (``PartsTransfer``), libcurl's callbacks included: libcurl's
/// multi interface calls them from `curl_multi_perform` on that thread.
final class PartConnection: CurlReceiver {
    /// Why the connection was given up by this side.
    enum Failure {
        /// The server did not answer with the asked-for range of the same file (another status, another range, or
        /// another ETag or Last-Modified): the file changed at the source, or the server stopped honouring ranges.
        case notTheRange(String)
        /// Writing to the partial file failed with this `errno`.
        case write(Int32)
    }

    /// The parts asked for, in file order, each starting where the one before ends.
    let run: [CurlPart]
    /// Where the run's part being written sits in ``run``.
    private var current = 0
    /// The first byte asked for.
    private let requestStart: Int64
    /// The byte after the last one asked for.
    let requestEnd: Int64
    /// The last time a byte arrived (or the connection was opened).
    private(set) var lastByte = ContinuousClock.now
    /// Why the connection failed, when it was this side that stopped it.
    private(set) var failure: Failure?
    private(set) var handle: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// The response head.
    private var head = CurlResponseHead()
    private var checked = false

    private let fd: Int32
    private let expected: SourceValidator
    /// Called with the bytes just written, the part they belong to and its next byte to write.
    private let wrote: (_ count: Int, _ part: Int, _ offset: Int64) -> Void

    /// A connection for `run` (at least one part; every part after the first untouched and starting where the one
    /// before it ends).
    init(
        run: [CurlPart], fd: Int32, expected: SourceValidator,
        wrote: @escaping (_ count: Int, _ part: Int, _ offset: Int64) -> Void
    ) {
        precondition(!run.isEmpty, "a connection asks for at least one part")
        self.run = run
        self.requestStart = run[0].offset
        self.requestEnd = run[run.count - 1].end
        self.fd = fd
        self.expected = expected
        self.wrote = wrote
    }

    /// The part being written (the first of the run not complete, or the last one).
    var part: CurlPart { run[current] }

    /// Opens the connection; `fresh` never reuses an earlier one. Returns the easy handle, or `nil` when libcurl
    /// could not make one. The run's parts count as running from here until ``close()``.
    func open(url: String, headers: [String], fresh: Bool) -> UnsafeMutableRawPointer? {
        guard let handle = curl_easy_init() else { return nil }
        self.handle = handle
        for part in run { part.connection = self }
        var list: UnsafeMutablePointer<curl_slist>?
        for header in headers { list = curl_slist_append(list, header) }
        headerList = list
        genui_curl_set_string(handle, CURLOPT_URL, url)
        genui_curl_set_pointer(handle, CURLOPT_HTTPHEADER, list)
        genui_curl_set_string(handle, CURLOPT_RANGE, "\(requestStart)-\(requestEnd - 1)")
        genui_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        CurlLibrary.deliver(handle, to: self)
        // One TCP connection per request (HTTP/1.1): hosts limit each connection, and HTTP/2 would carry every part
        // on one. Redirects were followed before the parts start; a part never follows one.
        genui_curl_set_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1))
        genui_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        genui_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        // A retry never reuses a connection (the one that failed or stalled may be the problem); the next request
        // may reuse one that ended well.
        genui_curl_set_long(handle, CURLOPT_FRESH_CONNECT, fresh ? 1 : 0)
        genui_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, 30)
        genui_curl_set_long(handle, CURLOPT_BUFFERSIZE, Self.bufferBytes)
        return handle
    }

    /// Ends the connection (its handle is already out of the multi handle), writing the bytes it brought that are
    /// still gathered (they are the file's, however the connection ended), and frees its parts for other
    /// connections. Returns the `errno` of a write that failed then.
    @discardableResult
    func close() -> Int32? {
        let failure = flush()
        gathered?.deallocate()
        gathered = nil
        if let handle { curl_easy_cleanup(handle) }
        handle = nil
        if let headerList { curl_slist_free_all(headerList) }
        headerList = nil
        for part in run where part.connection === self { part.connection = nil }
        return failure
    }

    /// What libcurl reads per receive call: 256 KiB, so a fast connection costs few reads. (libcurl 7 and 8 hand
    /// what they read to ``body(_:_:)`` in slices of at most 16 KiB, `CURL_MAX_WRITE_SIZE`.)
    static let bufferBytes = 256 * 1024

    /// The most body bytes gathered before they are written: the file is written in pieces of 256 KiB that begin and
    /// end on 256 KiB boundaries of the file (but a part's first and last). libcurl's 16 KiB slices begin anywhere,
    /// and a write that covers a new page of the page cache only in part makes the kernel zero the rest of it
    /// first (a tenth of the pull's time in a profile, with a write system call per slice).
    static let gatherBytes = 256 * 1024

    /// Body bytes received and not yet written, from the current part's offset on (allocated while open).
    private var gathered: UnsafeMutableRawPointer?
    private var gatheredCount = 0

    /// Writes the gathered bytes at the current part's offset, then moves to the run's next part when this one is
    /// complete. Returns the `errno` that stopped it (`EIO` for a write that wrote nothing); the bytes written
    /// before stay counted, the rest are dropped (fetched again on the next connection).
    private func flush() -> Int32? {
        guard let gathered, gatheredCount > 0 else { return nil }
        defer { gatheredCount = 0 }
        let part = part
        var written = 0
        while written < gatheredCount {
            let result = pwrite(fd, gathered + written, gatheredCount - written, off_t(part.offset))
            if result < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if result == 0 { return EIO }
            written += result
            part.advance(by: result)
            wrote(result, part.index, part.offset)
        }
        if part.isComplete && current < run.count - 1 { current += 1 }
        return nil
    }

    // MARK: - libcurl's callbacks

    /// A header line of the response (or of an interim response, which starts over with its status line).
    func header(_ line: UnsafeBufferPointer<UInt8>) {
        _ = head.take(line)
    }

    /// Body bytes: written into the run's parts in turn once the head shows they are the asked-for range of the same
    /// file. Returns how many bytes were taken; fewer than given makes libcurl stop the connection.
    func body(_ data: UnsafeRawPointer, _ count: Int) -> Int {
        if !checked {
            let response = head.responseHead
            let status = response.status
            if status != 206 || ContentRange(response.header("content-range"))?.start != requestStart {
                failure = .notTheRange(
                    status == 206
                        ? "the server sent another range than bytes \(requestStart)-\(requestEnd - 1)"
                        : "the server answered HTTP \(status) to a request for bytes \(requestStart)-\(requestEnd - 1)")
                return 0
            }
            if SourceValidator(head: response).differs(from: expected) {
                failure = .notTheRange("the file changed at the source during the pull (another ETag or Last-Modified)")
                return 0
            }
            checked = true
        }
        // Never past the run's end: more would overwrite the bytes of a part that is not this connection's.
        let wanted = Int(min(Int64(count), requestEnd - part.offset - Int64(gatheredCount)))
        if gathered == nil { gathered = UnsafeMutableRawPointer.allocate(byteCount: Self.gatherBytes, alignment: 4096) }
        guard let gathered else { return 0 }
        var taken = 0
        while taken < wanted {
            // Up to the next 256 KiB boundary of the file or the part's end, whichever is first, then written.
            let offset = part.offset
            let next = min((offset / Int64(Self.gatherBytes) + 1) * Int64(Self.gatherBytes), part.end)
            let room = Int(next - offset) - gatheredCount
            let piece = min(room, wanted - taken)
            (gathered + gatheredCount).copyMemory(from: data + taken, byteCount: piece)
            gatheredCount += piece
            taken += piece
            if piece == room, let code = flush() {
                failure = .write(code)
                return 0
            }
        }
        lastByte = .now
        return wanted == count ? count : 0
    }
}
