import Foundation

/// A fresh temporary folder, removed when the value is dropped.
public final class TemporaryFolder {
    /// The folder.
    public let path: String

    /// Creates the folder.
    public init() throws {
        path = NSTemporaryDirectory() + "genui-ondevice-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `bytes` to `name` and returns the file's path.
    @discardableResult
    public func write(_ name: String, bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Writes an executable shell script to `name` and returns its path.
    @discardableResult
    public func executable(_ name: String, script: String = "#!/bin/sh\nexit 0\n") throws -> String {
        let file = try write(name, bytes: Array(script.utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file)
        return file
    }

    /// A byte sequence that starts like a real GGUF file (magic, version 3, counts) followed by `padding` bytes.
    public static func ggufBytes(padding: Int) -> [UInt8] {
        Array("GGUF".utf8) + [3, 0, 0, 0] + [UInt8](repeating: 0, count: 16) + [UInt8](repeating: 7, count: padding)
    }
}
