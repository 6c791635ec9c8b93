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
        let model: OnDeviceLanguageModel
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
        /// Named elements shown in a component of their kind, and shown in any component.
        var rightKind = 0
        var shownAnyKind = 0
        /// Valid screens with a value that breaks `ValueSanity`, as composed and as shown.
        var nonsenseRaw = 0
        var nonsenseShown = 0
        /// Values shown, and those shown as placeholders.
        var values = 0
        var placeholders = 0
        /// Data intents, and those whose screens show exactly the rows asked, in order; rows shown of those asked.
        var dataIntents = 0
        var exactRows = 0
        var rowsShown = 0
        var rowsAsked = 0
    }

    static func run(into report: inout Report, quick: Bool, modelPath: String, serverPath: String) async throws {
        func model(_ name: String, reuse: Bool) -> OnDeviceLanguageModel {
            var configuration = OnDeviceConfiguration(
                name: name, modelPath: modelPath, serverPath: serverPath, contextSize: 4096, idleShutdownSeconds: nil,
                requestTimeoutSeconds: 600)
            configuration.reusesInstructions = reuse
            return OnDeviceLanguageModel(configuration: configuration)
        }
        func composer(_ model: OnDeviceLanguageModel, _ composition: ScreenComposition, dropsRepeats: Bool)
            -> ScreenComposer
        {
            var composer = ScreenComposer(model: model)
            composer.composition = composition
            composer.dropsRepeatedComponents = dropsRepeats
            return composer
        }
        let before = model("before", reuse: false)
        let free = model("free", reuse: true)
        let earlier = model("outlined-earlier", reuse: true)
        let outlined = model("outlined", reuse: true)
        var earlierComposer = composer(earlier, .outlined, dropsRepeats: true)
        earlierComposer.outlineReader = { ScreenOutline.read(from: $0, infersKinds: false) }
        earlierComposer.mayInventValues = true
        earlierComposer.checksValues = false
        let variants = [
            Variant(
                label: "before (instructions evaluated on every request)", model: before,
                composer: composer(before, .free, dropsRepeats: false), instructions: earlierInstructions),
            Variant(
                label: "free (reused; example and never-repeat rule; repeats dropped)", model: free,
                composer: composer(free, .free, dropsRepeats: true), instructions: nil),
            Variant(
                label: "outlined as before (kinds only from component words; model-written values)", model: earlier,
                composer: earlierComposer, instructions: nil),
            Variant(
                label: "outlined (kinds from context; honest values; records as they are)", model: outlined,
                composer: composer(outlined, .outlined, dropsRepeats: true), instructions: nil),
        ]
        let shipped = 3
        let outlinedPair = [2, 3]
        defer { Task { for variant in variants { await variant.model.shutdown() } } }
        for variant in variants { await variant.model.prewarm(promptPrefix: variant.prefix) }
        func sample<T>(_ intents: [T], _ count: Int) -> [T] { quick ? Array(intents.prefix(count)) : intents }
        let corpora: [(String, [NamedIntent], [Int])] = [
            ("", sample(ScreenIntentCorpus.intents, 10), Array(variants.indices)),
            ("held-out · ", sample(ScreenIntentCorpus.heldOut, 5), Array(variants.indices)),
            ("everyday · ", sample(ScreenIntentCorpus.everyday, 5), outlinedPair),
            ("everyday held-out · ", sample(ScreenIntentCorpus.everydayHeldOut, 5), outlinedPair),
        ]
        for (prefix, corpus, indices) in corpora {
            var tallies = Array(repeating: Tally(), count: variants.count)
            var ratios = Array(repeating: Samples(), count: variants.count)
            var againstEarlier = Samples()
            for intent in corpus {
                var seconds: [Int: Double] = [:]
                for index in indices {
                    let measurement = try await measure(intent, variants[index])
                    seconds[index] = measurement.seconds
                    tallies[index].add(measurement)
                }
                for index in indices { ratios[index].append((seconds[index] ?? 0) / (seconds[indices[0]] ?? 1)) }
                if let new = seconds[shipped], let old = seconds[outlinedPair[0]] { againstEarlier.append(new / old) }
            }
            add(
                tallies, ratios: ratios, variants: variants, indices: indices, shipped: shipped, prefix: prefix,
                to: &report)
            if indices[0] != outlinedPair[0] {
                report.add(
                    Figure(
                        section: section,
                        name:
                            "\(prefix)\(variants[shipped].label): time per screen / outlined as before (median of per-intent ratios)",
                        value: againstEarlier.median, unit: "×", goal: "≤ 1.1×", metGoal: againstEarlier.median <= 1.1))
            }
            let listed = corpus.reduce(0) { $0 + listedElements($1) }
            let named = corpus.reduce(0) { $0 + $1.elements.count }
            report.add(
                Figure(
                    section: section, name: "\(prefix)named elements the outline reads from the intents (no model)",
                    value: Double(listed) / Double(max(named, 1)) * 100, unit: "%"))
        }
        for (prefix, corpus) in [
            ("data · ", sample(ScreenIntentCorpus.data, 2)),
            ("data held-out · ", sample(ScreenIntentCorpus.dataHeldOut, 2)),
        ] {
            var tallies = Array(repeating: Tally(), count: variants.count)
            var ratios = Array(repeating: Samples(), count: variants.count)
            for intent in corpus {
                let records = try RecordSet(json: ScreenIntentCorpus.recordFiles[intent.file] ?? "", title: intent.file)
                var seconds: [Int: Double] = [:]
                for index in outlinedPair {
                    let measurement = await measure(
                        intent, records: records, variants[index], shipped: index == shipped)
                    seconds[index] = measurement.seconds
                    tallies[index].add(measurement)
                }
                for index in outlinedPair {
                    ratios[index].append((seconds[index] ?? 0) / (seconds[outlinedPair[0]] ?? 1))
                }
            }
            add(
                tallies, ratios: ratios, variants: variants, indices: outlinedPair, shipped: shipped, prefix: prefix,
                to: &report)
        }
        report.note(
            section,
            "\(ScreenIntentCorpus.intents.count) intents of `ScreenIntentCorpus` (each names its fields, buttons, toggles and figures) and its \(ScreenIntentCorpus.heldOut.count) held-out intents, each sent greedily to every variant in turn, each variant on its own llama-server (prewarmed with its instructions). \"Outlined\" is the shipped default (`ScreenComposition.outlined`): the elements `ScreenOutline.read(from:)` finds in the intent are each shown once and the model fills in the title, section titles, placeholders, input kinds, values, toggle states and button styles. A named element is shown when a component of its kind (field, button, toggle; a figure is a keyValue, standings, list, badge, heading or paragraph) contains one of its words. Repeated components are components identical to an earlier one on the same screen (dividers not counted): as composed (the model's output), and as shown (after the composer's repairs). A title copies the intent when it is four or more of the intent's words in a row. Coverage, repeats shown and titles count valid screens; time and tokens count every request. The ratios compare each intent's time with the first variant's, so load on the shared machine affects both alike."
        )
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
        guard let composed = try? variant.composer.finish(response, outline: outline, intent: intent.intent) else {
            return Measurement(seconds: elapsed, tokens: tokens)
        }
        let raw =
            outline.flatMap { $0.screen(from: response.content) } ?? (try? UIScreen(response.content))
            ?? composed.screen
        return Measurement(
            seconds: elapsed, tokens: tokens, raw: ScreenQuality(screen: raw, intent: intent),
            shown: ScreenQuality(screen: composed.screen, intent: intent), placeholders: composed.placeholders.count,
            values: composed.values.count)
    }

    /// One composition of a data intent over `records`: as shipped, the records reach the screen as they are
    /// (`ScreenComposer.records`); as before, the model looks them up through `RecordLookupTool` and lays them out
    /// under the narrowed schema (what `genui generate --data` did).
    static func measure(_ intent: DataIntent, records: RecordSet, _ variant: Variant, shipped: Bool) async
        -> Measurement
    {
        var composer = variant.composer
        if shipped {
            composer.records = records
        } else {
            composer.tools = [RecordLookupTool(records: records)]
            composer.schema = records.screenSchema()
        }
        let started = ContinuousClock.now
        let composed = try? await composer.compose(intent.intent)
        let elapsed = (ContinuousClock.now - started).secondsValue
        guard let composed else { return Measurement(seconds: elapsed, rowsExpected: intent.rows) }
        let named = NamedIntent(intent.intent, [])
        let shown = composed.screen.sections.flatMap(\.components).flatMap { component -> [String] in
            if case .standings(_, let rows) = component { return rows.elements.map(\.name) }
            return []
        }
        return Measurement(
            seconds: elapsed, tokens: composed.metadata.usage.completionTokens,
            raw: ScreenQuality(screen: composed.screen, intent: named),
            shown: ScreenQuality(screen: composed.screen, intent: named),
            placeholders: composed.placeholders.count, values: composed.values.count,
            rowsShown: shown, rowsExpected: intent.rows)
    }

    /// What one composition measured: its time, its tokens when it answered, its quality when it was valid.
    struct Measurement {
        var seconds: Double
        var tokens: Int?
        var raw: ScreenQuality?
        var shown: ScreenQuality?
        var placeholders = 0
        var values = 0
        /// For a data intent: the record names the screen's standings show, and those asked, in order.
        var rowsShown: [String] = []
        var rowsExpected: [String]?
    }

    /// How many of `intent`'s named elements its outline lists (a field as a field, a figure as a fact or message).
    static func listedElements(_ intent: NamedIntent) -> Int {
        let outline = ScreenOutline.read(from: intent.intent)
        return intent.elements.filter { element in
            outline.elements.contains { outlined in
                let kindMatches =
                    switch (element.kind, outlined.kind) {
                    case (.field, .field), (.button, .button), (.toggle, .toggle), (.figure, .fact),
                        (.figure, .message):
                        true
                    default: false
                    }
                return kindMatches && element.terms.contains { outlined.label.lowercased().contains($0.lowercased()) }
            }
        }.count
    }

    static func add(
        _ tallies: [Tally], ratios: [Samples], variants: [Variant], indices: [Int], shipped: Int, prefix: String,
        to report: inout Report
    ) {
        func percent(_ part: Int, _ whole: Int) -> Double { whole == 0 ? .nan : Double(part) / Double(whole) * 100 }
        // The goals hold for the shipped variant on every corpus; the earlier figures stand beside them.
        for index in indices {
            let tally = tallies[index]
            let variant = variants[index]
            let isShipped = index == shipped
            let name = "\(prefix)\(variant.label)"
            func goal(_ text: String, _ met: Bool) -> (String?, Bool?) { isShipped ? (text, met) : (nil, nil) }
            func add(_ figure: String, _ value: Double, _ unit: String, _ target: (String?, Bool?) = (nil, nil)) {
                report.add(
                    Figure(
                        section: section, name: "\(name): \(figure)", value: value, unit: unit,
                        goal: target.0, metGoal: target.1))
            }
            add("valid screens", percent(tally.valid, tally.screens), "%", goal("100 %", tally.valid == tally.screens))
            if tally.dataIntents > 0 {
                let exact = percent(tally.exactRows, tally.dataIntents)
                add(
                    "data intents whose screen shows exactly the rows asked, in order", exact, "%",
                    goal("100 %", exact == 100))
                add("rows asked that the screen shows", percent(tally.rowsShown, tally.rowsAsked), "%")
            } else {
                let coverage = percent(tally.present, tally.named)
                add("named elements shown", coverage, "%", goal("≥ 90 %", coverage >= 90))
                let kinds = percent(tally.rightKind, tally.shownAnyKind)
                add(
                    "kind accuracy (named elements shown in a component of their kind, of those shown at all)", kinds,
                    "%",
                    goal("≥ 90 %", kinds >= 90))
                add("repeated components as composed", percent(tally.repeatedRaw, tally.components), "%")
                let shownRepeats = percent(tally.repeatedShown, tally.componentsShown)
                add("repeated components shown", shownRepeats, "%", goal("≤ 5 %", shownRepeats <= 5))
                let copied = percent(tally.copiedTitles, tally.valid)
                add("titles that copy the intent", copied, "%", goal("≤ 10 %", copied <= 10))
            }
            add("screens with a nonsense value as composed", percent(tally.nonsenseRaw, tally.valid), "%")
            let nonsense = percent(tally.nonsenseShown, tally.valid)
            add("screens with a nonsense value shown", nonsense, "%", goal("≤ 10 %", nonsense <= 10))
            add("values shown as marked placeholders", percent(tally.placeholders, tally.values), "%")
            add("median tokens per screen", tally.tokens.median, "tokens")
            add("median time per screen", tally.seconds.median * 1000, "ms")
            guard index != indices[0] else { continue }
            let reference = variants[indices[0]].label.components(separatedBy: " (").first ?? ""
            let ratio = ratios[index].median
            let target = indices[0] == 0 ? goal("≤ 0.6×", ratio <= 0.6) : goal("≤ 1.1×", ratio <= 1.1)
            add("time per screen / \(reference) (median of per-intent ratios)", ratio, "×", target)
        }
    }
}

extension QualityBenchmark.Tally {
    mutating func add(_ measurement: QualityBenchmark.Measurement) {
        screens += 1
        seconds.append(measurement.seconds)
        if let count = measurement.tokens { tokens.append(Double(count)) }
        if let expected = measurement.rowsExpected {
            dataIntents += 1
            rowsAsked += expected.count
            if measurement.rowsShown == expected { exactRows += 1 }
            rowsShown += expected.filter(measurement.rowsShown.contains).count
        }
        guard let raw = measurement.raw, let shown = measurement.shown else { return }
        valid += 1
        rightKind += shown.presentElements
        shownAnyKind += shown.shownInAnyKind
        if raw.nonsenseValues > 0 { nonsenseRaw += 1 }
        if shown.nonsenseValues > 0 { nonsenseShown += 1 }
        values += measurement.values
        placeholders += measurement.placeholders
        present += shown.presentElements
        named += shown.namedElements
        repeatedRaw += raw.repeatedComponents
        components += raw.components
        repeatedShown += shown.repeatedComponents
        componentsShown += shown.components
        if shown.titleCopiesIntent { copiedTitles += 1 }
    }
}
