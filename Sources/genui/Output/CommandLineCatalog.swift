import GenUIDiagnostics

extension MessageCatalog {
    /// The command line's messages: genui's own (``MessageCatalog/standard``) with `CLI.xcstrings`, the keys only
    /// the `genui` command uses, from this program's resources.
    static let commandLine: MessageCatalog = standard.merging(
        loading(
            ResourceLocator.file(
                "CLI.xcstrings", inBundleOf: "genui", sourceFile: #filePath, sourceFolder: "Resources"),
            named: "CLI.xcstrings"))
}
