import ArgumentParser

/// The `genui` command line (a minimal root; the full root with `doctor` and `config` lives with the router).
struct GenUICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "genui",
        abstract: "Generative UI from language models: compose screens from a fixed component vocabulary.",
        subcommands: [GenerateCommand.self, RenderCommand.self])
}

/// Runs an async root command (in a generic context the async `main()` is the one chosen).
func runAsync<Root: AsyncParsableCommand>(_ root: Root.Type) async {
    await root.main()
}

await runAsync(GenUICommand.self)
