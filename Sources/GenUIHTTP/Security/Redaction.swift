import Foundation

/// Masks secrets in text that came from outside (error bodies, stream lines) before it is kept anywhere, and only
/// then shortens it: the one place server text is cut.
///
/// Cutting first would let a secret that straddles the cut survive minus a few characters, which the masking can no
/// longer recognise. Here every whole occurrence of a secret is masked first; after the cut, a beginning of a secret
/// (at least ``minimumFragment`` characters) left at the end of the text, and an end of a secret left at its start
/// (text a server had already cut), are masked as well.
public enum Redaction {
    /// What replaces a secret.
    public static let marker = "[redacted]"
    /// The shortest piece of a secret masked at the edges of the text, and the shortest secret masked at all.
    public static let minimumFragment = 4
    /// What ends a text that was cut.
    public static let ellipsis = "…"

    /// `text` with every secret of `secrets` masked, then cut to at most `limit` characters (ellipsis included) when
    /// a limit is given. Secrets shorter than ``minimumFragment`` are ignored.
    public static func clean(_ text: String, secrets: [String], limit: Int? = nil) -> String {
        let secrets = secrets.filter { $0.count >= minimumFragment }.sorted { $0.count > $1.count }
        var result = text
        for secret in secrets where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: marker)
        }
        guard let limit, result.count > limit else { return maskEdges(result, secrets: secrets) }
        // Masks at the cut can lengthen the text: cut shorter until the result fits.
        var keep = limit - ellipsis.count
        while true {
            var cut = String(result.prefix(max(0, keep)))
            // Never leave half a marker.
            for length in stride(from: marker.count - 1, through: 1, by: -1) where cut.hasSuffix(marker.prefix(length))
            {
                cut.removeLast(length)
                break
            }
            cut = maskEdges(cut, secrets: secrets)
            let overflow = cut.count + ellipsis.count - limit
            if overflow <= 0 || keep <= 0 { return cut + ellipsis }
            keep -= overflow
        }
    }

    /// `text` with a proper prefix of a secret at its end (before an ellipsis, if it ends with one: text cut
    /// earlier), and a proper suffix of a secret at its start, masked.
    static func maskEdges(_ text: String, secrets: [String]) -> String {
        if text.hasSuffix(ellipsis) {
            return maskEdges(String(text.dropLast(ellipsis.count)), secrets: secrets) + ellipsis
        }
        var result = text
        for secret in secrets {
            if let length = longestOverlap(of: result, endingWithPrefixOf: secret) {
                result = String(result.dropLast(length)) + marker
            }
            if let length = longestOverlap(of: result, startingWithSuffixOf: secret) {
                result = marker + String(result.dropFirst(length))
            }
        }
        return result
    }

    /// The length of the longest proper prefix of `secret`, at least ``minimumFragment`` long, that ends `text`.
    private static func longestOverlap(of text: String, endingWithPrefixOf secret: String) -> Int? {
        let secret = Array(secret)
        guard secret.count > minimumFragment else { return nil }
        let tail = Array(text.suffix(secret.count - 1))
        for length in stride(from: min(tail.count, secret.count - 1), through: minimumFragment, by: -1)
        where tail[(tail.count - length)...].elementsEqual(secret[..<length]) {
            return length
        }
        return nil
    }

    /// The length of the longest proper suffix of `secret`, at least ``minimumFragment`` long, that starts `text`.
    private static func longestOverlap(of text: String, startingWithSuffixOf secret: String) -> Int? {
        let secret = Array(secret)
        guard secret.count > minimumFragment else { return nil }
        let head = Array(text.prefix(secret.count - 1))
        for length in stride(from: min(head.count, secret.count - 1), through: minimumFragment, by: -1)
        where head[..<length].elementsEqual(secret[(secret.count - length)...]) {
            return length
        }
        return nil
    }
}
