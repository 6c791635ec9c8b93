import Foundation

/// The identity of a partially generated value: the `id` of the `PartiallyGenerated` types `@Generable` writes.
///
/// Each snapshot decoded from streamed content gets a fresh identifier; a type whose own `id` property is
/// generated uses that property instead.
public struct GenerationID: Sendable, Hashable, CustomStringConvertible {
    private let value: UUID

    /// Creates a new, unique identifier.
    public init() { value = UUID() }

    /// The identifier as text.
    public var description: String { value.uuidString }
}
