import ArgumentParser

/// `genui`: diagnose, configure and (with later subcommands) generate through provider chains.
@main
struct GenUICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "genui",
        abstract: "One language model interface over on-device, Ollama and cloud providers, with fallback chains.",
        subcommands: [
            DoctorCommand.self,
            ConfigCommand.self,
            // `generate` and `render` register here when they land (Commands/GenerateCommand.swift,
            // Commands/RenderCommand.swift).
        ])
}
