import Foundation
import GenUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Failed starts of the runtime that will recur, remembered across processes: the next availability check reports
/// the reason at once instead of paying for the start again.
///
/// A record is kept per pair of `llama-server` binary and model, in one small JSON file under ``directory``. It
/// carries the identity of both (device, inode, size and modification time of the binary, of the CPU libraries
/// beside it, and of the model file): a rebuilt or replaced binary, or a model downloaded again, no longer matches,
/// and the record is removed when it is next read. A start that succeeds removes it too. A record that cannot be read
/// (cut short, edited by hand) counts as absent.
public struct RuntimeFailureMemory: Sendable, Hashable {
    /// The folder that holds the records.
    public let directory: String

    /// A memory in `directory`.
    public init(directory: String) {
        self.directory = directory
    }

    /// The default folder: `$XDG_CACHE_HOME/genui/runtime`, else `~/.cache/genui/runtime`, from `environment`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/genui/runtime" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.cache/genui/runtime"
    }

    /// What one record holds.
    public struct Record: Sendable, Hashable, Codable {
        /// The binary's path, its links resolved.
        public var binary: String
        /// The model file's path.
        public var model: String
        /// Identities of the binary, its CPU libraries and the model when the failure happened.
        public var identity: [FileIdentity]
        /// Why the runtime cannot serve.
        public var reason: UnavailableReason
        /// The runtime's last log lines.
        public var log: String
        /// When it happened, in seconds since 1970.
        public var recordedAt: Double
    }

    /// The identity of one file: a rebuilt or replaced file differs in at least one field.
    public struct FileIdentity: Sendable, Hashable, Codable {
        /// The file's path.
        public var path: String
        /// Device and inode numbers, size in bytes and modification time in nanoseconds.
        public var device: UInt64, inode: UInt64, size: Int64, modified: Int64
    }

    /// The reason remembered for `binary` and `model`, when a record exists and both files (and the `companions` it
    /// was recorded with: the model a projector was loaded beside) are still the ones it names; a record that no
    /// longer matches is removed.
    public func failure(binary: String, model: String, companions: [String] = []) -> Record? {
        let file = recordPath(binary: binary, model: model, companions: companions)
        guard let data = Self.readRecord(file) else { return nil }
        guard let record = try? JSONDecoder().decode(Record.self, from: data),
            record.identity == Self.identity(binary: binary, model: model, companions: companions)
        else {
            try? FileManager.default.removeItem(atPath: file)
            return nil
        }
        return record
    }

    /// The largest record read: one genui writes holds at most 4,000 characters of log and a few paths.
    static let maximumRecordBytes = 64 * 1024

    /// The bytes of the record at `path`: `nil` when there is none, or when it is not a regular file of at most
    /// ``maximumRecordBytes`` (a link, a FIFO, a device or a huge file is never opened for reading, so a read can
    /// neither block nor grow without bound). Such a file is then removed as a record that does not match.
    private static func readRecord(_ path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            // A link there (ELOOP) is not a record genui wrote: an empty answer has it removed.
            return errno == ELOOP ? Data() : nil
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
            status.st_size <= maximumRecordBytes
        else { return Data() }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count >= 0 else { return nil }
        return Data(bytes.prefix(count))
    }

    /// Records that `binary` with `model` failed for `reason`, with its last log lines; a change to any of
    /// `companions` also clears it. Best effort: a folder that cannot be written leaves the failure unrecorded (it is
    /// still reported by the start that saw it).
    public func remember(
        _ reason: UnavailableReason, binary: String, model: String, companions: [String] = [], log: String
    ) {
        let record = Record(
            binary: Self.resolved(binary), model: model,
            identity: Self.identity(binary: binary, model: model, companions: companions),
            reason: reason, log: String(log.suffix(4000)), recordedAt: Date().timeIntervalSince1970)
        guard let data = try? JSONEncoder().encode(record) else { return }
        let file = recordPath(binary: binary, model: model, companions: companions)
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // Written beside its final name and renamed: a reader never sees half a record.
        let partial = file + ".\(getpid()).partial"
        guard FileManager.default.createFile(atPath: partial, contents: data) else { return }
        if rename(partial, file) != 0 { unlink(partial) }
    }

    /// Removes the record of `binary` and `model` (with `companions`), if there is one.
    public func forget(binary: String, model: String, companions: [String] = []) {
        unlink(recordPath(binary: binary, model: model, companions: companions))
    }

    /// The record's file: one per binary, model and companions, named by a hash of their paths.
    func recordPath(binary: String, model: String, companions: [String] = []) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in ([Self.resolved(binary), model] + companions).joined(separator: "\n").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let name = String(hash, radix: 16)
        return directory + "/llama-server-" + String(repeating: "0", count: 16 - name.count) + name + ".json"
    }

    /// `path` with its symbolic links resolved (itself when it cannot be).
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// The identities that tie a record to the binary, the CPU libraries beside it (where llama.cpp keeps the code
    /// that a CPU may not run) and the model.
    static func identity(binary: String, model: String, companions: [String] = []) -> [FileIdentity] {
        let binary = resolved(binary)
        let folder = (binary as NSString).deletingLastPathComponent
        let libraries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix("libggml") }.sorted().map { folder + "/" + $0 }
        return ([binary] + libraries + [model] + companions).compactMap(fileIdentity)
    }

    private static func fileIdentity(_ path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = Int64(status.st_mtimespec.tv_sec) &* 1_000_000_000 &+ Int64(status.st_mtimespec.tv_nsec)
        #else
            let modified = Int64(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(status.st_mtim.tv_nsec)
        #endif
        return FileIdentity(
            path: path, device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(status.st_ino),
            size: Int64(status.st_size), modified: modified)
    }
}
