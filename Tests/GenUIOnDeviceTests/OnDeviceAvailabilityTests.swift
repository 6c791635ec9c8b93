import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIOnDevice

/// Every availability reason of the on-device provider, from real files and folders.
@Suite("On-device availability", .tags(.unit))
struct OnDeviceAvailabilityTests {
    /// Plenty of disk and memory, and a CPU with the usual x86 and ARM flags.
    static let roomyDevice = DeviceResources(
        freeSpace: { _ in (bytes: 1 << 40, volume: "/") },
        totalMemoryBytes: { 64 << 30 },
        cpuFeatures: { ["sse2", "avx", "avx2", "fma", "neon"] })

    let folder: TemporaryFolder
    let server: String

    init() throws {
        folder = try TemporaryFolder()
        server = try folder.executable("llama-server")
    }

    func availability(
        _ configure: (inout OnDeviceConfiguration) -> Void, resources: DeviceResources = roomyDevice
    ) -> Availability {
        var configuration = OnDeviceConfiguration(
            name: "probe", modelPath: folder.path + "/model.gguf", serverPath: server, contextSize: 2048)
        configure(&configuration)
        return OnDeviceLanguageModel(configuration: configuration, resources: resources).probe.check()
    }

    @Test("a complete GGUF file and an executable server are available")
    func available() throws {
        try folder.write("model.gguf", bytes: TemporaryFolder.ggufBytes(padding: 1000))
        #expect(availability { _ in } == .available)
    }

    @Test("a provider turned off in its configuration is disabled")
    func disabled() throws {
        try folder.write("model.gguf", bytes: TemporaryFolder.ggufBytes(padding: 10))
        #expect(availability { $0.isEnabled = false } == .unavailable(.disabled))
    }

    @Test("a configured server path that does not exist is runtimeMissing naming that path")
    func missingBinary() {
        let missing = folder.path + "/nowhere/llama-server"
        #expect(availability { $0.serverPath = missing } == .unavailable(.runtimeMissing(binary: missing)))
    }

    @Test("a server path that is a plain, non-executable file is runtimeMissing")
    func nonExecutableBinary() throws {
        let plain = try folder.write("not-executable", bytes: Array("#!/bin/sh\n".utf8))
        #expect(availability { $0.serverPath = plain } == .unavailable(.runtimeMissing(binary: plain)))
    }

    @Test("no GGUF file and nothing downloading is modelNotInstalled")
    func modelNotInstalled() {
        #expect(availability { _ in } == .unavailable(.modelNotInstalled(name: folder.path + "/model.gguf")))
    }

    @Test("a .part file beside the model path is modelNotReady with the download's progress")
    func partialDownloadFile() throws {
        try folder.write("model.gguf.part", bytes: [UInt8](repeating: 1, count: 250))
        let result = availability { $0.declaredModelBytes = 1000 }
        guard case .unavailable(.modelNotReady(let progress, let detail)) = result else {
            Issue.record("expected modelNotReady, got \(result)")
            return
        }
        #expect(progress == 0.25)
        #expect(detail?.contains("model.gguf.part") == true)
    }

    @Test("a .download file without a declared size is modelNotReady with unknown progress")
    func downloadFileWithoutSize() throws {
        try folder.write("model.gguf.download", bytes: [1, 2, 3])
        let result = availability { _ in }
        guard case .unavailable(.modelNotReady(let progress, _)) = result else {
            Issue.record("expected modelNotReady, got \(result)")
            return
        }
        #expect(progress == nil)
    }

    @Test("a truncated GGUF, smaller than its declared size, is modelNotReady with its fraction")
    func truncatedGGUF() throws {
        try folder.write("model.gguf", bytes: TemporaryFolder.ggufBytes(padding: 376)) // 400 bytes in all
        let result = availability { $0.declaredModelBytes = 1600 }
        guard case .unavailable(.modelNotReady(let progress, _)) = result else {
            Issue.record("expected modelNotReady, got \(result)")
            return
        }
        #expect(progress == 0.25)
    }

