import Foundation
import GenUI

/// Pieces every HTTP provider shares: reading API keys, finishing responses with validation, and attributing errors to
/// the provider.
public enum ProviderSupport {
    /// The value of the environment variable `name`, read now (keys can change between requests); `nil` when unset
    /// or empty. The value is a secret: callers keep it out of errors, logs and descriptions.
    public static func environmentValue(_ name: String) -> String? {
        ProviderEnvironment.process.value(name)
    }

    /// Turns the model's final text into a response. With a schema the text is parsed and validated
    /// (``OutputDecoding/decodeGuided(_:schema:provider:)``) whatever the backend promised; a violation is a
    /// ``GenUIError/decodingFailure(path:details:_:)`` the chain can fall back on.
    public static func response(
        text: String, schema: GenerationSchema?, provider: String, model: String?, usage: TokenUsage,
        timings: GenerationTimings?, finishReason: FinishReason?, guided: Bool
    ) throws(GenUIError) -> GenerationResponse {
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
        var metadata = ResponseMetadata(
            provider: provider, model: model, usage: usage, timings: timings, guided: guided && schema != nil,
            finishReason: finishReason)
        metadata.validatedSchema = schema
        return GenerationResponse(content: content, text: text, metadata: metadata)
    }

    /// Maps any error thrown while generating to what a provider reports: cancellation stays `CancellationError`,
    /// ``GenUIError``s are attributed to `provider`, anything else becomes a transport error.
    /// Every string in `secrets` is masked in the error's texts.
    public static func attribute(_ error: any Error, to provider: String, redacting secrets: [String] = []) -> any Error
    {
        if error is CancellationError { return error }
        if let error = error as? GenUIError { return error.attributed(to: provider).redacting(secrets) }
        return GenUIError.transport(
            .other(detail: "\(type(of: error))"),
            .init(provider: provider, debugDescription: HTTPErrorMapping.redact("\(error)", secrets: secrets)))
    }

    /// The usage and timings of a streamed response, when the stream ends without a `.completed` event.
    public static func completedResponse(
        from stream: AsyncThrowingStream<GenerationEvent, any Error>
    ) async throws -> GenerationResponse {
        for try await event in stream {
            if case .completed(let response) = event { return response }
        }
        throw GenUIError.transport(
            .connectionLost(detail: "stream ended early"),
            .init(debugDescription: "the stream ended without completing"))
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

extension GenUIError {
    /// The same error with every string in `secrets` masked in its description and texts.
    public func redacting(_ secrets: [String]) -> GenUIError {
        guard !secrets.isEmpty else { return self }
        func clean(_ text: String) -> String { HTTPErrorMapping.redact(text, secrets: secrets) }
        var copy = self
        copy.context.debugDescription = clean(context.debugDescription)
        switch copy {
        case .decodingFailure(let path, let details, let context):
            copy = .decodingFailure(path: path, details: clean(details), context)
        case .unavailable(.modelNotReady(let progress, let detail), let context):
            copy = .unavailable(.modelNotReady(progress: progress, detail: detail.map(clean)), context)
        case .transport(let failure, let context):
            let cleaned: TransportFailure =
                switch failure {
                case .tlsFailure(let detail): .tlsFailure(detail: clean(detail))
                case .connectionLost(let detail): .connectionLost(detail: clean(detail))
                case .other(let detail): .other(detail: clean(detail))
                default: failure
                }
            copy = .transport(cleaned, context)
        default: break
        }
        return copy
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
    public static func array(_ elements: [GeneratedContent]) -> GeneratedContent {
        GeneratedContent(kind: .array(elements))
    }
}
