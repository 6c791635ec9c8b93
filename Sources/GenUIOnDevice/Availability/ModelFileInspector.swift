import Foundation

/// Looks at a model file without loading it: present, partial, the right format.
///
/// Only the first bytes are read, so the check stays far below the availability budget of 50 ms.
struct ModelFileInspector: Sendable {
    /// What was found at the model path.
    enum State: Sendable, Hashable {
        /// A complete-looking GGUF file of `bytes` bytes.
        case ready(bytes: Int64)
        /// A download in progress: `bytes` so far, `progress` when the full size is declared.
        case partial(bytes: Int64, progress: Double?, file: String)
        /// A download by `genui models pull` whose writer is running: `bytes` in the partial file so far.
        case downloading(DownloadRecord, bytes: Int64)
        /// A partial file `genui models pull` left behind when its writer stopped (interrupted, killed): it resumes
        /// with `genui models pull <record.name>`.
        case stalePartial(DownloadRecord, bytes: Int64)
        /// No file, and no download in progress.
        case absent
        /// The file exists but is not a GGUF model.
        case invalid(detail: String)
    }

    /// The suffixes download tools give a file still being written.
    static let partialSuffixes = [".part", ".download", ".partial", ".crdownload"]

    /// The magic bytes every GGUF file starts with.
    static let magic: [UInt8] = Array("GGUF".utf8)

    let path: String
    let declaredBytes: Int64?

    func inspect() -> State {
        let files = FileManager.default
        if let size = Self.fileSize(path) {
            if let declaredBytes, declaredBytes > 0, size < declaredBytes {
                return .partial(bytes: size, progress: Double(size) / Double(declaredBytes), file: path)
            }
            if let problem = Self.headerProblem(path) { return .invalid(detail: problem) }
            return .ready(bytes: size)
        }
        let partial = DownloadRecord.partialPath(forTarget: path)
        if let record = DownloadRecord.read(target: path) {
            let bytes = record.heldBytes(fileSize: Self.fileSize(partial) ?? 0)
            return record.writerIsAlive(target: path)
                ? .downloading(record, bytes: bytes) : .stalePartial(record, bytes: bytes)
        }
        for suffix in Self.partialSuffixes {
            let candidate = path + suffix
            if files.fileExists(atPath: candidate), let size = Self.fileSize(candidate) {
                let progress = declaredBytes.map { $0 > 0 ? min(1, Double(size) / Double($0)) : 0 }
                return .partial(bytes: size, progress: progress, file: candidate)
            }
        }
        return .absent
    }

    static func fileSize(_ path: String) -> Int64? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            (attributes[.type] as? FileAttributeType) != .typeDirectory,
            let size = attributes[.size] as? NSNumber
        else { return nil }
        return size.int64Value
    }

    /// Why the file's header is not a GGUF header, or `nil` when it is one.
    static func headerProblem(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return "the file cannot be read (check its permissions)"
        }
        defer { try? handle.close() }
        let header = [UInt8]((try? handle.read(upToCount: 24)) ?? Data())
        guard header.count >= 4 else {
            return "the file has \(header.count) bytes, too short for a GGUF header"
        }
        guard Array(header.prefix(4)) == magic else {
            let shown = header.prefix(4).map { String(format: "%02x", $0) }.joined(separator: " ")
            return
                "the file starts with bytes \(shown), not the GGUF magic \"GGUF\" (47 47 55 46); it is not a llama.cpp model"
        }
        guard header.count >= 8 else { return "the GGUF header is cut off after the magic bytes" }
        let version = UInt32(header[4]) | UInt32(header[5]) << 8 | UInt32(header[6]) << 16 | UInt32(header[7]) << 24
        guard (1...3).contains(version) else { return "GGUF version \(version) is not one llama.cpp reads (1–3)" }
        guard header.count >= 24 else { return "the GGUF header is cut off (\(header.count) of 24 bytes)" }
        return nil
    }
}