    @Test("an absent model with less free space than its size is lowStorage with both sizes and the volume")
    func lowStorage() {
        let tiny = Self.roomyDevice.withFreeSpace { _ in (bytes: 5_000_000, volume: "/tiny") }
        let result = availability({ $0.declaredModelBytes = 98_362_432 }, resources: tiny)
        #expect(
            result == .unavailable(.lowStorage(requiredBytes: 98_362_432, availableBytes: 5_000_000, volume: "/tiny")))
    }

    @Test("the real free-space probe measures the nearest existing folder of a model that is not there yet")
    func realFreeSpaceProbe() throws {
        let probe = try #require(DeviceResources.current.freeSpace(folder.path + "/not/yet/model.gguf"))
        #expect(probe.bytes > 0)
        #expect(probe.volume == folder.path)
    }

    @Test("an absent model with enough free space is modelNotInstalled, not lowStorage")
    func enoughSpace() {
        let result = availability { $0.declaredModelBytes = 1000 }
        #expect(result == .unavailable(.modelNotInstalled(name: folder.path + "/model.gguf")))
    }

    @Test("a configured multimodal projector that is absent is modelNotInstalled, one that is not a GGUF invalidModel")
    func projectorChecked() throws {
        try folder.write("model.gguf", bytes: TemporaryFolder.ggufBytes(padding: 100))
        let projector = folder.path + "/mmproj.gguf"
        #expect(
            availability { $0.multimodalProjectorPath = projector } == .unavailable(.modelNotInstalled(name: projector))
        )
        try folder.write("mmproj.gguf", bytes: Array("not a projector at all".utf8))
        guard case .unavailable(.invalidModel(let path, _)) = availability({ $0.multimodalProjectorPath = projector })
        else {
            Issue.record("expected invalidModel for the projector")
            return
        }
        #expect(path == projector)
        try folder.write("mmproj.gguf", bytes: TemporaryFolder.ggufBytes(padding: 100))
        #expect(availability { $0.multimodalProjectorPath = projector } == .available)
    }

    @Test("a file that is not a GGUF is invalidModel naming the wrong magic bytes")
    func notGGUF() throws {
        try folder.write("model.gguf", bytes: Array("<!DOCTYPE html><html>not a model</html>".utf8))
        let result = availability { _ in }
        guard case .unavailable(.invalidModel(let path, let detail)) = result else {
            Issue.record("expected invalidModel, got \(result)")
            return
        }
        #expect(path == folder.path + "/model.gguf")
        #expect(detail.contains("3c 21 44 4f"))
        #expect(detail.contains("GGUF"))
    }

    @Test("a file too short for a GGUF header is invalidModel")
    func tooShort() throws {
        try folder.write("model.gguf", bytes: Array("GG".utf8))
        guard case .unavailable(.invalidModel(_, let detail)) = availability({ _ in }) else {
            Issue.record("expected invalidModel")
            return
        }
        #expect(detail.contains("too short"))
    }

    @Test("a GGUF of an unknown version is invalidModel")
    func unknownVersion() throws {
        try folder.write("model.gguf", bytes: Array("GGUF".utf8) + [99, 0, 0, 0] + [UInt8](repeating: 0, count: 40))
        guard case .unavailable(.invalidModel(_, let detail)) = availability({ _ in }) else {
            Issue.record("expected invalidModel")
            return
        }
        #expect(detail.contains("version 99"))
    }

    @Test("less RAM than the model and its context need is deviceNotEligible")
    func tooLittleMemory() throws {
        try folder.write("model.gguf", bytes: TemporaryFolder.ggufBytes(padding: 1000))
        var small = Self.roomyDevice
        small.totalMemoryBytes = { 64 << 20 }
        guard case .unavailable(.deviceNotEligible(let detail)) = availability({ _ in }, resources: small) else {
            Issue.record("expected deviceNotEligible")
            return
        }
        #expect(detail.contains("RAM"))
    }

    @Test("a CPU without an instruction set the build needs is deviceNotEligible naming it")
    func missingInstructionSet() throws {
        try folder.write("model.gguf", bytes: TemporaryFolder.ggufBytes(padding: 10))
        let result = availability { $0.requiredCPUFeatures = ["avx2", "amx_int8"] }
        #expect(
            result
                == .unavailable(
                    .deviceNotEligible(detail: "the CPU lacks amx_int8, which this llama-server build needs")))
    }

    @Test("the real CPU probe reads instruction sets from the operating system")
    func realCPUProbe() throws {
        let features = try #require(DeviceResources.current.cpuFeatures())
        #expect(!features.isEmpty)
        #expect(try #require(DeviceResources.current.totalMemoryBytes()) > 0)
    }

    @Test("a server binary built for another CPU architecture is deviceNotEligible")
    func foreignArchitecture() throws {
        try folder.write("model.gguf", bytes: TemporaryFolder.ggufBytes(padding: 10))
        let host = try #require(BinaryArchitecture.host)
        // A minimal ELF header for the other architecture (e_machine at offset 18).
        let machine: UInt8 = host == .x86_64 ? 0xB7 : 0x3E
        var header: [UInt8] =
            [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + [UInt8](repeating: 0, count: 8) + [2, 0, machine, 0]
        header += [UInt8](repeating: 0, count: 44)
        let foreign = try folder.write("foreign-llama-server", bytes: header)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: foreign)
        guard case .unavailable(.deviceNotEligible(let detail)) = availability({ $0.serverPath = foreign }) else {
            Issue.record("expected deviceNotEligible")
            return
        }
        #expect(detail.contains(host == .x86_64 ? "arm64" : "x86_64"))
    }

    @Test("the installed llama-server is built for this machine's architecture")
    func installedBinaryArchitecture() throws {
        try #require(OnDeviceFixture.shouldRun, "the runtime is not installed")
        let runtime = try OnDeviceFixture.requireRuntime()
        let resolved = URL(fileURLWithPath: runtime.server).resolvingSymlinksInPath().path
        #expect(BinaryArchitecture.of(executable: resolved) == BinaryArchitecture.host)
    }

    @Test("a server that has started but not loaded its model makes the provider modelNotReady, then stops cleanly")
    func loadingServer() async throws {
        try folder.write("model.gguf", bytes: TemporaryFolder.ggufBytes(padding: 10))
        // A stand-in server that never answers /health: it stays "loading" until stopped.
        let silent = try folder.executable("silent-server", script: "#!/bin/sh\necho starting\nexec sleep 300\n")
        let configuration = OnDeviceConfiguration(
            name: "loading", modelPath: folder.path + "/model.gguf", serverPath: silent, startTimeoutSeconds: 60)
        let model = OnDeviceLanguageModel(configuration: configuration, resources: Self.roomyDevice)
        let prewarm = Task { await model.prewarm(promptPrefix: nil) }
        var seen: Availability = .available
        for _ in 0..<500 {
            seen = await model.availability
            if seen != .available { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(seen == .unavailable(.modelNotReady(progress: nil, detail: "llama-server is loading the model")))
        let pid = try #require(await model.serverProcessID)
        await model.shutdown()
        prewarm.cancel()
        await prewarm.value
        #expect(kill(pid, 0) != 0, "the stand-in server's process is gone after shutdown")
        #expect(await model.availability == .available)
    }
}
