@_spi(Reading) import GenUI
import GenUIHTTP

/// One entry of a request's `tools`: `{functionDeclarations: [{name, description, parametersJsonSchema}]}`.
struct FunctionDeclarations: Encodable {
    /// A function the model may call: its name on the wire, what it does, and its arguments' JSON Schema.
    struct Declaration: Encodable {
        var name: String
        var description: String
        var parametersJsonSchema: JSONValueCoding
    }

    var functionDeclarations: [Declaration]

    /// The `tools` and `toolConfig` of a request: the user's tools' declarations, plus the answer function with mode
    /// `ANY` when the plan has one; both `nil` when there is nothing to declare.
    static func fields(for request: GenerationRequest, plan: GeminiToolPlan) -> (
        tools: [FunctionDeclarations]?, config: ToolConfig?
    ) {
        var declarations = plan.tools.map { tool in
            Declaration(
                name: GeminiWire.functionName(tool.name), description: tool.description,
                parametersJsonSchema: JSONValueCoding(tool.parameters.jsonSchema(strict: false)))
        }
        var config: ToolConfig?
        if let answer = plan.answerFunctionName, let schema = request.schema {
            declarations.append(
                Declaration(
                    name: answer,
                    description:
                        "Record the final answer, once you need no other function. The arguments must follow the schema exactly.",
                    parametersJsonSchema: JSONValueCoding(schema.jsonSchema(strict: false))))
            config = ToolConfig(functionCallingConfig: .init(mode: "ANY"))
        }
        if config == nil, request.requiresToolCall { config = ToolConfig(functionCallingConfig: .init(mode: "ANY")) }
        if config == nil, request.forbidsToolCalls { config = ToolConfig(functionCallingConfig: .init(mode: "NONE")) }
        guard !declarations.isEmpty else { return (nil, nil) }
        return ([FunctionDeclarations(functionDeclarations: declarations)], config)
    }
}

/// `toolConfig`: `{functionCallingConfig: {mode}}` (`AUTO`, `ANY` or `NONE`).
struct ToolConfig: Encodable {
    /// How the model may call functions.
    struct FunctionCallingConfig: Encodable {
        var mode: String
    }

    var functionCallingConfig: FunctionCallingConfig
}
