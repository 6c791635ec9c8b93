import Foundation
import GenUI
import GenUITestSupport
import Testing

@Suite("Availability", .tags(.unit))
struct AvailabilityTests {
    static let everyReason: [UnavailableReason] = [
        .deviceNotEligible(detail: "CPU lacks AVX2"),
        .modelNotReady(progress: 0.43, detail: "downloading"),
        .modelNotReady(progress: nil, detail: nil),
        .modelNotInstalled(name: "qwen2.5:0.5b"),
        .lowStorage(requiredBytes: 1_900_000_000, availableBytes: 300_000_000, volume: "/home"),
        .disabled,
        .notConfigured(missing: "OPENAI_API_KEY"),
        .runtimeMissing(binary: "llama-server"),
        .unreachable(endpoint: "http://127.0.0.1:11434"),
        .unauthorized,
        .rateLimited(retryAfter: .milliseconds(1500)),
        .rateLimited(retryAfter: nil),
        .invalidModel(path: "/models/x.gguf", detail: "wrong magic"),
        .runtimeFailed(binary: "/opt/llama-server", failure: .illegalInstruction),
        .runtimeFailed(binary: "/opt/llama-server", failure: .killedWhileLoading),
        .runtimeFailed(binary: "/opt/llama-server", failure: .crashed(signal: 11)),
        .runtimeFailed(binary: "/opt/llama-server", failure: .exited(code: 3)),
    ]

    @Test("every unavailable reason round-trips through JSON", arguments: everyReason)
    func reasonRoundTrips(reason: UnavailableReason) throws {
        let availability = Availability.unavailable(reason)
        let data = try JSONEncoder().encode(availability)
        let decoded = try JSONDecoder().decode(Availability.self, from: data)
        #expect(decoded == availability)
        #expect(decoded.unavailableReason?.code == reason.code)
    }

    @Test("every reason code is covered by the round-trip cases")
    func everyCodeCovered() {
        #expect(Set(Self.everyReason.map(\.code)) == Set(UnavailableReason.allCodes))
    }

    @Test("available round-trips and reports itself available")
    func availableRoundTrips() throws {
        let data = try JSONEncoder().encode(Availability.available)
        #expect(String(decoding: data, as: UTF8.self) == #"{"status":"available"}"#)
        let decoded = try JSONDecoder().decode(Availability.self, from: data)
        #expect(decoded.isAvailable)
        #expect(decoded.unavailableReason == nil)
    }

    static let descriptions: [(UnavailableReason, String)] = [
        (.deviceNotEligible(detail: "CPU lacks AVX2"), "deviceNotEligible: CPU lacks AVX2"),
        (.modelNotReady(progress: 0.43, detail: "downloading"), "modelNotReady: downloading, 43%"),
        (.modelNotReady(progress: nil, detail: nil), "modelNotReady"),
        (.modelNotReady(progress: .nan, detail: nil), "modelNotReady: progress nan"),
        (
            .modelNotInstalled(name: "qwen2.5:0.5b"),
            "modelNotInstalled (Foundation Models: modelNotReady): qwen2.5:0.5b"
        ),
        (
            .lowStorage(requiredBytes: 1_900_000_000, availableBytes: 300_000_000, volume: "/home"),
            "lowStorage (Foundation Models: modelNotReady): needs 1900000000 bytes, 300000000 bytes free on /home"
        ),
        (.disabled, "disabled (Foundation Models: appleIntelligenceNotEnabled)"),
        (.notConfigured(missing: "OPENAI_API_KEY"), "notConfigured: missing OPENAI_API_KEY"),
        (.runtimeMissing(binary: "llama-server"), "runtimeMissing: llama-server"),
        (.unreachable(endpoint: "http://127.0.0.1:11434"), "unreachable: http://127.0.0.1:11434"),
        (.unauthorized, "unauthorized"),
        (.rateLimited(retryAfter: .milliseconds(1500)), "rateLimited: retry after 1.5 seconds"),
        (.rateLimited(retryAfter: nil), "rateLimited"),
        (.invalidModel(path: "/models/x.gguf", detail: "wrong magic"), "invalidModel: /models/x.gguf: wrong magic"),
        (
            .runtimeFailed(binary: "/opt/llama-server", failure: .illegalInstruction),
            "runtimeFailed (Foundation Models: deviceNotEligible): /opt/llama-server stopped on an instruction the CPU or the OS does not allow (SIGILL)"
        ),
        (
            .runtimeFailed(binary: "/opt/llama-server", failure: .crashed(signal: 7)),
            "runtimeFailed: /opt/llama-server crashed (SIGBUS) before it could serve"
        ),
    ]

    @Test(
        "String(describing:) of a reason is its code, Foundation Models' name when it differs, and its details",
        arguments: descriptions)
    func reasonDescription(reason: UnavailableReason, expected: String) {
        #expect(String(describing: reason) == expected)
        #expect("\(reason)" == expected)
    }

    @Test("every reason code has a description case")
    func everyCodeDescribed() {
        #expect(Set(Self.descriptions.map(\.0.code)) == Set(UnavailableReason.allCodes))
    }

    @Test("String(describing:) of an availability says available, or unavailable and why")
    func availabilityDescription() {
        #expect(String(describing: Availability.available) == "available")
        #expect(
            String(describing: Availability.unavailable(.disabled))
                == "unavailable: disabled (Foundation Models: appleIntelligenceNotEnabled)")
    }

    @Test("Foundation Models' nested availability is its own three-reason type, read from genui's")
    func nestedNames() {
        let availability: SystemLanguageModel.Availability = .unavailable(.appleIntelligenceNotEnabled)
        #expect(availability == SystemLanguageModel.Availability(Availability.unavailable(.disabled)))
        #expect(SystemLanguageModel.Availability.UnavailableReason.allCases.count == 3)
        #expect(
            UnavailableReason.FoundationModelsReason.self == SystemLanguageModel.Availability.UnavailableReason.self)
    }

    @Test("a wait no Int64 holds decodes clamped, and a negative one as no wait, not a crash")
    func hugeRetryAfterDecodes() throws {
        func decode(_ seconds: String) throws -> UnavailableReason? {
            let json = Data(
                #"{"status":"unavailable","reason":{"reason":"rateLimited","retryAfterSeconds":\#(seconds)}}"#.utf8)
            return try JSONDecoder().decode(Availability.self, from: json).unavailableReason
        }
        #expect(try decode("1e300") == .rateLimited(retryAfter: .seconds(9e15)))
        #expect(try decode("-5") == .rateLimited(retryAfter: nil))
        #expect(try decode("1.5") == .rateLimited(retryAfter: .milliseconds(1500)))
    }

    @Test("an unknown reason code is a decoding error, not a crash")
    func unknownReasonRejected() {
        let json = Data(#"{"status":"unavailable","reason":{"reason":"sleepy"}}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Availability.self, from: json) }
    }
}
