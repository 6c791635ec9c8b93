import Foundation
@_spi(Reading) import GenUI
import GenUITesting

/// The fake's count for a `:countTokens` body: two per content plus the words of its text parts, the words of the
/// system instruction, and 25 for a response schema. A deterministic stand-in for a tokenizer.
public func fakeGeminiCount(_ body: GeneratedContent) -> Int {
    func words(_ content: GeneratedContent?) -> Int {
        (content?["parts"]?.elements ?? []).reduce(0) {
            $0 + ($1["text"]?.stringValue ?? "").split(whereSeparator: \.isWhitespace).count
        }
    }
    let request = body["generateContentRequest"] ?? body
    var total = words(request["systemInstruction"])
    for content in request["contents"]?.elements ?? [] { total += 2 + words(content) }
    if request["generationConfig"]?["responseJsonSchema"] != nil { total += 25 }
    return total
}

/// Checks a `:countTokens` body the way the API does: a JSON object holding either `contents` or a
/// `generateContentRequest` (never both) that names this model, contents of `user`/`model` turns made of text parts.
/// Returns the API's error message, or `nil` when the request is well formed.
private func countTokensProblem(_ request: LoopbackRequest, model: String) -> String? {
    guard request.header("content-type")?.hasPrefix("application/json") == true else { return "Invalid content type" }
    guard let body = request.json, let fields = body.orderedProperties else { return "Invalid JSON payload received." }
    func unknown(_ fields: [(key: String, value: GeneratedContent)], _ allowed: Set<String>) -> String? {
        fields.first { !allowed.contains($0.key) }.map {
            "Invalid JSON payload received. Unknown name \"\($0.key)\": Cannot find field."
        }
    }
    if let problem = unknown(fields, ["contents", "generateContentRequest"]) { return problem }
    if body["contents"] != nil && body["generateContentRequest"] != nil {
        return "contents and generateContentRequest are mutually exclusive"
    }
    var contents = body["contents"]
    if let inner = body["generateContentRequest"] {
        guard let innerFields = inner.orderedProperties else { return "generateContentRequest must be an object" }
        let allowed: Set<String> = [
            "model", "contents", "systemInstruction", "tools", "toolConfig", "safetySettings", "generationConfig",
            "cachedContent",
        ]
        if let problem = unknown(innerFields, allowed) { return problem }
        guard inner["model"]?.stringValue == model else { return "generateContentRequest.model must be \(model)" }
        if let system = inner["systemInstruction"], system["parts"]?.elements == nil {
            return "systemInstruction.parts is required"
        }
        contents = inner["contents"]
    }
    guard let turns = contents?.elements, !turns.isEmpty else { return "contents is not specified" }
    for turn in turns {
        if let role = turn["role"]?.stringValue, !["user", "model"].contains(role) {
            return "Please use a valid role: user, model."
        }
        guard let parts = turn["parts"]?.elements, !parts.isEmpty else { return "contents.parts must not be empty" }
        if parts.contains(where: { $0["text"]?.stringValue == nil }) {
            return "Unsupported part: only text parts are counted here"
        }
    }
    return nil
}

/// A protocol-faithful Generative Language API: model lookup (with `inputTokenLimit`, left out when `nil`),
/// countTokens (validated, counted with ``fakeGeminiCount(_:)``), generateContent, streamGenerateContent?alt=sse,
/// with the fault a test asks for.
public func geminiFake(
    key: String, fault: String? = nil, answer: String = #"{"answer":"no"}"#, inputTokenLimit: Int? = 1_048_576
) throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer { request, connection in
        guard request.header("x-goog-api-key") == key else {
            connection.respond(
                status: 400,
                json:
                    #"{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID","domain":"googleapis.com"}]}}"#
            )
            return
        }
        let model = "/v1beta/models/gemini-test"
        if request.method == "GET" {
            if request.path == model {
                let limit = inputTokenLimit.map { #""inputTokenLimit":\#($0),"# } ?? ""
                connection.respond(
                    json:
                        #"{"name":"models/gemini-test","version":"001","displayName":"Gemini Test",\#(limit)"outputTokenLimit":65536,"supportedGenerationMethods":["generateContent","countTokens"]}"#
                )
            } else {
                connection.respond(
                    status: 404,
                    json:
                        #"{"error":{"code":404,"message":"models/x is not found for API version v1beta","status":"NOT_FOUND"}}"#
                )
            }
            return
        }
        switch fault {
        case "429":
            connection.respond(
                status: 429,
                json:
                    #"{"error":{"code":429,"message":"You exceeded your current quota.","status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"13s"}]}}"#
            )
            return
        case "500":
            connection.respond(
                status: 500,
                json: #"{"error":{"code":500,"message":"An internal error has occurred.","status":"INTERNAL"}}"#)
            return
        case "blocked":
            connection.respond(
                json:
                    #"{"promptFeedback":{"blockReason":"SAFETY"},"usageMetadata":{"promptTokenCount":4,"totalTokenCount":4}}"#
            )
            return
        case "stall":
            connection.stall(for: .seconds(60))
            return
        default: break
        }
        if request.path == model + ":countTokens" {
            if let problem = countTokensProblem(request, model: "models/gemini-test") {
                connection.respond(
                    status: 400,
                    json: #"{"error":{"code":400,"message":\#(JSONWriter.quote(problem)),"status":"INVALID_ARGUMENT"}}"#
                )
            } else if let body = request.json {
                // proto3 JSON leaves out a field at its default: a count of zero is an empty object.
                let total = fakeGeminiCount(body)
                connection.respond(json: total == 0 ? "{}" : #"{"totalTokens":\#(total)}"#)
            }
            return
        }
        let usage =
            #""usageMetadata":{"promptTokenCount":8,"candidatesTokenCount":6,"totalTokenCount":14},"modelVersion":"gemini-test-001""#
        if request.path == model + ":generateContent" {
            connection.respond(
                json:
                    #"{"candidates":[{"content":{"parts":[{"text":\#(JSONWriter.quote(answer))}],"role":"model"},"finishReason":"STOP","index":0}],\#(usage)}"#
            )
        } else if request.path == model + ":streamGenerateContent", request.query == "alt=sse" {
            connection.startStream(contentType: "text/event-stream")
            let middle = answer.index(answer.startIndex, offsetBy: answer.count / 2)
            connection.send(
                "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\(JSONWriter.quote(String(answer[..<middle])))}],\"role\":\"model\"},\"index\":0}],\(usage)}\r\n\r\n"
            )
            if fault == "cut" {
                connection.send("data: {\"candidates\":[{\"content\":{\"par")
                connection.abort()
                return
            }
            connection.send(
                "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\(JSONWriter.quote(String(answer[middle...])))}],\"role\":\"model\"},\"finishReason\":\"STOP\",\"index\":0}],\(usage)}\r\n\r\n"
            )
            connection.endStream()
        } else {
            connection.respond(
                status: 404, json: #"{"error":{"code":404,"message":"models/x is not found","status":"NOT_FOUND"}}"#)
        }
    }
}
