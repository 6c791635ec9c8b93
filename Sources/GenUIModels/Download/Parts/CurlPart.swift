import CGenUICurl
import Foundation
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
final class CurlPart {
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

    // The response head of the current connection.
    private var status = 0
    private var contentRangeStart: Int64?
    private var served = SourceValidator()
    private var checked = false

    private let fd: Int32
    private let expected: SourceValidator
    /// Called with the bytes just written (for the sum, the hash and the write-back).
    private let wrote: (Int) -> Void

    init(
        index: Int, part: DownloadRecord.Part, fd: Int32, expected: SourceValidator, wrote: @escaping (Int) -> Void
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
        status = 0
        contentRangeStart = nil
        served = SourceValidator()
        checked = false
        failure = nil
        lastByte = .now
        var list: UnsafeMutablePointer<curl_slist>?
        for header in headers { list = curl_slist_append(list, header) }
        headerList = list
        let context = Unmanaged.passUnretained(self).toOpaque()
        genui_curl_set_string(handle, CURLOPT_URL, url)
        genui_curl_set_pointer(handle, CURLOPT_HTTPHEADER, list)
        genui_curl_set_string(handle, CURLOPT_RANGE, "\(offset)-\(end - 1)")
        genui_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        genui_curl_set_pointer(handle, CURLOPT_PRIVATE, context)
        genui_curl_set_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            guard let data, let context else { return 0 }
            let part = Unmanaged<CurlPart>.fromOpaque(context).takeUnretainedValue()
            return part.body(UnsafeRawPointer(data), size * count)
        }
        genui_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        genui_curl_set_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            guard let data, let context else { return 0 }
            let part = Unmanaged<CurlPart>.fromOpaque(context).takeUnretainedValue()
            data.withMemoryRebound(to: UInt8.self, capacity: size * count) {
                part.header(UnsafeBufferPointer(start: $0, count: size * count))
            }
            return size * count
        }
        genui_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
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

    /// Ends the current connection (its handle is already out of the multi handle).
    func close() {
        if let handle { curl_easy_cleanup(handle) }
        handle = nil
        if let headerList { curl_slist_free_all(headerList) }
        headerList = nil
    }

    /// What libcurl reads per receive call and hands to ``body(_:_:)``: 256 KiB, so a fast connection costs few
    /// callbacks.
    static let bufferBytes = 256 * 1024

    // MARK: - libcurl's callbacks

    /// A header line of the response (or of an interim response, which starts over with its status line).
    func header(_ line: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("HTTP/") {
            let fields = text.split(separator: " ")
            status = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
            contentRangeStart = nil
            served = SourceValidator()
            return
        }
        guard let colon = text.firstIndex(of: ":") else { return }
        let name = text[..<colon].lowercased()
        let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        switch name {
        case "content-range": contentRangeStart = ContentRange(value)?.start
        case "etag": served.entityTag = SourceValidator(entityTag: value).entityTag
        case "last-modified": served.lastModified = SourceValidator(lastModified: value).lastModified
        default: break
        }
    }

    /// Body bytes: written at the part's offset once the head shows they are the asked-for range of the same file.
    /// Returns how many bytes were taken; fewer than given makes libcurl stop the connection.
    func body(_ data: UnsafeRawPointer, _ count: Int) -> Int {
        if !checked {
            if status != 206 || contentRangeStart != offset {
                failure = .notTheRange(status == 206
                    ? "the server sent another range than bytes \(offset)-\(end - 1)"
                    : "the server answered HTTP \(status) to a request for bytes \(offset)-\(end - 1)")
                return 0
            }
            if served.differs(from: expected) {
                failure = .notTheRange("the file changed at the source during the pull (another ETag or Last-Modified)")
                return 0
            }
            checked = true
        }
        // Never past the part's end: more would overwrite the next part's bytes.
        let wanted = Int(min(Int64(count), end - offset))
        var written = 0
        while written < wanted {
            let result = pwrite(fd, data + written, wanted - written, off_t(offset))
            if result < 0 {
                if errno == EINTR { continue }
                failure = .write(errno)
                return 0
            }
            if result == 0 {
                failure = .write(EIO)
                return 0
            }
            written += result
            offset += Int64(result)
            wrote(result)
        }
        lastByte = .now
        return wanted == count ? count : 0
    }
}
