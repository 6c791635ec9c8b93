@preconcurrency import Crypto

/// SHA-256 (FIPS 180-4), for the content hashes of trusted configuration files and of downloaded models.
///
/// A thin value wrapper over swift-crypto's `SHA256` (BoringSSL's implementation on Linux, CryptoKit on Apple
/// systems): genui does no hashing of its own. It can be fed incrementally, so a model of gigabytes is hashed while it
/// streams to disk, in constant memory.
///
/// Sendable by hand: swift-crypto's hasher is a value type with copy-on-write state, though it is not marked
/// Sendable on Linux.
public struct SHA256: @unchecked Sendable {
    private var hasher = Crypto.SHA256()

    /// A hasher with nothing fed yet.
    public init() {}

    /// The digest of `bytes`, as 64 lowercase hexadecimal digits (as `sha256sum` prints it).
    public static func hexDigest(of bytes: some Sequence<UInt8>) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.hexDigest()
    }

    /// Feeds more bytes.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        if let done = bytes.withContiguousStorageIfAvailable({ buffer in
            hasher.update(bufferPointer: UnsafeRawBufferPointer(buffer))
        }) {
            return done
        }
        hasher.update(data: Array(bytes))
    }

    /// Feeds raw bytes without copying them.
    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
        hasher.update(bufferPointer: buffer)
    }

    /// The 32-byte digest of everything fed.
    public func finalize() -> [UInt8] {
        Array(hasher.finalize())
    }

    /// The digest of everything fed, as 64 lowercase hexadecimal digits.
    public func hexDigest() -> String {
        Self.hex(finalize())
    }

    /// `bytes` as lowercase hexadecimal digits.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
