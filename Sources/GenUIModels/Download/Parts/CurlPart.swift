import CGenUICurl
import Foundation
import GenUIHTTP
import GenUIOnDevice

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One part of a pull in parts: its range, how far it has come, and the libcurl easy handle fetching it now.
///
/// Touched only by the thread that runs the transfer (``PartsTransfer``), libcurl's callbacks included: libcurl's
/// multi interface calls them from `curl_multi_perform` on that thread.
final class CurlPart: CurlReceiver {
    /// Why a connection of this part was given up.
    enum Failure {
        /// The server did not answer with the asked-for range of the same file (another status, another range, or
        /// another ETag or Last-Modified): the file changed at the source, or the server stopped honouring ranges.
        case notTheRange(String)
        /// Writing to the partial file failed with this `errno`.
        case write(Int32)
    }

    let index: Int
    let start: Int64
    let end: Int64
    /// The next byte to write (absolute).
    private(set) var offset: Int64
    /// Connections given up so far (failed or stalled).
    var retries = 0
    /// When a retry may start (after its backoff).
    var retryAt: ContinuousClock.Instant?
    /// The last time a byte arrived (or the connection was opened).
    private(set) var lastByte = ContinuousClock.now
    /// Why the current connection failed, when it was this side that stopped it.
    private(set) var failure: Failure?
    private(set) var handle: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?

    /// The response head of the current connection.
    private var head = CurlResponseHead()
    private var checked = false

    private let fd: Int32
    private let expected: SourceValidator
    /// Called with the bytes just written and the next byte to write (for the sum, the hash and the write-back).
    private let wrote: (_ count: Int, _ offset: Int64) -> Void

    init(
        index: Int, part: DownloadRecord.Part, fd: Int32, expected: SourceValidator,
        wrote: @escaping (_ count: Int, _ offset: Int64) -> Void
    ) {
        self.index = index
        self.start = part.start
        self.end = part.start + part.length
        self.offset = part.start + part.done
        self.fd = fd
        self.expected = expected
        self.wrote = wrote
    }

    var done: Int64 { offset - start }
    var isComplete: Bool { offset >= end }
    var isRunning: Bool { handle != nil }
    var record: DownloadRecord.Part { DownloadRecord.Part(start: start, length: end - start, done: done) }

    /// Opens a connection for the missing bytes of the part (`Range: bytes=offset-(end-1)`); `fresh` never reuses an
    /// earlier one. Returns the easy handle, or `nil` when libcurl could not make one.
    func open(url: String, headers: [String], fresh: Bool) -> UnsafeMutableRawPointer? {
        guard let handle = curl_easy_init() else { return nil }
        self.handle = handle
        head = CurlResponseHead()
        checked = false
        failure = nil
        lastByte = .now
        var list: UnsafeMutablePointer<curl_slist>?
        for header in headers { list = curl_slist_append(list, header) }
        headerList = list
        genui_curl_set_string(handle, CURLOPT_URL, url)
        genui_curl_set_pointer(handle, CURLOPT_HTTPHEADER, list)
        genui_curl_set_string(handle, CURLOPT_RANGE, "\(offset)-\(end - 1)")
        genui_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        CurlLibrary.deliver(handle, to: self)
        // One TCP connection per part (HTTP/1.1): hosts limit each connection, and HTTP/2 would carry every part on
        // one. Redirects were followed before the parts start; a part never follows one.
        genui_curl_set_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1))
        genui_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        genui_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        // A retry never reuses a connection (the one that failed or stalled may be the problem); the next part may
        // reuse one that ended well.
        genui_curl_set_long(handle, CURLOPT_FRESH_CONNECT, fresh ? 1 : 0)
        genui_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, 30)
        genui_curl_set_long(handle, CURLOPT_BUFFERSIZE, Self.bufferBytes)
        return handle
    }

    /// Ends the current connection (its handle is already out of the multi handle), writing the bytes it brought
    /// that are still gathered (they are the file's, however the connection ended). Returns the `errno` of a write
    /// that failed then.
    @discardableResult
    func close() -> Int32? {
        let failure = flush()
        gathered?.deallocate()
        gathered = nil
        if let handle { curl_easy_cleanup(handle) }
        handle = nil
        if let headerList { curl_slist_free_all(headerList) }
        headerList = nil
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

    /// Body bytes received and not yet written, from ``offset`` on (allocated while a connection is open).
    private var gathered: UnsafeMutableRawPointer?
    private var gatheredCount = 0

    /// Writes the gathered bytes at ``offset``. Returns the `errno` that stopped it (`EIO` for a write that wrote
    /// nothing); the bytes written before stay counted, the rest are dropped (fetched again on the next connection).
    private func flush() -> Int32? {
        guard let gathered, gatheredCount > 0 else { return nil }
        defer { gatheredCount = 0 }
        var written = 0
        while written < gatheredCount {
            let result = pwrite(fd, gathered + written, gatheredCount - written, off_t(offset))
            if result < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if result == 0 { return EIO }
            written += result
            offset += Int64(result)
            wrote(result, offset)
        }
        return nil
    }

    // MARK: - libcurl's callbacks

    /// A header line of the response (or of an interim response, which starts over with its status line).
    func header(_ line: UnsafeBufferPointer<UInt8>) {
        _ = head.take(line)
    }

    /// Body bytes: written at the part's offset once the head shows they are the asked-for range of the same file.
    /// Returns how many bytes were taken; fewer than given makes libcurl stop the connection.
    func body(_ data: UnsafeRawPointer, _ count: Int) -> Int {
        if !checked {
            let response = head.responseHead
            let status = response.status
            if status != 206 || ContentRange(response.header("content-range"))?.start != offset {
                failure = .notTheRange(status == 206
                    ? "the server sent another range than bytes \(offset)-\(end - 1)"
                    : "the server answered HTTP \(status) to a request for bytes \(offset)-\(end - 1)")
                return 0
            }
            if SourceValidator(head: response).differs(from: expected) {
                failure = .notTheRange("the file changed at the source during the pull (another ETag or Last-Modified)")
                return 0
            }
            checked = true
        }
        // Never past the part's end: more would overwrite the next part's bytes.
        let wanted = Int(min(Int64(count), end - offset - Int64(gatheredCount)))
        if gathered == nil { gathered = UnsafeMutableRawPointer.allocate(byteCount: Self.gatherBytes, alignment: 4096) }
        guard let gathered else { return 0 }
        var taken = 0
        while taken < wanted {
            // Up to the next 256 KiB boundary of the file (or the part's end), then written.
            let next = min((offset / Int64(Self.gatherBytes) + 1) * Int64(Self.gatherBytes), end)
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
