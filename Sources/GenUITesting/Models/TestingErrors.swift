import GenUI

extension LanguageModelError {
    /// An HTTP 500 from the server, for tests.
    public static func testServerError(_ status: Int = 500) -> LanguageModelError {
        .serverError(status: status, .init(debugDescription: "HTTP \(status) (injected)"))
    }

    /// A refused connection, for tests.
    public static func testConnectionRefused(_ endpoint: String = "127.0.0.1:9") -> LanguageModelError {
        .transport(.connectionRefused(endpoint: endpoint), .init(debugDescription: "connection refused (injected)"))
    }

    /// A rate limit with a Retry-After, for tests.
    public static func testRateLimited(retryAfter: Duration?) -> LanguageModelError {
        .rateLimited(retryAfter: retryAfter, .init(debugDescription: "HTTP 429 (injected)"))
    }
}
