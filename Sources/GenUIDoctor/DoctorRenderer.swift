import Foundation
import GenUI
import GenUIConfig
import GenUIDiagnostics

/// Prints a doctor report as a table for people.
///
/// The report holds text from outside (messages servers sent, model names they report, paths and names from the
/// configuration): the result is ``StyledText``, whose every segment is made terminal-safe when printed, and table
/// cells are made safe and single-line before their widths are measured.
package struct DoctorRenderer {
    package let report: DoctorReport
    package let diagnostics: Diagnostics
    package let terminal: Terminal
    package let verbose: Bool

    package init(report: DoctorReport, diagnostics: Diagnostics, terminal: Terminal, verbose: Bool) {
        self.report = report
        self.diagnostics = diagnostics
        self.terminal = terminal
        self.verbose = verbose
    }

    package func render() -> StyledText {
        var lines: [StyledText] = []
        let source = diagnostics.text(
            ConfigurationNaming.source(report.configuration.source, origin: report.configuration.origin))
        lines.append(terminal.paint(diagnostics.text("doctor.header", ["source": source]), .bold))
        let notice = TrustNotice.lines(for: report.configuration.untrusted, source: source, diagnostics: diagnostics)
        for line in notice ?? [] { lines.append(terminal.paint(line, .yellow)) }
        if verbose { lines += configurationDetails() }
        if !report.requiredCapabilities.isEmpty {
            lines.append(
                StyledText(
                    diagnostics.text(
                        "doctor.chain.requires",
                        ["capabilities": diagnostics.list(ofCapabilityNames: report.requiredCapabilities)])))
        }
        for simulation in report.simulated {
            lines.append(
                terminal.paint(
                    diagnostics.text(
                        "doctor.simulated", ["provider": simulation.provider, "reason": simulation.failure]), .yellow))
        }
        lines.append("")
        lines += table()
        for chain in report.chains {
            lines.append("")
            lines.append(terminal.paint(chain.message, chain.canServe ? .green : .red))
            for skip in chain.skipped {
                let key = skip.outcome == .failed ? "doctor.chain.failed" : "doctor.chain.skipped"
                lines.append(
                    StyledText("  - " + diagnostics.text(key, ["provider": skip.provider, "reason": skip.message])))
            }
            if verbose, let trace = chain.trace {
                for sentence in diagnostics.describe(trace) { lines.append(terminal.paint("    " + sentence, .dim)) }
            }
        }
        if let servers = report.mcpServers {
            lines.append("")
            lines.append(terminal.paint(diagnostics.text("doctor.mcpServers"), .bold))
            for server in servers {
                lines.append(StyledText("  \(server.name) — \(server.target)"))
                lines.append("    " + terminal.paint(server.message, server.status == "ready" ? .green : .red))
                if verbose { for tool in server.tools { lines.append(terminal.paint("    " + tool, .dim)) } }
            }
        }
        if !report.configuration.warnings.isEmpty {
            lines.append("")
            lines.append(
                terminal.paint(
                    diagnostics.text("doctor.warnings", ["count": "\(report.configuration.warnings.count)"]), .yellow))
            for warning in report.configuration.warnings {
                lines.append(
                    StyledText(
                        "  \(warning.file):\(warning.line):\(warning.column): \(warning.keyPath): \(warning.message)"))
            }
        }
        return StyledText.joined(lines, separator: "\n") + "\n"
    }

    private func configurationDetails() -> [StyledText] {
        var lines: [StyledText] = []
        let searched = report.configuration.searched.map {
            diagnostics.text($0.found ? "doctor.verbose.found" : "doctor.verbose.absent", ["path": $0.path])
        }
        if !searched.isEmpty {
            lines.append(
                terminal.paint(
                    diagnostics.text("doctor.verbose.searched", ["paths": diagnostics.format.list(searched)]), .dim))
        }
        if report.configuration.origin == "built-in" {
            lines.append(terminal.paint(diagnostics.text("doctor.verbose.builtIn"), .dim))
        }
        let variables = report.configuration.variablesRead
        lines.append(
            terminal.paint(
                diagnostics.text(
                    "doctor.verbose.env",
                    [
                        "names": variables.isEmpty
                            ? diagnostics.text("doctor.none") : diagnostics.format.list(variables)
                    ]), .dim))
        return lines
    }

    private func table() -> [StyledText] {
        let header = [
            "", diagnostics.text("doctor.column.provider"), diagnostics.text("doctor.column.type"),
            diagnostics.text("doctor.column.model"), diagnostics.text("doctor.column.status"),
        ]
        let rows = report.providers.map { provider in
            [provider.mark, provider.name, provider.type, Self.shortModel(provider.model), provider.message].map {
                TerminalSafeText.sanitized($0, lines: .singleLine)
            }
        }
        var widths = header.map(DisplayWidth.of)
        for row in rows {
            for (index, cell) in row.enumerated().dropLast() {
                widths[index] = max(widths[index], DisplayWidth.of(cell))
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : DisplayWidth.pad(cell, to: widths[index])
            }.joined(separator: "  ")
        }
        var lines = [terminal.paint(line(header), .bold)]
        for (provider, row) in zip(report.providers, rows) {
            lines.append(
                terminal.paint(row[0], style(for: provider.status)) + String(line(row).dropFirst(row[0].count)))
            let indent = String(repeating: " ", count: widths[0] + 2)
            if let remediation = provider.remediation, provider.status != "available" {
                lines.append(indent + terminal.paint("→ " + remediation, .dim))
            }
            if let deep = provider.deep, deep.ok {
                lines.append(
                    StyledText(indent)
                        + diagnostics.text(
                            "doctor.deep.ok", ["duration": diagnostics.format.duration(seconds: deep.durationSeconds)]))
            }
            if verbose {
                lines.append(
                    indent
                        + terminal.paint(
                            diagnostics.text(
                                "doctor.verbose.checkTook",
                                ["duration": diagnostics.format.duration(seconds: provider.durationSeconds)]), .dim))
                if !provider.capabilities.isEmpty {
                    lines.append(
                        indent
                            + terminal.paint(
                                diagnostics.text(
                                    "doctor.verbose.capabilities",
                                    ["capabilities": diagnostics.list(ofCapabilityNames: provider.capabilities)]), .dim)
                    )
                }
                if let endpoint = provider.endpoint {
                    lines.append(
                        indent
                            + terminal.paint(diagnostics.text("doctor.verbose.endpoint", ["endpoint": endpoint]), .dim))
                }
                if let secret = provider.secret {
                    lines.append(
                        indent
                            + terminal.paint(
                                diagnostics.text(
                                    secret.isSet ? "doctor.verbose.secretSet" : "doctor.verbose.secretNotSet",
                                    ["variable": secret.environmentVariable]), .dim))
                }
                for fact in provider.facts {
                    lines.append(indent + terminal.paint(Self.describe(fact, diagnostics), .dim))
                }
            }
        }
        return lines
    }

    private func style(for status: String) -> Terminal.Style {
        switch status {
        case "available": .green
        case "caveat": .yellow
        case "crashed": .magenta
        case "pending": .dim
        default: .red
        }
    }

    /// One fact a provider found, `kind: text`, both in the user's language when the fact carries its catalog message.
    package static func describe(_ fact: ProviderFact, _ diagnostics: Diagnostics) -> String {
        let kinds = ["path", "env", "endpoint", "version", "note"]
        let kind = kinds.contains(fact.kind) ? diagnostics.text("doctor.fact.kind.\(fact.kind)") : fact.kind
        return "\(kind): " + (fact.localized.map(diagnostics.text) ?? fact.text)
    }

    /// A model path shown by its file name; other model names as written.
    package static func shortModel(_ model: String?) -> String {
        guard let model else { return "—" }
        return model.contains("/") ? (model as NSString).lastPathComponent : model
    }
}
