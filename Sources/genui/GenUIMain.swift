import ArgumentParser

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
        ])
}
