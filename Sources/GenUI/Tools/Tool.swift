/// Something a model can call to get facts it does not have: Foundation Models' `Tool`.
///
/// A tool has a name, a description the model reads to decide when to call it, and typed arguments the model
/// generates following ``parameters``. A session with tools
/// (``LanguageModelSession/init(model:tools:maximumToolRounds:instructions:logger:)``) lets the model ask for calls,
/// checks the arguments against the schema, runs the calls and gives the model their output, until the model answers.
///
/// ```swift
/// struct WeatherTool: Tool {
///     let description = "The current temperature in a city."
///
///     @Generable
///     struct Arguments {
///         @Guide(description: "The city's name")
///         var city: String
///     }
///
///     func call(arguments: Arguments) async throws -> String {
///         "It is 21 °C in \(arguments.city)."
///     }
/// }
/// ```
///
/// A tool may be called several times at once, also concurrently with itself, when the model asks for several calls
/// in one turn: keep ``call(arguments:)`` safe for that.
public protocol Tool<Arguments, Output>: Sendable {
    /// What the model generates to call the tool. With `@Generable`, ``parameters`` comes for free.
    associatedtype Arguments: ConvertibleFromGeneratedContent
    /// What the tool returns: text, a ``Prompt``, ``GeneratedContent`` or any ``PromptRepresentable`` value. The model
    /// reads it as the call's output.
    associatedtype Output: PromptRepresentable

    /// The name the model calls the tool by: letters, digits, `_` and `-` (providers require it). Defaults to the
    /// type's name.
    var name: String { get }

    /// What the tool does, in a sentence the model reads to decide when to call it.
    var description: String { get }

    /// The schema the arguments follow. Defaults to `Arguments.generationSchema` when `Arguments` is ``Generable``.
    var parameters: GenerationSchema { get }

    /// Whether the session describes the arguments' schema in the instructions, besides the provider's own tool
    /// declaration. Defaults to `true`, as in Foundation Models; set it to `false` to save tokens when the provider's
    /// native tool declaration is enough.
    var includesSchemaInInstructions: Bool { get }

    /// Runs the tool. Errors it throws reach the caller of the session's `respond` as
    /// ``LanguageModelSession/ToolCallError``; cancellation of the request cancels the call.
    func call(arguments: Arguments) async throws -> Output
}

extension Tool {
    /// The type's name, with any characters providers reject replaced by `_`.
    public var name: String { GenerationRequest.ToolDefinition.sanitizedName(String(describing: Self.self)) }

    /// `true`: the arguments' schema is described in the instructions.
    public var includesSchemaInInstructions: Bool { true }
}

extension Tool where Arguments: Generable {
    /// The arguments' own schema.
    public var parameters: GenerationSchema { Arguments.generationSchema }
}

extension Tool {
    /// What a provider is told about this tool.
    public var definition: GenerationRequest.ToolDefinition {
        GenerationRequest.ToolDefinition(
            name: name, description: description, parameters: parameters,
            includesSchemaInInstructions: includesSchemaInInstructions)
    }

    /// Decodes `arguments` (already checked against ``parameters``) and runs the tool, returning its output as the
    /// text the model reads. Used by the session on a tool it only knows as `any Tool`.
    func invoke(with arguments: GeneratedContent) async throws -> ToolInvocationResult {
        let decoded: Arguments
        do {
            decoded = try Arguments(arguments)
        } catch let error as GenUIError {
            return .argumentsRejected(error)
        }
        let output = try await call(arguments: decoded)
        return .output(output.promptRepresentation.segments)
    }
}

/// What running a tool on generated arguments came to.
enum ToolInvocationResult: Sendable {
    /// The arguments passed the schema but `Arguments` could not be built from them.
    case argumentsRejected(GenUIError)
    /// The tool ran and returned this text.
    case output([Transcript.Segment])
}
