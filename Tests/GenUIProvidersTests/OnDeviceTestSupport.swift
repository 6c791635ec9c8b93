import Foundation
import GenUI
import Testing

@testable import GenUIOnDevice

/// Where the integration tests find llama-server and the model: `GENUI_LLAMA_SERVER` and `GENUI_TEST_MODEL` (set by
/// `make test`), else the paths the bootstrap installs to.
enum OnDeviceFixture {
    static let environment = ProcessInfo.processInfo.environment

    static var serverPath: String {
        environment["GENUI_LLAMA_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.currentDirectoryPath + "/.tools/bin/llama-server"
    }

    /// The project's tools folder, found from this file's place in the checkout.
    static var fallbackServerPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".tools/bin/llama-server").path
    }

    static var modelPath: String {
        environment["GENUI_TEST_MODEL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? OnDeviceConfiguration.expandTilde(OnDeviceConfiguration.defaultModelPath)
    }

    /// The server binary to use: the configured one, or the project's tools folder.
    static var resolvedServerPath: String? {
        for candidate in [serverPath, fallbackServerPath] where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return nil
    }

    static var isCI: Bool { ["true", "1", "yes"].contains((environment["CI"] ?? "").lowercased()) }

    static var runtimeInstalled: Bool {
        resolvedServerPath != nil && FileManager.default.fileExists(atPath: modelPath)
    }

    /// Integration tests run when the runtime is installed, and always under CI (where a missing runtime must fail).
    static var shouldRun: Bool { runtimeInstalled || isCI }

    /// The runtime's paths; records a failure (under CI the reason the run fails) when they are missing.
    static func requireRuntime(sourceLocation: SourceLocation = #_sourceLocation) throws -> (server: String, model: String) {
        let server = try #require(
            resolvedServerPath,
            "llama-server is not installed (GENUI_LLAMA_SERVER=\(serverPath)); run scripts/bootstrap",
            sourceLocation: sourceLocation)
        try #require(
            FileManager.default.fileExists(atPath: modelPath),
            "the test model is missing at \(modelPath); run scripts/bootstrap", sourceLocation: sourceLocation)
        return (server, modelPath)
    }

    static func configuration(
        name: String = "on-device-test", grammarMode: OnDeviceConfiguration.GrammarMode = .compiled,
        idleShutdownSeconds: Double? = nil
    ) throws -> OnDeviceConfiguration {
        let runtime = try requireRuntime()
        return OnDeviceConfiguration(
            name: name, modelPath: runtime.model, serverPath: runtime.server, contextSize: 2048, threads: 1,
            idleShutdownSeconds: idleShutdownSeconds, startTimeoutSeconds: 120, requestTimeoutSeconds: 120,
            grammarMode: grammarMode)
    }
}

/// A fresh temporary folder, removed when the value is dropped.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "genui-ondevice-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `bytes` to `name` and returns the file's path.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Writes an executable shell script to `name` and returns its path.
    @discardableResult
    func executable(_ name: String, script: String = "#!/bin/sh\nexit 0\n") throws -> String {
        let file = try write(name, bytes: Array(script.utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file)
        return file
    }

    /// A byte sequence that starts like a real GGUF file (magic, version 3, counts) followed by `padding` bytes.
    static func ggufBytes(padding: Int) -> [UInt8] {
        Array("GGUF".utf8) + [3, 0, 0, 0] + [UInt8](repeating: 0, count: 16) + [UInt8](repeating: 7, count: padding)
    }
}

/// A small app-screen sketch: a title and one to four labelled items of a fixed kind.
struct ScreenSketch: Generable, Equatable {
    struct Item: Generable, Equatable {
        var label: String
        var kind: String

        static let kinds = ["button", "textField", "text", "image", "toggle", "list"]

        static var generationSchema: GenerationSchema {
            GenerationSchema(
                type: Item.self, description: "One element of the screen",
                properties: [
                    .init(name: "label", description: "Visible text", type: String.self, guides: [.maximumLength(32)]),
                    .init(name: "kind", description: "Element kind", type: String.self, guides: [.anyOf(kinds)]),
                ])
        }

        init(label: String, kind: String) {
            self.label = label
            self.kind = kind
        }

        init(_ content: GeneratedContent) throws {
            label = try content.value(forProperty: "label")
            kind = try content.value(forProperty: "kind")
        }

        var generatedContent: GeneratedContent {
            GeneratedContent(properties: ["label": label, "kind": kind])
        }
    }

    var title: String
    var items: [Item]

    static var generationSchema: GenerationSchema {
        GenerationSchema(
            type: ScreenSketch.self, description: "An app screen",
            properties: [
                .init(name: "title", description: "Screen title", type: String.self, guides: [.maximumLength(40)]),
                .init(name: "items", description: "Elements, top to bottom", type: [Item].self, guides: [.count(1...4)]),
            ])
    }

    init(_ content: GeneratedContent) throws {
        title = try content.value(forProperty: "title")
        items = try content.value(forProperty: "items")
    }

    var generatedContent: GeneratedContent {
        GeneratedContent(properties: ["title": title, "items": items])
    }
}
