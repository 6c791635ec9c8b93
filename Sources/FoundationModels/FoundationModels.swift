// The module `import FoundationModels` finds on Linux when an app links genui's `FoundationModels` product
// (conditionally, `.when(platforms: [.linux])`): genui's Foundation Models layer, GenUIFoundationModels, under Apple's
// module name. Code guarded by `#if canImport(FoundationModels)` then takes its AI branch on Linux unchanged, while on
// Apple platforms the product is not linked and Apple's framework is the one imported.
@_exported import GenUIFoundationModels
