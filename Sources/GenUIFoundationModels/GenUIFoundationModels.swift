// Foundation Models code runs on genui with one line changed: `import FoundationModels` becomes
// `import GenUIFoundationModels` (or stays as it is, with the `FoundationModels` product linked on Linux). This module
// re-exports the core (sessions, @Generable, options, availability) and makes `SystemLanguageModel.default` the
// default chain of the configured providers.yml.
@_exported import GenUI
// Apple's framework re-exports Observation, so a file that imports it can write `@Observable` with no other import;
// so can a file that imports this module.
@_exported import Observation
