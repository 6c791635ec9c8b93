#if canImport(FoundationModels)
import FoundationModels

// A trip planner in the style of Apple's code-along: a tool that returns a @Generable value, a tool without
// arguments, the system model named as `.default`, a prewarmed prompt prefix, and a history view that walks the
// transcript entry by entry.

@Generable
struct Forecast {
    @Guide(description: "The city")
    var city: String
    @Guide(description: "Degrees Celsius", .range(-40...50))
    var celsius: Int
}

struct ForecastTool: Tool {
    @Generable
    struct Arguments {
        @Guide(description: "The city to forecast")
        var city: String
    }

    let name = "forecast"
    let description = "Looks up the forecast for a city."

    func call(arguments: Arguments) async throws -> Forecast {
        Forecast(city: arguments.city, celsius: 21)
    }
}

struct TodayTool: Tool {
    @Generable
    struct Arguments {}

    let name = "today"
    let description = "Tells today's date."

    func call(arguments: Arguments) async throws -> String {
        "Thursday"
    }
}

@Generable
struct DayPlan {
    @Guide(description: "A short title for the day")
    var title: String
    @Guide(description: "Things to do", .count(1...3))
    var activities: [String]
}

struct TripPlanner {
    /// Plans a day; returns the plan's title, or why it could not.
    func plan(city: String) async -> (outcome: String, history: [String]) {
        let session = LanguageModelSession(
            model: .default, tools: [ForecastTool(), TodayTool()],
            instructions: "Plan a day trip. Use the tools for the weather and the date.")
        session.prewarm(promptPrefix: Prompt("Plan a day in"))
        let outcome: String
        do {
            let plan = try await session.respond(to: Prompt("Plan a day in \(city)."), generating: DayPlan.self)
            outcome = "planned: \(plan.content.title) (\(plan.content.activities.count) activities)"
        } catch let error as LanguageModelError {
            // Foundation Models 27's errors, with their payloads.
            switch error {
            case .contextSizeExceeded(let info):
                outcome = "not planned: the conversation is too long (\(info.tokenCount) of \(info.contextSize) tokens)"
            case .unsupportedCapability(let info):
                outcome = "not planned: no model here has \(info.capability)"
            case .refusal(let refusal):
                let explanation = try? await refusal.explanation.content
                outcome = "not planned: \(explanation ?? "the model declined")"
            default:
                outcome = "not planned: \(error.debugDescription)"
            }
        } catch LanguageModelSession.GenerationError.assetsUnavailable(let context) {
            // Foundation Models 26's errors: what the package trait FoundationModels26Errors makes sessions throw.
            outcome = "not planned: no model is ready (\(context.debugDescription))"
        } catch LanguageModelSession.GenerationError.exceededContextWindowSize(let context) {
            outcome = "not planned: the conversation is too long (\(context.debugDescription))"
        } catch LanguageModelSession.GenerationError.refusal(let refusal, _) {
            let explanation = try? await refusal.explanation.content
            outcome = "not planned: \(explanation ?? "the model declined")"
        } catch {
            outcome = "not planned: \(error.localizedDescription)"
        }
        return (outcome, Self.history(of: session.transcript))
    }

    /// One line per transcript entry, as a chat history view shows them.
    static func history(of transcript: Transcript) -> [String] {
        transcript.map { entry in
            switch entry {
            case .instructions(let instructions):
                "instructions (tools: \(instructions.toolDefinitions.map(\.name).joined(separator: ", ")))"
            case .prompt(let prompt):
                "prompt: \(text(of: prompt.segments))"
            case .toolCalls(let calls):
                "tool calls: \(calls.map(\.toolName).joined(separator: ", "))"
            case .toolOutput(let output):
                "tool output from \(output.toolName)"
            case .response(let response):
                "response: \(text(of: response.segments))"
            @unknown default:
                "other entry"
            }
        }
    }

    static func text(of segments: [Transcript.Segment]) -> String {
        segments.map { segment in
            switch segment {
            case .text(let text): text.content
            case .structure(let structure): structure.content.jsonString
            @unknown default: ""
            }
        }.joined(separator: " ")
    }
}
#endif
