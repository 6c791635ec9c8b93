import Foundation

extension URL {
    /// A URL from a string literal written in the source (a provider's documented endpoint, a loopback address).
    /// A literal that does not parse is a mistake in the program, not in its input, and stops it with that message.
    public init(validLiteral literal: String) {
        guard let url = URL(string: literal) else {
            preconditionFailure("\(literal) is not a valid URL literal")
        }
        self = url
    }
}
