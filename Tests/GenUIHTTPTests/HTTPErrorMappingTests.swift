import Foundation
import GenUI
import GenUIHTTP
import GenUITestSupport
import Testing

@Suite("HTTP status and error body mapping", .tags(.unit))
struct HTTPErrorMappingTests {
    private func map(_ status: Int, _ body: String, headers: [String: String] = [:], secrets: [String] = [])
        -> GenUIError
    {
        HTTPErrorMapping.error(status: status, headers: headers, body: Data(body.utf8), provider: "p", secrets: secrets)
    }

    @Test("401 and 403 are unauthorized, attributed to the provider")
    func unauthorized() {
        for status in [401, 403] {
            let error = map(status, #"{"error":{"message":"Invalid API Key","type":"authentication_error"}}"#)
            #expect(error.code == "unauthorized")
            #expect(error.provider == "p")
            #expect(error.context.debugDescription.contains("Invalid API Key"))
        }
    }

    @Test("429 reads Retry-After as seconds, as an HTTP date, and retry-after-ms first")
    func retryAfter() {
        if case .rateLimited(let wait, _) = map(429, "{}", headers: ["retry-after": "3"]) {
            #expect(wait == .seconds(3))
        } else {
            Issue.record("expected rateLimited")
        }
        if case .rateLimited(let wait, _) = map(429, "{}", headers: ["retry-after": "1", "retry-after-ms": "250"]) {
            #expect(wait == .milliseconds(250))
        } else {
            Issue.record("expected rateLimited")
        }
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = formatter.string(from: now.addingTimeInterval(42))
        #expect(RetryAfter.parse(["retry-after": date], now: now) == .seconds(42))
        #expect(RetryAfter.parse(["retry-after": "soon"], now: now) == nil)
        #expect(RetryAfter.parse([:], now: now) == nil)
    }

    @Test("529 and overloaded_error are rate limits; other 5xx are server errors with their status")
    func serverSide() {
        #expect(
            map(529, #"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#).code
                == "rateLimited")
        if case .serverError(let status, let context) = map(
            503, #"{"error":{"message":"Loading model","type":"unavailable_error","code":503}}"#)
        {
            #expect(status == 503)
            #expect(context.debugDescription.contains("Loading model"))
        } else {
            Issue.record("expected serverError")
        }
    }

    @Test("context overflow shapes of llama-server, OpenAI and Anthropic are contextSizeExceeded")
    func contextOverflow() {
        #expect(
            map(
                400,
                #"{"error":{"code":400,"message":"request (3000 tokens) exceeds the available context size (2048 tokens)","type":"exceed_context_size_error","n_prompt_tokens":3000,"n_ctx":2048}}"#
            ).code == "contextSizeExceeded")
        #expect(
            map(
                400,
                #"{"error":{"message":"This model's maximum context length is 8192 tokens","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}"#
            ).code == "contextSizeExceeded")
        #expect(
            map(
                400,
                #"{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 250000 tokens > 200000 maximum"}}"#
            ).code == "contextSizeExceeded")
        #expect(map(400, #"{"error":"invalid format: expected \"json\" or a JSON schema"}"#).code == "invalidRequest")
    }

    @Test("a secret echoed by the server never reaches the error")
    func redaction() {
        let key = "sk-test-SECRET-1234567890"
        let error = map(401, #"{"error":{"message":"Incorrect API key provided: \#(key)"}}"#, secrets: [key])
        #expect(!"\(error)".contains(key))
        #expect(!String(reflecting: error).contains(key))
    }

    @Test("plain http is refused for remote hosts unless allowed; loopback and https pass")
    func endpointPolicy() throws {
        #expect(throws: GenUIError.self) {
            try EndpointPolicy.check(URL(string: "http://example.com/v1")!, allowInsecure: false, provider: "p")
        }
        try EndpointPolicy.check(URL(string: "http://example.com/v1")!, allowInsecure: true, provider: "p")
        try EndpointPolicy.check(URL(string: "https://example.com/v1")!, allowInsecure: false, provider: "p")
        try EndpointPolicy.check(URL(string: "http://127.0.0.1:8080")!, allowInsecure: false, provider: "p")
        try EndpointPolicy.check(URL(string: "http://localhost:11434")!, allowInsecure: false, provider: "p")
        try EndpointPolicy.check(URL(string: "http://[::1]:11434")!, allowInsecure: false, provider: "p")
        #expect(throws: GenUIError.self) {
            try EndpointPolicy.check(URL(string: "ftp://127.0.0.1/")!, allowInsecure: true, provider: "p")
        }
    }

    @Test("secrets are masked before the cut: a key straddling 500, 200 or 120 characters leaves no piece of 4 or more")
    func redactBeforeCutting() {
        let key = "sk-STRADDLE-0123456789abcdefghijklmnop"
        for limit in [500, 200, 120] {
            for offset in [limit - 30, limit - 5, limit - 1, limit - 4, limit - 3] {
                let text = String(repeating: "x", count: offset) + key + String(repeating: "y", count: 100)
                let cleaned = Redaction.clean(text, secrets: [key], limit: limit)
                #expect(cleaned.count <= limit, "limit \(limit) offset \(offset)")
                for start in 0...(key.count - 4) {
                    let piece = String(Array(key)[start..<(start + 4)])
                    #expect(
                        !cleaned.contains(piece) || "xy[redacted]…".contains(piece),
                        "limit \(limit) offset \(offset): \(piece)")
                }
            }
        }
        // Through the mapping: a plain-text 401 body with the key at offset 470.
        let body = String(repeating: "x", count: 470) + key + " rejected"
        let error = map(401, body, secrets: [key])
        #expect(!error.context.debugDescription.contains(String(key.prefix(8))))
        #expect(error.context.debugDescription.contains("[redacted]"))
    }

    @Test(
        "a piece of a secret at the start of a text (a server's own cut) or at its end is masked; the marker is never split"
    )
    func redactPiecesAtTheEdges() {
        let key = "sk-EDGE-abcdefghijklmnopqrstuvwxyz"
        #expect(Redaction.clean("mnopqrstuvwxyz was the key", secrets: [key]) == "[redacted] was the key")
        #expect(Redaction.clean("the key was sk-EDGE-abc", secrets: [key]) == "the key was [redacted]")
        // Short coincidences (under 4 characters) are left alone.
        #expect(Redaction.clean("yz and sk-", secrets: [key]) == "yz and sk-")
        let masked = Redaction.clean(String(repeating: "a", count: 15) + key + "tail", secrets: [key], limit: 20)
        #expect(masked == String(repeating: "a", count: 15) + "…")
        #expect(masked.count <= 20)
    }

    @Test("waits no integer can hold are clamped to one day; NaN, negative and non-numbers are no wait")
    func retryAfterClamps() {
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        #expect(RetryAfter.parse(["retry-after": "1e16"], now: now) == RetryAfter.maximum)
        #expect(RetryAfter.parse(["retry-after-ms": "1e19"], now: now) == RetryAfter.maximum)
        #expect(RetryAfter.parse(["retry-after": "86400"], now: now) == .seconds(86_400))
        #expect(RetryAfter.parse(["retry-after": "Fri, 31 Dec 9999 23:59:59 GMT"], now: now) == RetryAfter.maximum)
        #expect(RetryAfter.parse(["retry-after": "Mon, 01 Jan 0001 00:00:00 GMT"], now: now) == .zero)
        for value in ["nan", "-1", "inf", "-inf", "0x10", "١٢", "1e", ""] {
            #expect(RetryAfter.parse(["retry-after": value], now: now) == nil, "\(value)")
        }
        // An unreadable retry-after-ms falls back to retry-after.
        #expect(RetryAfter.parse(["retry-after-ms": "nan", "retry-after": "2"], now: now) == .seconds(2))
        #expect(RetryAfter.protobufDuration("1e30s") == RetryAfter.maximum)
        #expect(RetryAfter.protobufDuration("nans") == nil)
        #expect(RetryAfter.protobufDuration("0.5s") == .milliseconds(500))
        #expect(ExternalNumber.count("99999999999999999999999", maximum: 1000) == 1000)
        #expect(ExternalNumber.integer(.infinity) == Int64.max)
        #expect(ExternalNumber.integer(-.infinity, in: -5...5) == -5)
        #expect(ExternalNumber.integer(.nan) == nil)
    }
}
