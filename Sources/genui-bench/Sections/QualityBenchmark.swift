import Foundation
import GenUI
import GenUIOnDevice
import GenUIScreens

/// The quality section: screens for the project's intent corpus (``ScreenIntentCorpus``) through the embedded default,
/// greedy, before and after each lever: validity, named elements shown, repeated components, titles that copy the
/// intent, tokens and time per screen; then the same for the held-out intents.
enum QualityBenchmark {
    static let section = "Screen quality: the intent corpus through SmolLM2-135M, greedy, before and after"

    /// `ScreenComposer.instructions` as they were before the example and the never-repeat rule (the "before" rows):
    /// the vocabulary alone.
    static let earlierInstructions = ScreenComposer.vocabularyInstructions

    /// One way of composing, measured over the corpus.
    struct Variant {
        let label: String
        let model: OnDeviceModel
        let composer: ScreenComposer
        /// Instructions that replace the composer's (the "before" row's earlier instructions), or `nil`.
        let instructions: String?

        var prefix: String { instructions ?? composer.usualInstructions }
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
        func model(_ name: String, reuse: Bool) -> OnDeviceModel {
            var configuration = OnDeviceConfiguration(
                name: name, modelPath: modelPath, serverPath: serverPath, contextSize: 4096, idleShutdownSeconds: nil,
                requestTimeoutSeconds: 600)
            configuration.reusesInstructions = reuse
            return OnDeviceModel(configuration: configuration)
        }
        func composer(_ model: OnDeviceModel, _ composition: ScreenComposition, dropsRepeats: Bool) -> ScreenComposer {
            var composer = ScreenComposer(model: model)
            composer.composition = composition
            composer.dropsRepeatedComponents = dropsRepeats
            return composer
        }
        let before = model("before", reuse: false)
        let free = model("free", reuse: true)
        let outlined = model("outlined", reuse: true)
        let variants = [
            Variant(label: "before (instructions evaluated on every request)", model: before,
                    composer: composer(before, .free, dropsRepeats: false), instructions: earlierInstructions),
            Variant(label: "free (reused; example and never-repeat rule; repeats dropped)", model: free,
                    composer: composer(free, .free, dropsRepeats: true), instructions: nil),
            Variant(label: "outlined (reused; the intent's named elements filled in)", model: outlined,
                    composer: composer(outlined, .outlined, dropsRepeats: true), instructions: nil),
        ]
        let shipped = 2
        defer { Task { for variant in variants { await variant.model.shutdown() } } }
        for variant in variants { await variant.model.prewarm(promptPrefix: variant.prefix) }
        let corpora = [
            ("", quick ? Array(ScreenIntentCorpus.intents.prefix(10)) : ScreenIntentCorpus.intents),
            ("held-out · ", quick ? Array(ScreenIntentCorpus.heldOut.prefix(5)) : ScreenIntentCorpus.heldOut),
        ]
        for (prefix, corpus) in corpora {
            var tallies = Array(repeating: Tally(), count: variants.count)
            var ratios = Array(repeating: Samples(), count: variants.count)
            for intent in corpus {
                var seconds: [Double] = []
                for (index, variant) in variants.enumerated() {
                    let measurement = try await measure(intent, variant)
                    seconds.append(measurement.seconds)
                    tallies[index].add(measurement)
                }
                for index in variants.indices { ratios[index].append(seconds[index] / seconds[0]) }
            }
            add(tallies, ratios: ratios, variants: variants, shipped: prefix.isEmpty ? shipped : nil, prefix: prefix, to: &report)
            let listed = corpus.reduce(0) { $0 + listedElements($1) }
            let named = corpus.reduce(0) { $0 + $1.elements.count }
            report.add(Figure(section: section, name: "\(prefix)named elements the outline reads from the intents (no model)",
                              value: Double(listed) / Double(max(named, 1)) * 100, unit: "%"))
        }
        report.note(section, "\(ScreenIntentCorpus.intents.count) intents of `ScreenIntentCorpus` (each names its fields, buttons, toggles and figures) and its \(ScreenIntentCorpus.heldOut.count) held-out intents, each sent greedily to every variant in turn, each variant on its own llama-server (prewarmed with its instructions). \"Outlined\" is the shipped default (`ScreenComposition.outlined`): the elements `ScreenOutline.read(from:)` finds in the intent are each shown once and the model fills in the title, section titles, placeholders, input kinds, values, toggle states and button styles. A named element is shown when a component of its kind (field, button, toggle; a figure is a keyValue, standings, list, badge, heading or paragraph) contains one of its words. Repeated components are components identical to an earlier one on the same screen (dividers not counted): as composed (the model's output), and as shown (after the composer's repairs). A title copies the intent when it is four or more of the intent's words in a row. Coverage, repeats shown and titles count valid screens; time and tokens count every request. The ratios compare each intent's time with the first variant's, so load on the shared machine affects both alike.")
    }

