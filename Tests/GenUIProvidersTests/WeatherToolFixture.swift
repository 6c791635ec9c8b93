import GenUI
import Synchronization

/// A weather tool that records the cities it was called with and answers with a fixed sentence, for the providers'
/// tool-calling tests.
final class RecordingWeatherTool: Tool {
    struct Arguments: ConvertibleFromGeneratedContent {
        var city: String
        init(_ content: GeneratedContent) throws {
            city = try content.value(String.self, forProperty: "city")
        }
    }

    let description = "The current weather in a city."
    /// The cities the tool was called with, in order.
    let calls = Mutex<[String]>([])

    var name: String { "get_weather" }

    var parameters: GenerationSchema {
        GenerationSchema(
            node: .object(
                .init(
                    name: "WeatherArguments",
                    properties: [
                        .init(
                            name: "city", description: "The city's name",
                            node: .string(.init(minimumLength: 1, maximumLength: 40)))
                    ])), name: "WeatherArguments")
    }

    func call(arguments: Arguments) async throws -> String {
        calls.withLock { $0.append(arguments.city) }
        return Self.answer(for: arguments.city)
    }

    /// What the tool answers for `city`.
    static func answer(for city: String) -> String { "It is 21 °C and sunny in \(city)." }
}
