import Foundation
import GenUIHTTP
import GenUIOnDevice

/// What identifies one version of a source file: its `ETag` and `Last-Modified`, as the server sent them.
///
/// A value that is not short printable ASCII (at most 256 bytes) is ignored: it is not a validator a resume could
/// send back, and it is never written to the record.
struct SourceValidator: Sendable, Hashable {
    var entityTag: String?
    var lastModified: String?

    init(entityTag: String? = nil, lastModified: String? = nil) {
        self.entityTag = Self.clean(entityTag)
        self.lastModified = Self.clean(lastModified)
    }

    /// The validators of a response head.
    init(head: HTTPResponseHead) {
        self.init(entityTag: head.header("etag"), lastModified: head.header("last-modified"))
    }

    /// The validators a record kept.
    init(record: DownloadRecord) {
        self.init(entityTag: record.entityTag, lastModified: record.lastModified)
    }

    var isEmpty: Bool { entityTag == nil && lastModified == nil }

    /// What `If-Range` carries: a strong ETag, else the Last-Modified date (a weak ETag may not be used there).
    var ifRange: String? {
        if let entityTag, !entityTag.hasPrefix("W/") { return entityTag }
        return lastModified
    }

    /// Whether `other` names another version of the file: the ETags differ when both have one, else the
    /// Last-Modified dates when both have one. Nothing to compare is not a difference.
    func differs(from other: SourceValidator) -> Bool {
        if let mine = entityTag, let theirs = other.entityTag { return mine != theirs }
        if let mine = lastModified, let theirs = other.lastModified { return mine != theirs }
        return false
    }

    private static func clean(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty, value.utf8.count <= 256,
            value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F })
        else { return nil }
        return value
    }
}

/// Whether the bytes already in a partial file may be resumed from a source.
enum ResumeCheck: Equatable {
    /// Resume; send `If-Range` with the validator when there is one.
    case resume(SourceValidator)
    /// Discard the partial file and start from zero, for `reason`.
    case restart(DownloadSourceChange)

    /// The decision for a partial file whose record is `previous` (`nil`: none could be read), pulled from `source`:
    /// another URL restarts; a recorded validator resumes with `If-Range`; without one, only an expected SHA-256
    /// (which catches joined bytes at the end) allows resuming.
    static func decide(previous: DownloadRecord?, source: ModelSource) -> ResumeCheck {
        if let previous, previous.source != DownloadRecord.displaySource(source.url) {
            return .restart(.differentURL(previous: previous.source))
        }
        let validator = previous.map(SourceValidator.init(record:)) ?? SourceValidator()
        if !validator.isEmpty || source.sha256 != nil { return .resume(validator) }
        return .restart(.unverifiable)
    }
}
