import CGenUICurl
import Foundation
import GenUI
import GenUIHTTP
import Synchronization

/// One request of a download (the question before the parts, a redirect, a body read on one connection), driven by
/// libcurl on a thread of its own and feeding its ``DownloadExchange``: the head once it has arrived, then each slice
/// of the body (16 KiB at most) inside libcurl's callback, then the end.
///
/// The exchange writes each piece inside that callback: while it writes, libcurl does not read the socket, and TCP
/// slows the sender, so memory stays one receive buffer however fast the network is. ``cancel()`` stops the request
/// at once from any thread (libcurl's poll is woken), and the exchange hears the end.
final class CurlRequest: CurlReceiver, @unchecked Sendable {
    private let url: String
    private let headers: [String]
    private let endpoint: String
    private let stopRequested = Atomic(false)
    private let multi: UnsafeMutableRawPointer?
    /// Set before ``resume()``, then read only by the request's thread. Weak: an exchange its caller has let go
    /// of stops the request at the next piece.
    private weak var exchange: DownloadExchange?
    // Touched only by the request's thread.
    private var head = CurlResponseHead()
    private var headDelivered = false

    /// Prepares `GET url` with `headers` (each `Name: value`); nothing is sent before ``resume()``. `endpoint` names
    /// the server in errors.
    init(url: String, headers: [String], endpoint: String) {
        CurlLibrary.initialize()
        self.url = url
        self.headers = headers
        self.endpoint = endpoint
        self.multi = curl_multi_init()
    }

    deinit {
        if let multi { curl_multi_cleanup(multi) }
    }

    /// The exchange that hears the head, the body and the end.
    func attach(_ exchange: DownloadExchange) {
        self.exchange = exchange
    }

    /// Sends the request, on a thread of its own.
    func resume() {
        Thread.start(named: "genui.request", stackSize: 256 * 1024) { [self] in run() }
    }

    /// Stops the request: its connection is closed, and the exchange hears the end.
    func cancel() {
        stopRequested.store(true, ordering: .relaxed)
        if let multi { curl_multi_wakeup(multi) }
    }

    private func run() {
        guard let multi, let handle = curl_easy_init() else {
            exchange?.completed(
                error: GenUIError.transport(
                    .other(detail: "libcurl could not be set up"), .init(debugDescription: "curl_easy_init failed")))
            return
        }
        var list: UnsafeMutablePointer<curl_slist>?
        for header in headers { list = curl_slist_append(list, header) }
        configure(handle, headers: list)
        curl_multi_add_handle(multi, handle)
        var result: CURLcode?
        while result == nil && !stopRequested.load(ordering: .relaxed) {
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                if message.pointee.msg == CURLMSG_DONE { result = genui_curl_message_result(message) }
            }
            if result == nil { curl_multi_poll(multi, nil, 0, 1000, nil) }
        }
        curl_multi_remove_handle(multi, handle)
        curl_easy_cleanup(handle)
        curl_slist_free_all(list)
        if stopRequested.load(ordering: .relaxed) {
            exchange?.completed(error: CancellationError())
        } else if let result, result != CURLE_OK {
            exchange?.completed(error: failure(result))
        } else {
            exchange?.completed(error: nil)
        }
    }

    private func configure(_ handle: UnsafeMutableRawPointer, headers: UnsafeMutablePointer<curl_slist>?) {
        genui_curl_set_string(handle, CURLOPT_URL, url)
        genui_curl_set_pointer(handle, CURLOPT_HTTPHEADER, headers)
        genui_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        CurlLibrary.deliver(handle, to: self)
        // The downloader follows redirects itself (deciding where a credential may go) and keeps its own deadlines.
        genui_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        genui_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        genui_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, 30)
        genui_curl_set_long(handle, CURLOPT_BUFFERSIZE, PartConnection.bufferBytes)
    }

    // MARK: - libcurl's callbacks (on the request's thread)

    func header(_ line: UnsafeBufferPointer<UInt8>) {
        guard head.take(line), !headDelivered else { return }
        headDelivered = true
        exchange?.receivedHead(head.responseHead)
    }

    func body(_ data: UnsafeRawPointer, _ count: Int) -> Int {
        guard !stopRequested.load(ordering: .relaxed), let exchange else { return 0 }
        exchange.receivedData(Data(bytes: data, count: count))
        return count
    }

    /// The error for a request that ended with `code`.
    private func failure(_ code: CURLcode) -> GenUIError {
        let detail = String(cString: curl_easy_strerror(code))
        let failure: TransportFailure
        switch code {
        case CURLE_COULDNT_CONNECT:
            failure = .connectionRefused(endpoint: endpoint)
        case CURLE_COULDNT_RESOLVE_HOST:
            failure = .dnsFailure(host: URL(string: endpoint)?.host ?? endpoint)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CACERT_BADFILE:
            failure = .tlsFailure(detail: detail)
        case CURLE_OPERATION_TIMEDOUT:
            failure = headDelivered ? .connectionLost(detail: detail) : .connectTimeout(endpoint: endpoint)
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING:
            failure = .connectionLost(detail: detail)
        default:
            failure = headDelivered ? .connectionLost(detail: detail) : .other(detail: detail)
        }
        return .transport(failure, .init(debugDescription: "\(endpoint): \(detail)"))
    }
}

