import Foundation
import GenUI
import Testing

@Suite("Availability")
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

    @Test("an unknown reason code is a decoding error, not a crash")
    func unknownReasonRejected() {
        let json = Data(#"{"status":"unavailable","reason":{"reason":"sleepy"}}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Availability.self, from: json) }
    }
}
