import Foundation
import GenUI
import GenUIScreens
import GenUITestSupport
import Testing

/// Screens that make sense, through the real llama-server and SmolLM2: kinds from context, values that are the
/// intent's, the data's or marked placeholders, and records shown as the file has them.
@Suite("Honest screens from the on-device model", .tags(.llamaServer), .serialized)
struct OnDeviceHonestScreenTests {
    static let enabled = OnDeviceScreenTests.enabled

    static func components(_ screen: UIScreen) -> [UIComponent] { screen.sections.flatMap(\.components) }

    @Test(
        "a login phrased without component words gets two fields, the password secure, and a Sign in button",
        .enabled(if: enabled, "llama-server and SmolLM2 are not installed"))
    func loginWithoutComponentWords() async throws {
        try OnDeviceScreenTests.requireRuntime()
        let composed = try await ScreenComposer(model: OnDeviceScreenTests.model)
            .compose("A login screen with username, password and Sign in")
        let components = Self.components(composed.screen)
        let fields = components.compactMap {
            if case .field(let label, _, let kind) = $0 { (label.text, kind) } else { nil }
        }
        #expect(fields.map(\.0) == ["Username", "Password"], "\(composed.screen)")
        #expect(fields.last?.1 == .secure)
        #expect(components.contains(.button(label: "Sign in", style: .primary)), "\(composed.screen)")
        #expect(!components.contains { if case .keyValue = $0 { true } else { false } })
    }

    @Test(
        "an alarm's option is a toggle, its trailing verb a button, and its time a marked placeholder the model did not write",
        .enabled(if: enabled, "llama-server and SmolLM2 are not installed"))
    func alarmWithPlaceholder() async throws {
        try OnDeviceScreenTests.requireRuntime()
        let composed = try await ScreenComposer(model: OnDeviceScreenTests.model)
            .compose("An alarm screen with the alarm time, a snooze option and Dismiss")
        let components = Self.components(composed.screen)
        #expect(components.contains(.keyValue(key: "Alarm time", value: "HH:MM")), "\(composed.screen)")
        #expect(components.contains { if case .toggle(let label, _) = $0 { label.text == "Snooze" } else { false } })
        #expect(components.contains(.button(label: "Dismiss", style: .primary)))
        let pointer = try #require(composed.placeholders.first?.pointer)
        let json = ScreenDocument.json(composed.screen, placeholders: [pointer])
        #expect(ScreenDocument.placeholders(json: json) == [pointer])
        #expect(ValueSanity.problems(in: composed.screen).isEmpty)
    }

    @Test(
        "with records, the top six teams are the file's six in its order with its points, whatever the model writes",
        .enabled(if: enabled, "llama-server and SmolLM2 are not installed"))
    func recordsAsTheFileHasThem() async throws {
        try OnDeviceScreenTests.requireRuntime()
        var composer = ScreenComposer(model: OnDeviceScreenTests.model)
        composer.records = try DataToolScreenTests.standings()
        let composed = try await composer.compose("The Serie B table with the top six teams and their points")
        let rows = Self.components(composed.screen).flatMap { component -> [StandingRow] in
            if case .standings(_, let rows) = component { return rows.elements }
            return []
        }
        #expect(
            rows.map(\.name) == ["Venezia", "Frosinone", "Monza", "Palermo", "Cesena", "Modena"], "\(composed.screen)")
        #expect(rows.map(\.value) == ["76", "72", "71", "69", "65", "61"])
        #expect(composed.metadata.guided)
        #expect(!rows.map(\.name).contains(composed.screen.title))
    }
}
