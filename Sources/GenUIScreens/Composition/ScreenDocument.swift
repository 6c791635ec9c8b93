@_spi(Reading) import GenUI

/// Reading and writing screens as JSON documents (the encoding `genui generate --format json` writes).
public enum ScreenDocument {
    /// The screen as JSON, object keys in schema order, with a trailing newline. With `placeholders` (the JSON
    /// pointers of values an app fills in, ``ComposedScreen/placeholders``), the document lists them under
    /// ``placeholdersKey`` after the sections.
    public static func json(_ screen: UIScreen, placeholders: [String] = []) -> String {
        var content = screen.generatedContent
        if !placeholders.isEmpty, var properties = content.orderedProperties {
            let pointers = placeholders.map { GeneratedContent(kind: .string($0)) }
            properties.append((placeholdersKey, GeneratedContent(kind: .array(pointers))))
            content = GeneratedContent(orderedProperties: properties.map { ($0.key, $0.value) })
        }
        return content.jsonString + "\n"
    }

    /// The property that lists a screen's placeholders: JSON pointers (`/sections/0/components/1/value`) of the values
    /// shown as placeholders ("—", "HH:MM") for an app to fill in.
    public static let placeholdersKey = "placeholders"

    /// The placeholders a screen's JSON lists (``placeholdersKey``); empty when it lists none or is not JSON.
    public static func placeholders(json text: String) -> [String] {
        guard let content = try? JSONParser.parse(text), let list = content[placeholdersKey],
            case .array(let items) = list.kind
        else { return [] }
        return items.compactMap(\.stringValue)
    }

    /// Parses and checks a saved screen: JSON syntax, then the schema, then ``ScreenValidator``. Every failure is a
    /// ``ScreenValidationError`` whose issues name their path.
    public static func read(json text: String, limits: ScreenLimits = .standard) throws(ScreenValidationError)
        -> UIScreen
    {
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

    /// Checks parsed content: the schema, then ``ScreenValidator``. A ``placeholdersKey`` list beside the screen is
    /// set aside.
    public static func read(content: GeneratedContent, limits: ScreenLimits = .standard) throws(ScreenValidationError)
        -> UIScreen
    {
        var content = content
        if let properties = content.orderedProperties, properties.contains(where: { $0.key == placeholdersKey }) {
            content = GeneratedContent(
                orderedProperties: properties.filter { $0.key != placeholdersKey }.map { ($0.key, $0.value) })
        }
        if let violation = UIScreen.generationSchema.firstViolation(in: content) {
            throw ScreenValidationError(issues: [
                ScreenIssue(
                    path: ScreenPath.fromPointer(violation.path), code: .schema, message: violation.message,
                    detail: violation.detail)
            ])
        }
        let screen: UIScreen
        do {
            screen = try UIScreen(content)
        } catch let error as GenUIError {
            if case .decodingFailure(let path, let details, let context) = error {
                throw ScreenValidationError(issues: [
                    ScreenIssue(
                        path: ScreenPath.fromPointer(path), code: .schema, message: details,
                        detail: context.underlying(DecodingDetail.self))
                ])
            }
            throw ScreenValidationError(issues: [ScreenIssue(path: "", code: .schema, message: error.description)])
        } catch {
            throw ScreenValidationError(issues: [ScreenIssue(path: "", code: .schema, message: "\(error)")])
        }
        try ScreenValidator(limits: limits).validate(screen)
        return screen
    }
}
