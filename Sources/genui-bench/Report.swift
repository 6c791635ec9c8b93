import Foundation
import GenUI

/// One measured figure of the benchmark report.
struct Figure: Sendable {
    var section: String
    var name: String
    var value: Double
    var unit: String
    var goal: String?
    /// `nil` when the figure has no goal.
    var metGoal: Bool?
    var note: String?
}

/// Collects figures and writes them as Markdown and JSON.
struct Report {
    var figures: [Figure] = []
    var notes: [String: [String]] = [:]
    var command: String
    var machine: String

    mutating func add(_ figure: Figure) {
        figures.append(figure)
        FileHandle.standardError.write(
            Data("  \(figure.section) · \(figure.name): \(Self.format(figure.value)) \(figure.unit)\n".utf8))
    }

    mutating func note(_ section: String, _ text: String) { notes[section, default: []].append(text) }

    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        if value == value.rounded() && abs(value) < 1e9 { return String(Int(value)) }
        return String(format: abs(value) >= 100 ? "%.0f" : abs(value) >= 1 ? "%.2f" : "%.3f", value)
    }

    func markdown() -> String {
        var text = "# Performance\n\n"
        text +=
            "Produced by `\(command)` on \(machine). Every figure is a ratio or a median of interleaved runs measured "
        text += "in one process run; absolute times on this shared machine are noisy and only indicative.\n"
        var sections: [String] = []
        for figure in figures where !sections.contains(figure.section) { sections.append(figure.section) }
        for section in sections {
            text += "\n## \(section)\n\n| figure | value | goal | met |\n|---|---|---|---|\n"
            for figure in figures where figure.section == section {
                let met = figure.metGoal.map { $0 ? "yes" : "**no**" } ?? ""
                text +=
                    "| \(figure.name) | \(Self.format(figure.value)) \(figure.unit) | \(figure.goal ?? "") | \(met) |\n"
            }
            for note in notes[section] ?? [] { text += "\n\(note)\n" }
        }
        let goals = figures.filter { $0.metGoal != nil }
        let missed = goals.filter { $0.metGoal == false }
        text += "\n## Goals in this run\n\n\(goals.count - missed.count) of \(goals.count) goals met.\n"
        for figure in missed {
            text +=
                "- Not met: \(figure.section) · \(figure.name): \(Self.format(figure.value)) \(figure.unit) (goal \(figure.goal ?? "")).\n"
        }
        return text
    }

    func json() -> String {
        let figures = figures.map { figure -> GeneratedContent in
            var properties: [(String, GeneratedContent)] = [
                ("section", figure.section.generatedContent), ("name", figure.name.generatedContent),
                ("value", GeneratedContent(kind: figure.value.isFinite ? .number(figure.value) : .null)),
                ("unit", figure.unit.generatedContent),
            ]
            if let goal = figure.goal { properties.append(("goal", goal.generatedContent)) }
            if let met = figure.metGoal { properties.append(("met", met.generatedContent)) }
            return GeneratedContent(orderedProperties: properties)
        }
        return GeneratedContent(orderedProperties: [
            ("version", 1.generatedContent), ("command", command.generatedContent),
            ("machine", machine.generatedContent), ("figures", GeneratedContent(kind: .array(figures))),
        ]).jsonString
    }

    /// "2 cores, Intel(R) Xeon(R) …" from /proc/cpuinfo where available.
    static func describeMachine() -> String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var model = "unknown CPU"
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let value = line.split(separator: ":", maxSplits: 1).last
        {
            model = value.trimmingCharacters(in: .whitespaces)
        }
        let memory = ProcessInfo.processInfo.physicalMemory / (1 << 30)
        return "\(cores) cores, \(model), \(memory) GiB"
    }
}