/// What takes a response from libcurl's callbacks (``CurlLibrary/deliver(_:to:)``), on the thread that drives the
/// transfer.
protocol CurlReceiver: AnyObject {
    /// One line of the response head (a status line starts a head over).
    func header(_ line: UnsafeBufferPointer<UInt8>)
    /// A slice of the body; returns how many bytes were taken (fewer than given makes libcurl stop the transfer).
    func body(_ data: UnsafeRawPointer, _ count: Int) -> Int
}

/// libcurl's process-wide set-up, and what every handle of a pull shares.
enum CurlLibrary {
    private static let initialized: Void = { _ = genui_curl_global_init() }()

    /// Sets libcurl up for this process (`curl_global_init`; a later call does nothing).
    static func initialize() { _ = initialized }

    /// Hands the head and body of `handle`'s response to `receiver`, which must outlive the handle's transfer (it
    /// is not retained). Also marks `handle` with `receiver` (`CURLOPT_PRIVATE`).
    static func deliver(_ handle: UnsafeMutableRawPointer, to receiver: some CurlReceiver) {
        let context = Unmanaged.passUnretained(receiver as AnyObject).toOpaque()
        genui_curl_set_pointer(handle, CURLOPT_PRIVATE, context)
        genui_curl_set_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            guard let data, let context,
                let receiver = Unmanaged<AnyObject>.fromOpaque(context).takeUnretainedValue() as? any CurlReceiver
            else { return 0 }
            return receiver.body(UnsafeRawPointer(data), size * count)
        }
        genui_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        genui_curl_set_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            guard let data, let context,
                let receiver = Unmanaged<AnyObject>.fromOpaque(context).takeUnretainedValue() as? any CurlReceiver
            else { return 0 }
            data.withMemoryRebound(to: UInt8.self, capacity: size * count) {
                receiver.header(UnsafeBufferPointer(start: $0, count: size * count))
            }
            return size * count
        }
        genui_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
    }
}

/// A response head as libcurl's header callback hands it over, one line at a time.
struct CurlResponseHead {
    private(set) var status = 0
    private var fields: [String: String] = [:]

    /// The head read so far.
    var responseHead: HTTPResponseHead { HTTPResponseHead(status: status, headers: fields) }

    /// The header named `name` (lowercase), when the head had it.
    func field(_ name: String) -> String? { fields[name] }

    /// Takes one line of the head; `true` when it was the blank line that ends a final (not 1xx) head. A status line
    /// starts a head over (an interim response, or the next response on the connection).
    mutating func take(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("HTTP/") {
            let words = text.split(separator: " ")
            status = words.count > 1 ? Int(words[1]) ?? 0 : 0
            fields = [:]
            return false
        }
        guard !text.isEmpty else { return status >= 200 }
        guard let colon = text.firstIndex(of: ":") else { return false }
        let name = text[..<colon].lowercased()
        let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        fields[name] = fields[name].map { "\($0), \(value)" } ?? value
        return false
    }
}
