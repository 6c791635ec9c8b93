import Foundation
@_spi(Reading) import GenUI
import GenUITesting

/// The fake's count for a `/v1/messages/count_tokens` body: the words of `system`, three per message plus its words,
/// and 25 for a schema (`output_config` or `tools`). A deterministic stand-in for a tokenizer.
public func fakeAnthropicCount(_ body: GeneratedContent) -> Int {
    func words(_ content: GeneratedContent?) -> Int {
        if let text = content?.stringValue { return text.split(whereSeparator: \.isWhitespace).count }
        return (content?.elements ?? []).reduce(0) { $0 + words($1["text"]) }
    }
    var total = words(body["system"])
    for message in body["messages"]?.elements ?? [] { total += 3 + words(message["content"]) }
    if body["output_config"] != nil || body["tools"] != nil { total += 25 }
    return total
}

/// Checks a count_tokens request the way the API does: the headers, a JSON object with only the fields the endpoint
/// takes, a model, messages with user/assistant roles and text content, a string or text-block system. Returns the
/// API's error body, or `nil` when the request is well formed.
private func countTokensProblem(_ request: LoopbackRequest, key: String?) -> (status: Int, message: String)? {
    if let key, request.header("x-api-key") != key { return (401, "invalid x-api-key") }
    guard request.method == "POST" else { return (405, "Method not allowed") }
    guard request.header("anthropic-version") == "2023-06-01" else {
        return (400, "anthropic-version: header is required")
    }
    guard request.header("content-type")?.hasPrefix("application/json") == true else {
        return (400, "content-type must be application/json")
    }
    guard let body = request.json, let fields = body.orderedProperties else {
        return (400, "The request body is not valid JSON.")
    }
    let allowed: Set<String> = [
        "model", "messages", "system", "tools", "tool_choice", "output_config", "thinking", "cache_control",
    ]
    if let extra = fields.first(where: { !allowed.contains($0.key) }) {
        return (400, "\(extra.key): Extra inputs are not permitted")
    }
    guard body["model"]?.stringValue?.isEmpty == false else { return (400, "model: Field required") }
    guard let messages = body["messages"]?.elements else { return (400, "messages: Field required") }
    for (index, message) in messages.enumerated() {
        guard ["user", "assistant"].contains(message["role"]?.stringValue ?? "") else {
            return (400, "messages.\(index).role: Input should be 'user' or 'assistant'")
        }
        guard message["content"]?.stringValue != nil || message["content"]?.elements != nil else {
            return (400, "messages.\(index).content: Field required")
        }
    }
    if let system = body["system"], system.stringValue == nil, system.elements == nil {
        return (400, "system: Input should be a valid string or list of text blocks")
    }
    if body["tool_choice"] != nil && body["tools"] == nil { return (400, "tool_choice may only be given with tools") }
    return nil
}

/// Answers like the Messages API (shared by the Anthropic and the direct-use tests): `GET /v1/models`;
/// `/v1/messages/count_tokens` validated and counted with ``fakeAnthropicCount(_:)``; a guided answer through
/// output_config, a tool_use block when a tool is forced.
public func anthropicFake(
    rejectOutputConfig: Bool = false, answer: String = #"{"answer":"yes"}"#, key: String? = nil
) throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer { request, connection in
        if request.method == "GET" && request.path == "/v1/models" {
            connection.respond(
                json:
                    #"{"data":[{"type":"model","id":"claude-test","display_name":"Claude Test","created_at":"2025-01-01T00:00:00Z"}],"has_more":false,"first_id":"claude-test","last_id":"claude-test"}"#
            )
            return
        }
        if request.path == "/v1/messages/count_tokens" {
            if let problem = countTokensProblem(request, key: key) {
                let type = problem.status == 401 ? "authentication_error" : "invalid_request_error"
                connection.respond(
                    status: problem.status,
                    json:
                        #"{"type":"error","error":{"type":"\#(type)","message":"\#(problem.message)"},"request_id":"req_c"}"#
                )
            } else if rejectOutputConfig && request.json?["output_config"] != nil {
                connection.respond(
                    status: 400,
                    json:
                        #"{"type":"error","error":{"type":"invalid_request_error","message":"output_config: Extra inputs are not permitted"},"request_id":"req_c"}"#
                )
            } else if let body = request.json {
                connection.respond(json: #"{"input_tokens":\#(fakeAnthropicCount(body))}"#)
            }
            return
        }
        guard request.path == "/v1/messages", let body = request.json else {
            connection.respond(
                status: 404, json: #"{"type":"error","error":{"type":"not_found_error","message":"Not found"}}"#)
            return
        }
        if rejectOutputConfig && body["output_config"] != nil {
            connection.respond(
                status: 400,
                json:
                    #"{"type":"error","error":{"type":"invalid_request_error","message":"output_config: Extra inputs are not permitted"},"request_id":"req_1"}"#
            )
            return
        }
        let usage = #""usage":{"input_tokens":12,"output_tokens":5}"#
        if body["stream"]?.boolValue == true {
            connection.startStream(contentType: "text/event-stream")
            connection.send(
                "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-test\",\"content\":[],\"stop_reason\":null,\"usage\":{\"input_tokens\":12,\"output_tokens\":1}}}\n\n"
            )
            connection.send(
                "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n"
            )
            connection.send("event: ping\ndata: {\"type\": \"ping\"}\n\n")
            let half = answer.index(answer.startIndex, offsetBy: answer.count / 2)
            for piece in [String(answer[..<half]), String(answer[half...])] {
                let escaped = piece.replacingOccurrences(of: "\"", with: "\\\"")
                connection.send(
                    "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"\(escaped)\"}}\n\n"
                )
            }
            connection.send("event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n")
            connection.send(
                "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":5}}\n\n"
            )
            connection.send("event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n")
            connection.endStream()
        } else if let tool = body["tool_choice"]?["name"]?.stringValue {
            connection.respond(
                status: 200,
                json:
                    #"{"id":"msg_2","type":"message","role":"assistant","model":"claude-test","content":[{"type":"tool_use","id":"toolu_1","name":"\#(tool)","input":\#(answer)}],"stop_reason":"tool_use","stop_sequence":null,\#(usage)}"#
            )
        } else {
            let escaped = answer.replacingOccurrences(of: "\"", with: "\\\"")
            connection.respond(
                status: 200,
                json:
                    #"{"id":"msg_3","type":"message","role":"assistant","model":"claude-test","content":[{"type":"text","text":"\#(escaped)"}],"stop_reason":"end_turn","stop_sequence":null,\#(usage)}"#
            )
        }
    }
}
