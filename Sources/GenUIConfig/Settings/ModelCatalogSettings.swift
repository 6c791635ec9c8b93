import Foundation

/// One entry of the `models:` catalog in `providers.yml`: a model `genui models pull NAME` can fetch.
///
/// ```yaml
/// models:
///   smollm2-360m:
///     url: https://huggingface.co/…/SmolLM2-360M-Instruct.Q4_K_M.gguf
///     size: 270 MB            # or 270000000
///     sha256: 2a7c…            # 64 hexadecimal digits
///     token_env: HF_TOKEN      # optional: the variable holding a bearer token, for gated models
///     file: ~/models/smol.gguf # optional: where it is installed (default ~/.cache/genui/models/<file name>)
///     connections: 8           # optional: parallel ranged connections for its pull, 1 to 16
/// ```
///
/// An entry whose name is also built in replaces the built-in entry.
public struct ModelCatalogSettings: Sendable, Hashable {
    /// The name `genui models pull` takes.
    public var name: String
    /// Where the file comes from: https, or plain http to a loopback host only.
    public var url: URL
    /// The file's size in bytes, more than zero.
    public var sizeBytes: Int64
    /// The file's SHA-256: 64 lowercase hexadecimal digits.
    public var sha256: String
    /// The name of the environment variable holding a bearer token (never the token itself).
    public var tokenEnvironmentVariable: String?
    /// Where the file is installed, `~` expanded; `nil` for the default place.
    public var file: String?
    /// How many connections a pull of this file opens at once (1...16); `nil` for the default.
    public var connections: Int?
    /// Where the entry is defined.
    public var location: SourceLocation

    /// The connections an entry may ask for.
    public static let connectionRange = 1...16

    /// Creates an entry.
    public init(
        name: String, url: URL, sizeBytes: Int64, sha256: String, tokenEnvironmentVariable: String? = nil,
        file: String? = nil, connections: Int? = nil, location: SourceLocation
    ) {
        self.name = name
        self.url = url
        self.sizeBytes = sizeBytes
        self.sha256 = sha256.lowercased()
        self.tokenEnvironmentVariable = tokenEnvironmentVariable
        self.file = file
        self.connections = connections
        self.location = location
    }

    /// Whether `text` is a SHA-256 written out: exactly 64 hexadecimal digits.
    public static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.allSatisfy { $0.isHexDigit && $0.isASCII }
    }
}
