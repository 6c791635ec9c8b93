/// A uniform type identifier: what kind of data a value holds (`public.json`, `public.png`, …), with the types it
/// conforms to.
///
/// On Linux, where Apple's UniformTypeIdentifiers framework does not exist, this module stands in for the part of it
/// that Foundation Models 27 puts in its API (data attachments and data entries name their content's type with a
/// `UTType`), so code that writes `import UniformTypeIdentifiers` compiles unchanged. It knows the system types listed
/// below and types an app declares with ``init(exportedAs:conformingTo:)``; it has no system type database.
public struct UTType: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The type's identifier, such as `public.json`.
    public let identifier: String
    /// The types this one directly conforms to.
    let parents: [String]
    /// The MIME type the type is usually sent as, when it has one.
    public let preferredMIMEType: String?
    /// The file-name extension the type usually has, when it has one.
    public let preferredFilenameExtension: String?

    init(identifier: String, parents: [String], mime: String? = nil, fileExtension: String? = nil) {
        self.identifier = identifier
        self.parents = parents
        self.preferredMIMEType = mime
        self.preferredFilenameExtension = fileExtension
    }

    /// The system type with `identifier`, or a type declared by an app with that identifier that conforms to
    /// ``data``; `nil` for an empty identifier.
    public init?(_ identifier: String) {
        guard !identifier.isEmpty else { return nil }
        self = Self.system[identifier] ?? UTType(identifier: identifier, parents: [UTType.data.identifier])
    }

    /// A type an app declares (exports): `UTType(exportedAs: "com.example.audio-transcription")`.
    public init(exportedAs identifier: String, conformingTo parent: UTType? = nil) {
        self.init(identifier: identifier, parents: [(parent ?? .data).identifier])
    }

    /// The system type usually sent with `mimeType`, if this module knows it.
    public init?(mimeType: String) {
        let lowered = mimeType.lowercased()
        guard let found = Self.system.values.first(where: { $0.preferredMIMEType == lowered }) else { return nil }
        self = found
    }

    /// The system type usually stored with the file-name extension `filenameExtension`, if this module knows it.
    public init?(filenameExtension: String) {
        let lowered = filenameExtension.lowercased()
        guard let found = Self.system.values.first(where: { $0.preferredFilenameExtension == lowered }) else {
            return nil
        }
        self = found
    }

    /// `true` when this type is `other` or conforms to it through the types it conforms to.
    public func conforms(to other: UTType) -> Bool {
        if identifier == other.identifier { return true }
        var pending = parents
        var seen: Set<String> = []
        while let next = pending.popLast() {
            if next == other.identifier { return true }
            guard seen.insert(next).inserted else { continue }
            pending.append(contentsOf: Self.system[next]?.parents ?? [])
        }
        return false
    }

    /// `true` when `other` conforms to this type.
    public func isSupertype(of other: UTType) -> Bool { other.conforms(to: self) }

    /// `true` when this type conforms to `other`.
    public func isSubtype(of other: UTType) -> Bool { conforms(to: other) }

    public var description: String { identifier }

    /// Reads a type from its identifier string.
    public init(from decoder: any Decoder) throws {
        let identifier = try decoder.singleValueContainer().decode(String.self)
        guard let type = UTType(identifier) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "an empty type identifier"))
        }
        self = type
    }

    /// Writes the type as its identifier string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }

    public static func == (lhs: UTType, rhs: UTType) -> Bool { lhs.identifier == rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
