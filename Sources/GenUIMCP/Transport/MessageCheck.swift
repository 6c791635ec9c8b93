import Foundation
import Synchronization

/// Why a transport closed its connection to a server.
enum TransportClosure: Error, Sendable, Equatable {
    /// The server closed its output (a stdio server exited or closed stdout).
    case endOfOutput
    /// One message was longer than the limit (bytes).
    case messageTooLarge(limit: Int)
    /// A message was not a JSON-RPC message (an excerpt of it).
    case invalidMessage(excerpt: String)
    /// A message nested arrays and objects deeper than the limit.
    case nestedTooDeep(limit: Int)
    /// An HTTP server could not be reached, or answered with an error status.
    case unreachable(String)
    /// An HTTP server refused the credentials (401 or 403).
    case unauthorized(status: Int)
    /// genui disconnected.
    case disconnected
}

/// The first reason a transport closed, shared by the transport and the thread that reads for it.
final class ClosureRecord: Sendable {
    private let state = Mutex<TransportClosure?>(nil)

    /// The reason, or `nil` while the transport is open.
    var reason: TransportClosure? { state.withLock { $0 } }

    /// Records `reason` unless one is already recorded; returns the one that stands.
    @discardableResult
    func record(_ reason: TransportClosure) -> TransportClosure {
        state.withLock { current in
            if current == nil { current = reason }
            return current ?? reason
        }
    }
}

/// What every message from a server must pass before the SDK reads it: a nesting bound, and being JSON-RPC.
///
/// The SDK skips a message it cannot decode and keeps waiting, so a server that writes garbage would be noticed only
/// when a request timed out; checked here, it is reported at once with an excerpt of what it sent.
enum MessageCheck {
    /// The deepest nesting of arrays and objects a message may have (Foundation's parser refuses much deeper ones,
    /// and no MCP message needs more).
    static let maximumNesting = 128

    /// Why `message` is refused, or `nil` when it is a JSON-RPC message.
    static func problem(in message: Data.SubSequence) -> TransportClosure? {
        if nesting(of: message) > maximumNesting { return .nestedTooDeep(limit: maximumNesting) }
        guard isJSONRPC(Data(message)) else {
            return .invalidMessage(excerpt: String(decoding: message.prefix(80), as: UTF8.self))
        }
        return nil
    }

    /// The deepest nesting of `[` and `{` outside strings.
    static func nesting(of bytes: Data.SubSequence) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// Whether `data` is a JSON object (or a batch of them) that says `"jsonrpc": "2.0"`.
    static func isJSONRPC(_ data: Data) -> Bool {
        guard let value = try? JSONSerialization.jsonObject(with: data) else { return false }
        let messages = (value as? [Any]) ?? [value]
        return !messages.isEmpty && messages.allSatisfy { ($0 as? [String: Any])?["jsonrpc"] as? String == "2.0" }
    }
}
