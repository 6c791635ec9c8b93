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
}
