import Foundation

/// Where a model comes from and what it must be: a `models:` entry of providers.yml, or a URL given on the command
/// line with its `--sha256`.
public struct ModelSource: Sendable, Hashable {
    /// The name the user gave (a catalog name, or the URL shown without credentials); the record and the messages
    /// use it, and `genui models pull <name>` resumes the download.
    public var name: String
    /// The file's URL: https, or plain http to a loopback host.
    public var url: URL
    /// The file's full size in bytes, when known (checked against the server's and the file's).
    public var expectedBytes: Int64?
    /// The expected SHA-256 as 64 lowercase hexadecimal digits; `nil` pulls unverified (the digest is reported).
    public var sha256: String?
    /// A bearer token for gated models. It is sent only to the URL's own origin (scheme, host and port), never
    /// after a redirect to another one.
    public var token: String?

    /// Creates a source.
    public init(name: String, url: URL, expectedBytes: Int64? = nil, sha256: String? = nil, token: String? = nil) {
        self.name = name
        self.url = url
        self.expectedBytes = expectedBytes
        self.sha256 = sha256?.lowercased()
        self.token = token
    }

    /// Whether `text` is a SHA-256 digest written as 64 hexadecimal digits.
    public static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.allSatisfy { $0.isHexDigit && $0.isASCII }
    }
}