    /// One composition of `intent` by `variant`: its time and, when valid, its quality as composed and as shown.
    static func measure(_ intent: NamedIntent, _ variant: Variant) async throws -> Measurement {
        var request = variant.composer.request(for: intent.intent)
        if let instructions = variant.instructions { request.instructions = instructions }
        let started = ContinuousClock.now
        let response = try? await variant.model.respond(to: request)
        let elapsed = (ContinuousClock.now - started).secondsValue
        guard let response else { return Measurement(seconds: elapsed) }
        let tokens = response.metadata.usage.completionTokens ?? 0
        let outline = variant.composer.outline(for: intent.intent)
        guard let composed = try? variant.composer.finish(response, outline: outline) else {
            return Measurement(seconds: elapsed, tokens: tokens)
        }
        let raw = outline.flatMap { $0.screen(from: response.content) } ?? (try? UIScreen(response.content)) ?? composed.screen
        return Measurement(seconds: elapsed, tokens: tokens, raw: ScreenQuality(screen: raw, intent: intent),
                           shown: ScreenQuality(screen: composed.screen, intent: intent))
    }

    /// What one composition measured: its time, its tokens when it answered, its quality when it was valid.
    struct Measurement {
        var seconds: Double
        var tokens: Int?
        var raw: ScreenQuality?
        var shown: ScreenQuality?
    }

    /// How many of `intent`'s named elements its outline lists (a field as a field, a figure as a fact or message).
    static func listedElements(_ intent: NamedIntent) -> Int {
        let outline = ScreenOutline.read(from: intent.intent)
        return intent.elements.filter { element in
            outline.elements.contains { outlined in
                let kindMatches = switch (element.kind, outlined.kind) {
                case (.field, .field), (.button, .button), (.toggle, .toggle), (.figure, .fact), (.figure, .message): true
                default: false
                }
                return kindMatches && element.terms.contains { outlined.label.lowercased().contains($0.lowercased()) }
            }
        }.count
    }

    static func add(_ tallies: [Tally], ratios: [Samples], variants: [Variant], shipped: Int?, prefix: String,
                    to report: inout Report) {
        func percent(_ part: Int, _ whole: Int) -> Double { whole == 0 ? .nan : Double(part) / Double(whole) * 100 }
        for (index, variant) in variants.enumerated() {
            let tally = tallies[index]
            let isShipped = index == shipped
            let name = "\(prefix)\(variant.label)"
            report.add(Figure(section: section, name: "\(name): valid screens", value: percent(tally.valid, tally.screens),
                              unit: "%", goal: isShipped ? "100 %" : nil, metGoal: isShipped ? tally.valid == tally.screens : nil))
            let coverage = percent(tally.present, tally.named)
            report.add(Figure(section: section, name: "\(name): named elements shown", value: coverage, unit: "%",
                              goal: isShipped ? "≥ 80 %" : nil, metGoal: isShipped ? coverage >= 80 : nil))
            report.add(Figure(section: section, name: "\(name): repeated components as composed",
                              value: percent(tally.repeatedRaw, tally.components), unit: "%"))
            let shownRepeats = percent(tally.repeatedShown, tally.componentsShown)
            report.add(Figure(section: section, name: "\(name): repeated components shown", value: shownRepeats, unit: "%",
                              goal: isShipped ? "≤ 5 %" : nil, metGoal: isShipped ? shownRepeats <= 5 : nil))
            let copied = percent(tally.copiedTitles, tally.valid)
            report.add(Figure(section: section, name: "\(name): titles that copy the intent", value: copied, unit: "%",
                              goal: isShipped ? "≤ 10 %" : nil, metGoal: isShipped ? copied <= 10 : nil))
            report.add(Figure(section: section, name: "\(name): median tokens per screen", value: tally.tokens.median, unit: "tokens"))
            report.add(Figure(section: section, name: "\(name): median time per screen", value: tally.seconds.median * 1000, unit: "ms"))
            guard index > 0 else { continue }
            report.add(Figure(section: section, name: "\(name): time per screen / before (median of per-intent ratios)",
                              value: ratios[index].median, unit: "×", goal: isShipped ? "≤ 0.6×" : nil,
                              metGoal: isShipped ? ratios[index].median <= 0.6 : nil))
        }
    }
}

extension QualityBenchmark.Tally {
    mutating func add(_ measurement: QualityBenchmark.Measurement) {
        screens += 1
        seconds.append(measurement.seconds)
        if let count = measurement.tokens { tokens.append(Double(count)) }
        guard let raw = measurement.raw, let shown = measurement.shown else { return }
        valid += 1
        present += shown.presentElements
        named += shown.namedElements
        repeatedRaw += raw.repeatedComponents
        components += raw.components
        repeatedShown += shown.repeatedComponents
        componentsShown += shown.components
        if shown.titleCopiesIntent { copiedTitles += 1 }
    }
}
