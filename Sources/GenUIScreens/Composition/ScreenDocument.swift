import GenUI

/// Reading and writing screens as JSON documents (the encoding `genui generate --format json` writes).
public enum ScreenDocument {
    /// The screen as JSON, object keys in schema order, with a trailing newline.
    public static func json(_ screen: UIScreen) -> String {
        screen.generatedContent.jsonString + "\n"
    }

    /// Parses and checks a saved screen: JSON syntax, then the schema, then ``ScreenValidator``. Every failure is a
    /// ``ScreenValidationError`` whose issues name their path.
    public static func read(json text: String, limits: ScreenLimits = .standard) throws(ScreenValidationError) -> UIScreen {
        let content: GeneratedContent
        do {
            content = try JSONParser.parse(text)
        } catch {
            let details: String
            if case .decodingFailure(_, let message, _) = error { details = message } else { details = "\(error)" }
            var issue = ScreenIssue(
                path: "", code: .schema, message: "not valid JSON: \(details)", key: "screen.issue.notJSON",
                arguments: ["detail": .text(details)])
            issue.detail = error.context.underlying(DecodingDetail.self)
            throw ScreenValidationError(issues: [issue])
        }
        return try read(content: content, limits: limits)
    }

    /// Checks parsed content: the schema, then ``ScreenValidator``.
    public static func read(content: GeneratedContent, limits: ScreenLimits = .standard) throws(ScreenValidationError) -> UIScreen {
        if let violation = UIScreen.generationSchema.firstViolation(in: content) {
            throw ScreenValidationError(issues: [ScreenIssue(
                path: ScreenPath.fromPointer(violation.path), code: .schema, message: violation.message, detail: violation.detail)])
        }
        let screen: UIScreen
        do {
            screen = try UIScreen(content)
        } catch let error as LanguageModelError {
            if case .decodingFailure(let path, let details, let context) = error {
                throw ScreenValidationError(issues: [ScreenIssue(
                    path: ScreenPath.fromPointer(path), code: .schema, message: details,
                    detail: context.underlying(DecodingDetail.self))])
            }
            throw ScreenValidationError(issues: [ScreenIssue(path: "", code: .schema, message: error.description)])
        } catch {
            throw ScreenValidationError(issues: [ScreenIssue(path: "", code: .schema, message: "\(error)")])
        }
        try ScreenValidator(limits: limits).validate(screen)
        return screen
    }
}
