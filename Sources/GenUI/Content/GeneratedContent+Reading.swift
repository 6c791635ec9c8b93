import Foundation

/// Loose reading of content whose shape is not known in advance: a server's JSON, a screen still streaming.
///
/// These are genui's own readers, not Foundation Models API, so they are not part of `GeneratedContent`'s public
/// surface: app code that compiles against genui also compiles against Apple's framework. genui's modules (and code
/// that accepts the dependency) reach them with `@_spi(Reading) import GenUI`.
extension GeneratedContent {
    /// The property `key` of an object, or `nil`.
    @_spi(Reading) public subscript(key: String) -> GeneratedContent? {
        guard case .structure(let properties, _) = kind else { return nil }
        return properties[key]
    }

    /// The value when it is a string, else `nil`.
    @_spi(Reading) public var stringValue: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// The value when it is a number, else `nil`.
    @_spi(Reading) public var numberValue: Double? {
        if case .number(let number) = kind { return number }
        return nil
    }

    /// The value when it is an integral number, else `nil`.
    @_spi(Reading) public var intValue: Int? {
        guard let number = numberValue, number.rounded() == number else { return nil }
        return Int(exactly: number)
    }

    /// The value when it is a boolean, else `nil`.
    @_spi(Reading) public var boolValue: Bool? {
        if case .bool(let value) = kind { return value }
        return nil
    }
}
