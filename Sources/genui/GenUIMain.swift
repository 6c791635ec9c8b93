import ArgumentParser
import Foundation
import GenUIDiagnostics

/// `genui`: diagnose providers, check configuration, and compose screens through provider chains.
@main
struct GenUICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "genui",
        abstract: "One language model interface over on-device, Ollama and cloud providers, with fallback chains.",
        subcommands: [
            DoctorCommand.self,
            ConfigCommand.self,
            GenerateCommand.self,
            RenderCommand.self,
            ModelsCommand.self,
            ToolsCommand.self,
        ])

    /// Runs the command the arguments name, as ArgumentParser's `main` does, except that a message for an error
    /// that ends the command (which may quote a server's or a file's text) is printed through ``Printer``, so it
    /// reaches the terminal terminal-safe like everything else genui prints.
    static func main() async {
        do {
            var command = try await asyncParseAsRoot()
            // After parsing, so that --help and usage errors do not read the catalog (they do not use it).
            if let problem = MessageCatalog.commandLine.problem {
                // Without its catalog genui still works, its messages shown by key; this line is English only.
                Printer.error("genui: the message catalog \(problem); messages are shown by their keys.")
            }
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                if code == .success { Printer.line(message) } else { Printer.error(message) }
            }
            Foundation.exit(code.rawValue)
        }
    }
}
