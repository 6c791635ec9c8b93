import Foundation
import FoundationModels  // on Linux, genui's FoundationModels product; on Apple platforms, Apple's framework

// Runs the article's code once: the availability message and gate, then a generated and a streamed screen.
// With GENUI_CONFIG=providers.yml (this folder's) the scripted provider answers; without, the providers.yml the
// usual lookup finds does, or nothing (the default is then unavailable and the mock screen is shown).

let intent = "A login form with two buttons: Login and Register, and two edit boxes: username and password"

#if os(Linux)
// genui answers the first synchronous read with what a check finishes within 25 ms, and "not ready yet" when the
// check takes longer (a busy machine, a cold start); waiting for the first check once keeps this run's output the same
// on any machine. Apple's framework knows its own model's state at once.
_ = await SystemLanguageModel.default.checkAvailability()
#endif

let drafting = DraftingAvailability()
print("draft button shown: \(drafting.isAvailable)")
if let message = drafting.message { print("message: \(message)") }
print("waiting for the model: \(drafting.isWaitingForModel)")

let generator = await makeScreenGenerator()
let screen = try await generator.generate(from: intent)
print("screen: \(screen.title), \(screen.sections.count) section(s), components: \(screen.sections.map(\.components.count))")

if SystemLanguageModel.default.isAvailable {
    var partials = 0
    let streamed = try await FoundationModelsScreenGenerator().stream(from: intent) { _ in partials += 1 }
    print("streamed: \(streamed.title) after \(partials) partial(s)")
}

#if canImport(FoundationModels)
let trip = await TripPlanner().plan(city: "Lisbon")
print("trip: \(trip.outcome)")
for line in trip.history { print("history: \(line)") }
let photo = try PhotoCaptioner.samplePhoto()
print("photo: \(await PhotoCaptioner().caption(of: photo))")
try? FileManager.default.removeItem(at: photo)
print("profile: \(await askAssistant())")
#else
print("trip: Foundation Models is not available on this platform")
#endif
