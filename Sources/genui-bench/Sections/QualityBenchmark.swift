import Foundation
import GenUI
import GenUIOnDevice
import GenUIScreens

/// The quality section: screens for the project's intent corpus (``ScreenIntentCorpus``) through the embedded default,
/// greedy, before and after each lever: validity, named elements shown, repeated components, titles that copy the
/// intent, tokens and time per screen.
enum QualityBenchmark {
    static let section = "Screen quality: the intent corpus through SmolLM2-135M, greedy, before and after"

    /// `ScreenComposer.instructions` as they were before the example and the never-repeat rule (the "before" rows):
    /// the vocabulary alone.
    static let earlierInstructions = ScreenComposer.vocabularyInstructions

    /// One way of composing, measured over the corpus.
    struct Variant {
        let label: String
        let model: OnDeviceModel
        let instructions: String
        let dropsRepeats: Bool
    }

    struct Tally {
        var valid = 0
        var present = 0
        var named = 0
        var repeatedRaw = 0
        var repeatedShown = 0
        var components = 0
        var componentsShown = 0
        var copiedTitles = 0
        var tokens = Samples()
        var seconds = Samples()
        var screens = 0
    }

    static func run(into report: inout Report, quick: Bool, modelPath: String, serverPath: String) async throws {
        func model(_ name: String, reuse: Bool, repetition: RepetitionControls = .init()) -> OnDeviceModel {
            var configuration = OnDeviceConfiguration(
                name: name, modelPath: modelPath, serverPath: serverPath, contextSize: 4096, idleShutdownSeconds: nil,
                requestTimeoutSeconds: 600)
            configuration.reusesInstructions = reuse
            configuration.repetition = repetition
            return OnDeviceModel(configuration: configuration)
        }
        let dry = RepetitionControls(dryMultiplier: 0.8, dryBase: 1.75, dryAllowedLength: 2, dryLastTokens: 1024, drySequenceBreakers: ["\n"])
        let variants = [
            Variant(label: "before (instructions evaluated on every request)", model: model("before", reuse: false),
                    instructions: earlierInstructions, dropsRepeats: false),
            Variant(label: "instructions reused from llama-server's slot", model: model("reused", reuse: true),
                    instructions: earlierInstructions, dropsRepeats: false),
            Variant(label: "after (reused; example and never-repeat rule; repeats dropped)", model: model("after", reuse: true),
                    instructions: ScreenComposer.instructions, dropsRepeats: true),
            Variant(label: "after + DRY sampler", model: model("dry", reuse: true, repetition: dry),
                    instructions: ScreenComposer.instructions, dropsRepeats: true),
        ]
        defer { Task { for variant in variants { await variant.model.shutdown() } } }
        for variant in variants { await variant.model.prewarm(promptPrefix: variant.instructions) }
        let corpus = quick ? Array(ScreenIntentCorpus.intents.prefix(10)) : ScreenIntentCorpus.intents
        var tallies = Array(repeating: Tally(), count: variants.count)
        var ratios = (reused: Samples(), after: Samples())
        for intent in corpus {
            var seconds: [Double] = []
            for (index, variant) in variants.enumerated() {
                var composer = ScreenComposer(model: variant.model)
                composer.dropsRepeatedComponents = variant.dropsRepeats
                var request = composer.request(for: intent.intent)
                request.instructions = variant.instructions
                let started = ContinuousClock.now
                let response = try? await variant.model.respond(to: request)
                let elapsed = (ContinuousClock.now - started).secondsValue
                seconds.append(elapsed)
                tallies[index].screens += 1
                tallies[index].seconds.append(elapsed)
                guard let response else { continue }
                tallies[index].tokens.append(Double(response.metadata.usage.completionTokens ?? 0))
                guard let composed = try? composer.finish(response) else { continue }
                tallies[index].valid += 1
                let raw = (try? UIScreen(response.content)) ?? composed.screen
                let rawQuality = ScreenQuality(screen: raw, intent: intent)
                let shown = ScreenQuality(screen: composed.screen, intent: intent)
                tallies[index].present += shown.presentElements
                tallies[index].named += shown.namedElements
                tallies[index].repeatedRaw += rawQuality.repeatedComponents
                tallies[index].components += rawQuality.components
                tallies[index].repeatedShown += shown.repeatedComponents
                tallies[index].componentsShown += shown.components
                if shown.titleCopiesIntent { tallies[index].copiedTitles += 1 }
            }
            ratios.reused.append(seconds[1] / seconds[0])
            ratios.after.append(seconds[2] / seconds[0])
        }
        func percent(_ part: Int, _ whole: Int) -> Double { whole == 0 ? .nan : Double(part) / Double(whole) * 100 }
        for (index, variant) in variants.enumerated() {
            let tally = tallies[index]
            let isShipped = index == 2
            report.add(Figure(section: section, name: "\(variant.label): valid screens", value: percent(tally.valid, tally.screens),
                              unit: "%", goal: isShipped ? "100 %" : nil, metGoal: isShipped ? tally.valid == tally.screens : nil))
            let coverage = percent(tally.present, tally.named)
            report.add(Figure(section: section, name: "\(variant.label): named elements shown", value: coverage, unit: "%",
                              goal: isShipped ? "≥ 80 %" : nil, metGoal: isShipped ? coverage >= 80 : nil))
            report.add(Figure(section: section, name: "\(variant.label): repeated components as composed",
                              value: percent(tally.repeatedRaw, tally.components), unit: "%"))
            let shownRepeats = percent(tally.repeatedShown, tally.componentsShown)
            report.add(Figure(section: section, name: "\(variant.label): repeated components shown", value: shownRepeats, unit: "%",
                              goal: isShipped ? "≤ 5 %" : nil, metGoal: isShipped ? shownRepeats <= 5 : nil))
            let copied = percent(tally.copiedTitles, tally.valid)
            report.add(Figure(section: section, name: "\(variant.label): titles that copy the intent", value: copied, unit: "%",
                              goal: isShipped ? "≤ 10 %" : nil, metGoal: isShipped ? copied <= 10 : nil))
            report.add(Figure(section: section, name: "\(variant.label): median tokens per screen", value: tally.tokens.median, unit: "tokens"))
            report.add(Figure(section: section, name: "\(variant.label): median time per screen", value: tally.seconds.median * 1000, unit: "ms"))
        }
        report.add(Figure(section: section, name: "time per screen, instructions reused / before (median of per-intent ratios)",
                          value: ratios.reused.median, unit: "×"))
        report.add(Figure(section: section, name: "time per screen, after / before (median of per-intent ratios)",
                          value: ratios.after.median, unit: "×", goal: "≤ 0.6×", metGoal: ratios.after.median <= 0.6))
        report.note(section, "\(corpus.count) intents of `ScreenIntentCorpus` (each names its fields, buttons, toggles and figures), each sent greedily to every variant in turn, each variant on its own llama-server (prewarmed with its instructions). A named element is shown when a component of its kind (field, button, toggle; a figure is a keyValue, standings, list, badge, heading or paragraph) contains one of its words. Repeated components are components identical to an earlier one on the same screen (dividers not counted): as composed (the model's output), and as shown (after the composer's repairs). A title copies the intent when it is four or more of the intent's words in a row. Coverage, repeats shown and titles count valid screens; time and tokens count every request. The ratios compare each intent's time with the first variant's, so load on the shared machine affects both alike.")
    }
}
