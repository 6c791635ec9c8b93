import Foundation
import GenUI

/// Pieces every HTTP provider shares: reading API keys, building JSON bodies, finishing responses with validation,
/// and running a streamed generation with errors attributed to the provider.
public enum ProviderSupport {
    /// The value of the environment variable `name`, read now (keys can change between requests); `nil` when unset
    /// or empty. The value is a secret: callers keep it out of errors, logs and descriptions.
    public static func environmentValue(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }

    /// Turns the model's final text into a response. With a schema the text is parsed and validated
    /// (``OutputDecoding/decodeGuided(_:schema:provider:)``) whatever the backend promised; a violation is a
    /// ``LanguageModelError/decodingFailure(path:details:_:)`` the chain can fall back on.
    public static func response(
        text: String, schema: GenerationSchema?, provider: String, model: String?, usage: TokenUsage,
        timings: GenerationTimings?, finishReason: FinishReason?, guided: Bool
    ) throws(LanguageModelError) -> GenerationResponse {
        let content: GeneratedContent
        if let schema {
            do {
                content = try OutputDecoding.decodeGuided(text, schema: schema, provider: provider)
            } catch {
                if finishReason == .length {
                    var truncated = error
                    truncated.context.debugDescription += " (the output was cut off at the token limit)"
                    throw truncated
                }
                throw error
            }
        } else {
            content = GeneratedContent(kind: .string(text))
        }
        return GenerationResponse(
            content: content, text: text,
            metadata: ResponseMetadata(
                provider: provider, model: model, usage: usage, timings: timings, guided: guided && schema != nil,
                finishReason: finishReason))
    }

    /// Maps any error thrown while generating to what a provider reports: cancellation stays `CancellationError`,
    /// ``LanguageModelError``s are attributed to `provider`, anything else becomes a transport error.
    public static func attribute(_ error: any Error, to provider: String) -> any Error {
        if error is CancellationError { return error }
        if let error = error as? LanguageModelError { return error.attributed(to: provider) }
        return LanguageModelError.transport(
            .other(detail: "\(type(of: error))"), .init(provider: provider, debugDescription: "\(error)"))
    }

    /// A stream driven by `body`, which yields events through the continuation it gets; errors are attributed to
    /// `provider`, and ending the stream early cancels `body` (and with it the HTTP transfer).
    public static func stream(
        provider: String,
        _ body: @escaping @Sendable (AsyncThrowingStream<GenerationEvent, any Error>.Continuation) async throws -> Void
    ) -> AsyncThrowingStream<GenerationEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await body(continuation)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: attribute(error, to: provider))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The usage and timings of a streamed response, when the stream ends without a `.completed` event.
    public static func completedResponse(
        from stream: AsyncThrowingStream<GenerationEvent, any Error>
    ) async throws -> GenerationResponse {
        for try await event in stream {
            if case .completed(let response) = event { return response }
        }
        throw LanguageModelError.transport(
            .connectionLost(detail: "stream ended early"), .init(debugDescription: "the stream ended without completing"))
    }

    /// A name for a schema that fits the `[a-zA-Z0-9_-]{1,64}` rule providers impose on schema and tool names.
    public static func schemaName(_ schema: GenerationSchema) -> String {
        let allowed = schema.name.unicodeScalars.map { scalar -> Character in
            (scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "-"))
                ? Character(scalar) : "_"
        }
        let name = String(String(allowed).prefix(64))
        return name.isEmpty ? "response" : name
    }
}

/// Building JSON request bodies as ``GeneratedContent``.
extension GeneratedContent {
    /// An object of the pairs whose value is not `nil`, in order.
    public static func object(_ pairs: [(String, GeneratedContent?)]) -> GeneratedContent {
        GeneratedContent(orderedProperties: pairs.compactMap { key, value in value.map { (key, $0) } })
    }

    /// A JSON string.
    public static func string(_ text: String) -> GeneratedContent { GeneratedContent(kind: .string(text)) }

    /// A JSON number.
    public static func number(_ value: Double) -> GeneratedContent { GeneratedContent(kind: .number(value)) }

    /// A JSON integer.
    public static func integer(_ value: Int) -> GeneratedContent { GeneratedContent(kind: .number(Double(value))) }

    /// A JSON boolean.
    public static func bool(_ value: Bool) -> GeneratedContent { GeneratedContent(kind: .bool(value)) }

    /// A JSON array.
    public static func array(_ elements: [GeneratedContent]) -> GeneratedContent { GeneratedContent(kind: .array(elements)) }
}
