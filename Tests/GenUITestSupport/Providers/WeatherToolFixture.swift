import GenUI
import Synchronization

/// A weather tool that records the cities it was called with and answers with a fixed sentence, for the providers'
/// tool-calling tests.
public final class RecordingWeatherTool: Tool {
    /// The tool's one argument: the city to look up.
    public struct Arguments: ConvertibleFromGeneratedContent {
        /// The city's name.
        public var city: String

        /// Reads `city` from the model's arguments.
        public init(_ content: GeneratedContent) throws {
            city = try content.value(String.self, forProperty: "city")
        }
    }

    /// What the model is told the tool does.
    public let description = "The current weather in a city."
    /// The cities the tool was called with, in order.
    public let calls = Mutex<[String]>([])

    /// A tool with no calls yet.
    public init() {}

    /// `get_weather`.
    public var name: String { "get_weather" }

    /// An object with one string property, `city`, 1 to 40 characters long.
    public var parameters: GenerationSchema {
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

    /// Records the call and answers with ``answer(for:)``.
    public func call(arguments: Arguments) async throws -> String {
        calls.withLock { $0.append(arguments.city) }
        return Self.answer(for: arguments.city)
    }

    /// What the tool answers for `city`.
    public static func answer(for city: String) -> String { "It is 21 °C and sunny in \(city)." }
}
