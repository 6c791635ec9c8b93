import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `genui models pull --provider ollama` keeps the record of a pull it drives, so that every genui process
/// sees the pull's progress (``OllamaLanguageModel/availability`` reads it).
///
/// The layout is the one of on-device downloads: for a pull of `model` from the daemon at `baseURL`, a path
/// `~/.cache/genui/ollama/<model>@<host:port>` (each part percent-encoded) whose `.part.json` is the record
/// (`bytes`, `expectedBytes`, `bytesPerSecond`, `pid`, …) and whose `.lock` the puller holds with `flock` while it
/// runs. A record counts only while its writer lives: its process exists and still holds the lock.
public enum OllamaPullRecord {
    /// The largest record read.
    public static let maximumBytes = 16 * 1024

    /// `~/.cache/genui/ollama` under `home`.
    public static func directory(home: String) -> String { home + "/.cache/genui/ollama" }

    /// The home directory of this process (`HOME`, else the account's).
    public static var processHome: String {
        ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }

    /// The path whose `.part.json` and `.lock` belong to a pull of `model` from `baseURL`. A model without a tag is
    /// the same as `:latest`, as Ollama counts it.
    public static func target(baseURL: URL, model: String, home: String = processHome) -> String {
        let tagged = model.split(separator: "/").last?.contains(":") == true ? model : model + ":latest"
        let server = "\(baseURL.host ?? "?"):\(baseURL.port ?? 0)"
        return directory(home: home) + "/" + encode(tagged) + "@" + encode(server)
    }

    /// The progress of a pull of `model` from `baseURL` that a live genui process drives, or `nil`.
    public static func live(baseURL: URL, model: String, home: String = processHome) -> ModelDownloadProgress? {
        let target = target(baseURL: baseURL, model: model, home: home)
        guard let handle = FileHandle(forReadingAtPath: target + ".part.json") else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumBytes + 1), data.count <= maximumBytes,
            let record = try? JSONDecoder().decode(Record.self, from: data), record.pid > 0
        else { return nil }
        if kill(record.pid, 0) != 0 && errno != EPERM { return nil }
        guard FileLockProbe.isHeld(at: target + ".lock") else { return nil }
        let bytes = max(0, record.bytes)
        let expected = record.expectedBytes.flatMap { $0 > 0 ? $0 : nil }
        var secondsLeft: Double?
        if let expected, let rate = record.bytesPerSecond, rate.isFinite, rate > 0 {
            secondsLeft = Double(max(0, expected - bytes)) / rate
        }
        return ModelDownloadProgress(bytes: bytes, expectedBytes: expected, secondsLeft: secondsLeft)
    }

    /// The fields of the record read here (the writer stores more).
    private struct Record: Decodable {
        var bytes: Int64
        var expectedBytes: Int64?
        var bytesPerSecond: Double?
        var pid: Int32
    }

    private static func encode(_ text: String) -> String {
        // Only ASCII letters, digits, '.', '_' and '-' stay as they are; anything else (':', '/', non-ASCII) is
        // percent-encoded, so two names never share a file.
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "model"
    }
}

/// A model an Ollama daemon has (`GET /api/tags`).
public struct OllamaInstalledModel: Sendable, Hashable {
    /// The model's name with its tag (`qwen2.5:0.5b`).
    public var name: String
    /// Its size on disk, when reported.
    public var bytes: Int64?

    /// Creates an entry.
    public init(name: String, bytes: Int64?) {
        self.name = name
        self.bytes = bytes
    }
}

/// Lists and removes the models of an Ollama daemon (`GET /api/tags`, `DELETE /api/delete`); pulling is
/// ``OllamaLanguageModel/pull()``.
public struct OllamaModelManager: Sendable {
    /// The daemon (its URL, token variable and insecure-transport setting).
    public let configuration: OllamaConfiguration
    private let client: HTTPClient
    private let environment: ProviderEnvironment

    /// Creates a manager for the daemon of `configuration`.
    public init(
        configuration: OllamaConfiguration, client: HTTPClient = .shared, environment: ProviderEnvironment = .process
    ) {
        self.configuration = configuration
        self.client = client
        self.environment = environment
    }

    /// What `DELETE /api/delete` did.
    public enum Deletion: Sendable, Hashable {
        /// The model was removed (200).
        case deleted
        /// The daemon has no such model (404).
        case notFound
    }

    /// Removes `model` from the daemon: `DELETE /api/delete {"model": model}`.
    public func delete(_ model: String) async throws -> Deletion {
        let response = try await send(
            method: "DELETE", path: "api/delete", body: ModelRequest(model: model))
        switch response.status {
        case 200..<300: return .deleted
        case 404: return .notFound
        default: throw failure(response)
        }
    }

    /// The models the daemon has: `GET /api/tags`.
    public func installed() async throws -> [OllamaInstalledModel] {
        let response = try await send(method: "GET", path: "api/tags", body: nil)
        guard response.head.isSuccess else { throw failure(response) }
        return WireReading.decode(TagList.self, from: response.json)?.models?.compactMap {
            model -> OllamaInstalledModel? in
            guard let name = model.name ?? model.model else { return nil }
            return OllamaInstalledModel(name: name, bytes: model.size.flatMap { ExternalNumber.integer($0) })
        } ?? []
    }

    private var keyReference: APIKeyReference {
        APIKeyReference(configuration.apiKeyEnvironmentVariable, environment: environment)
    }

    private func send(method: String, path: String, body: ModelRequest?) async throws -> HTTPResponse {
        do {
            let key = try keyReference.read(provider: configuration.name)
            try EndpointPolicy.check(
                configuration.baseURL, allowInsecure: configuration.allowInsecure, provider: configuration.name)
            var headers = ["Accept": "application/json"]
            if let key { headers["Authorization"] = "Bearer \(key)" }
            var data: Data?
            if let body {
                headers["Content-Type"] = "application/json"
                data = Data(try ContentEncoder().json(of: body).utf8)
            }
            let request = HTTPRequest(
                method: method, url: configuration.baseURL.appendingPathComponent(path), headers: headers, body: data,
                headTimeout: configuration.requestTimeout, totalTimeout: configuration.requestTimeout)
            return try await client.send(request, bodyLimit: 8 << 20)
        } catch {
            throw ProviderSupport.attribute(error, to: configuration.name, redacting: keyReference.secrets())
        }
    }

    private func failure(_ response: HTTPResponse) -> GenUIError {
        HTTPErrorMapping.error(
            status: response.status, headers: response.head.headers, body: response.body, provider: configuration.name,
            secrets: keyReference.secrets())
    }
}
