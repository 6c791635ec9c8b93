/// Turning a model's text into content a caller can trust.
public enum OutputDecoding {
    /// Parses guided output strictly and validates it against `schema`. Any failure is a decoding failure
    /// attributed to `provider`: guided output that does not validate is an invalid-output error, never a silently
    /// wrong value.
    public static func decodeGuided(_ text: String, schema: GenerationSchema, provider: String) throws(GenUIError)
        -> GeneratedContent
    {
        do {
            let content = try JSONParser.parse(text)
            try schema.validate(content)
            return content
        } catch {
            throw error.attributed(to: provider)
        }
    }

    /// Validates `response`'s content against `schema` unless its provider already did
    /// (``ResponseMetadata/validatedSchema``), and records that it did; a violation is a decoding failure
    /// attributed to the response's provider.
    public static func validate(_ response: inout GenerationResponse, against schema: GenerationSchema)
        throws(GenUIError)
    {
        guard response.metadata.validatedSchema != schema else { return }
        do {
            try schema.validate(response.content)
        } catch {
            throw error.attributed(to: response.metadata.provider)
        }
        response.metadata.validatedSchema = schema
    }
}
