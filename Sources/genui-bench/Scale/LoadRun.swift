import Foundation

/// The four ways the load section streams answers, (a) being the baseline the others are measured against.
enum LoadClient: String, Codable, CaseIterable, Sendable {
    /// (a) a bare AsyncHTTPClient client that parses the same Server-Sent Events with `JSONDecoder`.
    case bare
    /// (e) genui's own HTTP client (`GenUIHTTP.HTTPClient`) with the baseline's reading: the transport's share.
    case transport
    /// (b) genui's OpenAI-compatible provider, in a `LanguageModelSession` of its own per stream.
    case direct
    /// (c) a chain whose first member refuses connections and whose second is the server.
    case chain
    /// (d) a chain whose only member is a fleet of four endpoints (`least-busy`).
    case fleet

    var label: String {
        switch self {
        case .bare: "(a) bare AsyncHTTPClient"
        case .transport: "(e) genui HTTPClient alone, (a)'s parsing"
        case .direct: "(b) genui provider, direct"
        case .chain: "(c) genui chain, dead first member"
        case .fleet: "(d) genui fleet of 4 endpoints"
        }
    }
}

/// What one worker process is asked to do: `streams` concurrent streamed answers through `client`.
struct LoadRun: Codable, Sendable {
    var client: LoadClient
    var streams: Int
    /// The server's base URLs, `…/bench/<pause>/<tokens>/v1`: the first for (a)–(c), all four for (d).
    var baseURLs: [String]
    /// A base URL where nothing listens, for (c).
    var deadURL: String
    var tokens: Int
    /// genui's transport: AsyncHTTPClient (the default) or `URLSession`.
    var urlSession = false
    /// How long each reader stops reading once its first text arrived (milliseconds; 0: never): a slow consumer.
    var stallMilliseconds = 0
    /// Where the worker writes its ``LoadResult`` as JSON.
    var resultFile: String
}

/// What one worker measured.
struct LoadResult: Codable, Sendable {
    var completed: Int
    /// Streams whose text differed from the server's answer.
    var wrongText: Int
    var failures: [String]
    var wallSeconds: Double
    var timeToFirstToken: [Double]
    var timeToLastToken: [Double]
    var cpuSeconds: Double
    var baselineResidentBytes: Int
    var peakResidentBytes: Int
    var peakThreads: Int
    var threadsBefore: Int
}
