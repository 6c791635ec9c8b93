import GenUI

/// The errors both transports report when an exchange runs out of time, worded in one place.
enum ExchangeTimeout {
    /// The response head did not arrive within `limit`: a connect timeout.
    static func head(_ endpoint: String, limit: Duration) -> GenUIError {
        .transport(
            .connectTimeout(endpoint: endpoint),
            .init(debugDescription: "\(endpoint) did not answer within \(format(limit))"))
    }

    /// The whole exchange, body included, took longer than `limit`.
    static func total(_ endpoint: String, limit: Duration) -> GenUIError {
        .timedOut(.init(debugDescription: "the exchange with \(endpoint) took longer than \(format(limit))"))
    }

    /// `250 ms` below a second, `1.5 s` from one on.
    static func format(_ duration: Duration) -> String {
        let seconds = duration.seconds
        return seconds < 1
            ? "\(ExternalNumber.integer(seconds * 1000, in: 0...999) ?? 0) ms" : String(format: "%.1f s", seconds)
    }
}
