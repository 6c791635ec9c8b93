/// The random API key a managed llama-server is started with, new for every start.
///
/// llama-server reads it from its environment (`LLAMA_API_KEY`), never from its command line (which every local
/// user can read in `ps`); genui sends it as `Authorization: Bearer <key>` on every request after `/health`, so
/// another local process that finds the port cannot use the server. The key is never printed: its description
/// is `****`, and the server's log lines are shown with it removed.
struct ServerAccessKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The key: 256 random bits from the system's generator, as 64 lowercase hexadecimal digits.
    let value: String

    /// The variable llama-server reads its API key from.
    static let environmentVariable = "LLAMA_API_KEY"

    /// A new key from `SystemRandomNumberGenerator`.
    static func generate() -> ServerAccessKey {
        var generator = SystemRandomNumberGenerator()
        var hex = ""
        for _ in 0..<4 {
            let word = String(generator.next() as UInt64, radix: 16)
            hex += String(repeating: "0", count: 16 - word.count) + word
        }
        return ServerAccessKey(value: hex)
    }

    /// The header every request to the server carries.
    var authorizationHeader: [String: String] { ["Authorization": "Bearer \(value)"] }

    /// `text` with every occurrence of the key replaced by `****`.
    func redact(_ text: String) -> String {
        text.contains(value) ? text.replacingOccurrences(of: value, with: "****") : text
    }

    var description: String { "****" }

    var debugDescription: String { "****" }
}
