// Foundation Models code runs on genui with one line changed: `import FoundationModels` becomes
// `import GenUIFoundationModels`. This module re-exports the core (sessions, @Generable, options, availability) and
// makes `SystemLanguageModel.default` the default chain of the configured providers.yml.
@_exported import GenUI
