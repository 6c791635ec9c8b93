import Foundation
import GenUITestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `genui models list`, `doctor` and `generate` beside a corrupt `MODEL.part.json` (two parts of 9e18 bytes, a sum
/// past Int64): each reads the record as absent and reports the partial file alone, instead of trapping.
@Suite("genui beside a corrupt download record", .tags(.integration), .serialized)
struct CorruptDownloadRecordCommandTests {
    @Test(
        "models list, doctor and generate read a record of two 9e18-byte parts as absent (with a live writer holding the lock, and with none): the partial file is reported, nothing traps"
    )
    func corruptRecordReadsAsAbsent() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let target = home + "/models/model.gguf"
        try FileManager.default.createDirectory(atPath: home + "/models", withIntermediateDirectories: true)
        try Data(repeating: 7, count: 250).write(to: URL(fileURLWithPath: target + ".part"))
        let config = home + "/providers.yml"
        try """
        version: 1
        providers:
          on-device:
            type: llama.cpp
            binary: /bin/sh
            model: \(target)
            model_size: 1000
        models:
          corrupt:
            url: http://127.0.0.1:9/model.gguf
            size: 1000
            sha256: \(String(repeating: "0", count: 64))
            file: \(target)
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let environment = CLI.freshEnvironment(home: home)

        for live in [false, true] {
            // A live writer: this process, holding the download lock, as a running pull would.
            var lock: Int32 = -1
            if live {
                lock = open(target + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
                try #require(lock >= 0 && flock(lock, LOCK_EX | LOCK_NB) == 0)
            }
            defer { if lock >= 0 { close(lock) } }
            let pid = live ? getpid() : 0
            try
                (#"{"name":"corrupt","source":"http://127.0.0.1:9/model.gguf","expectedBytes":1000,"bytes":500,"#
                + #""pid":\#(pid),"startedAt":0,"updatedAt":0,"parts":[{"start":0,"length":9000000000000000000,"#
                + #""done":9000000000000000000},{"start":9000000000000000000,"length":9000000000000000000,"#
                + #""done":9000000000000000000}]}"#)
                .write(toFile: target + ".part.json", atomically: true, encoding: .utf8)

            let list = try CLI.run(["models", "list", "--json", "--config", config], environment: environment)
            #expect(list.status == 0, "live \(live): \(list.stderr)")
            let line = list.stdout.split(separator: "\n").first { $0.contains(#""name":"corrupt""#) }.map(String.init)
            #expect(line?.contains(#""state":"partial""#) == true, "live \(live): \(list.stdout)")
            #expect(line?.contains(#""bytes":250"#) == true, "live \(live): \(list.stdout)")

            let doctor = try CLI.run(["doctor", "--json", "--config", config], environment: environment)
            #expect(doctor.status == 1, "live \(live): \(doctor.stderr)")
            #expect(doctor.stdout.contains("modelNotReady"), "live \(live): \(doctor.stdout)")
            #expect(doctor.stdout.contains("model.gguf.part"), "live \(live): \(doctor.stdout)")
            #expect(!doctor.stdout.contains(#""downloading""#), "live \(live): \(doctor.stdout)")

            let generate = try CLI.run(["generate", "A login form", "--config", config], environment: environment)
            #expect(generate.status == 1, "live \(live): \(generate.stderr)")
            #expect(generate.stderr.contains("model.gguf.part"), "live \(live): \(generate.stderr)")
        }
    }
}
