import Foundation

extension ProviderRegistry {
    /// The URL of a `base_url` setting (validated when the file was parsed).
    static func url(_ text: String, _ settings: ProviderSettings) throws -> URL {
        guard let url = URL(string: text), url.scheme != nil else {
            throw InvalidBaseURL(settings: settings, text: text)
        }
        return url
    }
}

/// A `base_url` that is not a URL (the parser rejects these; this guards programmatic settings).
struct InvalidBaseURL: Error, CustomStringConvertible {
    let settings: ProviderSettings
    let text: String
    var description: String { "base_url '\(DisplayURL.masked(text))' of provider \(settings.name) is not a URL" }
}
