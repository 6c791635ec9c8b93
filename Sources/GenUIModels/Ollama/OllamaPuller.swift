import Foundation
import GenUI
import GenUIOllama
import GenUIOnDevice

/// Drives an Ollama daemon's pull of a model (`POST /api/pull`) for `genui models pull --provider ollama`, and makes
/// it visible to every genui process.
///
/// - One puller per daemon and model: an exclusive `flock` on the `OllamaPullRecord` lock. A second pull reports
///   the first (``ModelDownloadError/busy(pid:record:)``) or, with ``DownloadOptions/waitForOtherWriter``, waits for
///   it.
/// - The record beside the lock carries the current layer's bytes, its size and the rate; `OllamaLanguageModel`'s
///   availability in any process reads it as `modelNotReady` with that progress while this process lives.
/// - The record and the lock go when the pull ends, however it ends; a puller killed outright leaves a record whose
///   writer is gone, which nobody counts.
public struct OllamaPuller: Sendable {
    /// The daemon, and in `OllamaConfiguration.model` the model to pull.
    public var configuration: OllamaConfiguration
    /// Waiting for another puller, the record's interval, the process id and the HTTP client.
    public var options: DownloadOptions
    /// The home directory the record is kept under.
    public var home: String

    /// Creates a puller.
    public init(
        configuration: OllamaConfiguration, options: DownloadOptions = DownloadOptions(),
        home: String = OllamaPullRecord.processHome
    ) {
        self.configuration = configuration
        self.options = options
        self.home = home
    }

    /// Pulls the model, reporting progress to `events`; returns when the daemon says `success`.
    public func pull(events: @escaping @Sendable (DownloadEvent) -> Void = { _ in }) async throws {
        let target = OllamaPullRecord.target(baseURL: configuration.baseURL, model: configuration.model, home: home)
        let directory = (target as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ModelDownloadError.file(path: directory, operation: "create", errno: errno == 0 ? EACCES : errno)
        }
        let lock = try await acquireLock(target: target, events: events)
        let recorder = RecordWriter(
            target: target, name: configuration.model, source: HTTPEndpoint.describe(configuration.baseURL),
            pid: options.processID, interval: options.recordInterval)
        defer {
            recorder.remove()
            lock.release(removing: true)
        }
        recorder.write(bytes: 0, force: true)
        events(.started(resumedFrom: 0, expectedBytes: nil))
        let provider = OllamaLanguageModel(configuration: configuration, client: options.client)
        for try await progress in provider.pull() {
            guard let completed = progress.completed else { continue }
            recorder.expectedBytes = progress.total
            recorder.write(bytes: completed, force: false)
            events(
                .progress(
                    DownloadProgress(
                        bytes: completed, expectedBytes: progress.total, bytesPerSecond: recorder.bytesPerSecond)))
        }
    }

    private func acquireLock(target: String, events: @Sendable (DownloadEvent) -> Void) async throws -> WriterLock {
        let path = DownloadRecord.lockPath(forTarget: target)
        var announced = false
        while true {
            switch try await WriterLock.acquire(path: path) {
            case .acquired(let lock): return lock
            case .heldByAnother:
                let record = DownloadRecord.read(target: target)
                guard options.waitForOtherWriter else {
                    throw ModelDownloadError.busy(pid: record?.pid ?? 0, record: record)
                }
                if !announced {
                    events(.waitingForWriter(pid: record?.pid ?? 0, record: record))
                    announced = true
                }
                try await Task.sleep(for: .milliseconds(250))
            }
        }
    }
}

/// `host:port` of a URL, never its credentials or query.
enum HTTPEndpoint {
    static func describe(_ url: URL) -> String { "\(url.scheme ?? "http")://\(url.host ?? "?"):\(url.port ?? 0)" }
}
