import Foundation

/// How a provider's base URL path appears in request logs: by its display form, so that a value spliced into the
/// path from the environment (`base_url: https://gw/${GW_PATH}/v1`) is logged as `/${GW_PATH}/v1`, never expanded.
public struct LoggedBasePath: Sendable, Hashable {
    /// The base URL's real path, percent-encoded as sent, without a trailing `/`.
    public let path: String
    /// The path as it may be logged.
    public let shownAs: String

    /// The logged form of `baseURL`'s path, read from `display`, the base URL's display form (scheme, host, path;
    /// `${NAME}` where a variable was spliced in). `nil` when the display form shows the same path.
    public init?(baseURL: URL, display: String) {
        let real = Self.trimmed(URLComponents(url: baseURL, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? "")
        let shown = Self.trimmed(Self.path(ofDisplay: display))
        guard real != shown else { return nil }
        path = real
        shownAs = shown
    }

    /// `requestPath` with this base path at its start replaced by its logged form. A request path that does not
    /// start with the base path is shown as the base's logged form alone, since it cannot be told apart.
    public func shown(_ requestPath: String) -> String {
        guard !path.isEmpty else { return shownAs + requestPath }
        if requestPath == path { return shownAs }
        if requestPath.hasPrefix(path + "/") { return shownAs + requestPath.dropFirst(path.count) }
        return shownAs + "/…"
    }

    /// The path part of a display URL (`https://gw/${GW_PATH}/v1?key=•••` → `/${GW_PATH}/v1`), read by hand because a
    /// display form with `${…}` is not a valid URL.
    static func path(ofDisplay display: String) -> String {
        var rest = Substring(display)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }), rest[slash] == "/" else {
            return ""
        }
        let path = rest[slash...]
        return String(path.prefix(while: { $0 != "?" && $0 != "#" }))
    }

    private static func trimmed(_ path: String) -> String {
        path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
