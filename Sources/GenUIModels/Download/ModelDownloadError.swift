import Foundation
import GenUI
import GenUIOnDevice

/// Why a model download stopped. Every case says what happened and, through the CLI's catalog, what to do; none
/// carries a credential.
public enum ModelDownloadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The device cannot take the model: `UnavailableReason.lowStorage(requiredBytes:availableBytes:volume:)`
    /// (before the first byte, or a full disk in the middle: the partial file is kept) or
    /// `UnavailableReason.deviceNotEligible(detail:)` (too little memory; `--force` pulls anyway).
    case unavailable(UnavailableReason)
    /// Another process is writing the same model (`pid`, and its record when it has one).
    case busy(pid: Int32, record: DownloadRecord?)
    /// The bytes that arrived do not have the expected SHA-256; the partial file was deleted.
    case checksumMismatch(expected: String, actual: String)
    /// The server's or the file's size differs from the expected one.
    case sizeMismatch(expected: Int64, actual: Int64)
    /// The server answered with an error status.
    case httpStatus(Int, source: String)
    /// The connection failed or was cut; the partial file is kept for the next pull to resume.
    case interrupted(bytes: Int64, detail: String)
    /// No byte arrived for too long; the partial file is kept.
    case stalled(bytes: Int64, seconds: Int)
    /// Redirects went on too long, or went somewhere not allowed (plain http to another host).
    case badRedirect(String)
    /// The source URL is not allowed (plain http to a non-loopback host, another scheme).
    case badSource(String)
    /// A file operation failed.
    case file(path: String, operation: String, errno: Int32)
    /// The file name taken from the URL could leave the models folder or is not a plain file name (a separator,
    /// `..`, a NUL or another control character, a leading dot, one of the endings genui keeps beside a model):
    /// nothing was written; `--file` (or `file:` in the catalog) names the file instead.
    case unsafeFileName(String)
    /// The server sent more bytes than the declared size (`--size`, the catalog's `size:`, or its own length): the
    /// transfer stopped at `expected` bytes, at least `received` had arrived, and the partial file was deleted.
    case oversized(expected: Int64, received: Int64)

    public var description: String {
        switch self {
        case .unavailable(let reason): "unavailable: \(reason.code)"
        case .busy(let pid, _): "another genui process (pid \(pid)) is downloading this model"
        case .checksumMismatch(let expected, let actual): "sha256 mismatch: expected \(expected), got \(actual)"
        case .sizeMismatch(let expected, let actual): "size mismatch: expected \(expected) bytes, got \(actual)"
        case .httpStatus(let status, let source): "\(source) answered HTTP \(status)"
        case .interrupted(let bytes, let detail): "interrupted after \(bytes) bytes: \(detail)"
        case .stalled(let bytes, let seconds): "no data for \(seconds) s after \(bytes) bytes"
        case .badRedirect(let detail): "redirect refused: \(detail)"
        case .badSource(let detail): "source refused: \(detail)"
        case .file(let path, let operation, let code): "\(operation) \(path): \(String(cString: strerror(code)))"
        case .unsafeFileName(let name):
            "the file name \(name.debugDescription) taken from the URL is refused; name the file with --file"
        case .oversized(let expected, let received):
            "the server sent more than the declared \(expected) bytes (at least \(received))"
        }
    }
}
