/// URLs as they may be shown: in `genui config check`, `genui doctor -v` and `--json`, and configuration errors.
///
/// Credentials travel in the parts of a URL after the address: user info (`https://user:pass@host`), query values
/// (`?key=…`) and the fragment. Those are masked (`•••`); the scheme, host, port and path stay readable. The request
/// itself still uses the real URL.
public enum DisplayURL {
    /// What replaces a masked part.
    public static let mask = "•••"

    /// `url` with its user info, every query value and its fragment masked:
    /// `https://user:pw@gw/v1?key=abc&alt=sse#x` becomes `https://•••@gw/v1?key=•••&alt=•••#•••`.
    public static func masked(_ url: String) -> String {
        var rest = Substring(url)
        var result = ""
        // Without a scheme (an invalid URL quoted in an error), the text up to the first "/" may still hold user info.
        if let schemeEnd = rest.range(of: "://"),
            !rest[..<schemeEnd.lowerBound].contains(where: { "/?#@".contains($0) })
        {
            result += rest[..<schemeEnd.upperBound]
            rest = rest[schemeEnd.upperBound...]
        }
        do {
            let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@") {
                result += mask + "@" + authority[authority.index(after: at)...]
            } else {
                result += authority
            }
            rest = rest[authorityEnd...]
        }
        let fragmentStart = rest.firstIndex(of: "#")
        let beforeFragment = rest[..<(fragmentStart ?? rest.endIndex)]
        if let queryStart = beforeFragment.firstIndex(of: "?") {
            result += beforeFragment[...queryStart]
            let items = beforeFragment[beforeFragment.index(after: queryStart)...].split(
                separator: "&", omittingEmptySubsequences: false)
            result += items.map { item -> String in
                guard !item.isEmpty else { return "" }
                guard let equals = item.firstIndex(of: "=") else { return mask }
                return item[...equals] + mask
            }.joined(separator: "&")
        } else {
            result += beforeFragment
        }
        if let fragmentStart, rest.index(after: fragmentStart) < rest.endIndex { result += "#" + mask }
        return result
    }
}
