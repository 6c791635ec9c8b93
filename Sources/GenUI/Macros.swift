/// Makes a struct or enum ``Generable``: writes its `generationSchema`, `init(_:)`, `generatedContent` and
/// `PartiallyGenerated` type.
@attached(extension, conformances: Generable, names: named(init), named(generatedContent), named(generationSchema), named(PartiallyGenerated))
@attached(member, names: named(PartiallyGenerated), named(asPartiallyGenerated), arbitrary)
public macro Generable(description: String? = nil) = #externalMacro(module: "GenUIMacros", type: "GenerableMacro")

/// Describes a property of a `@Generable` type to the model.
@attached(peer)
public macro Guide(description: String) = #externalMacro(module: "GenUIMacros", type: "GuideMacro")

/// Describes and bounds a property of a `@Generable` type.
@attached(peer)
public macro Guide<T>(description: String? = nil, _ guides: GenerationGuide<T>...) = #externalMacro(module: "GenUIMacros", type: "GuideMacro")

/// Describes a string property of a `@Generable` type and constrains it to a regular expression.
@attached(peer)
public macro Guide<RegexOutput>(description: String? = nil, _ guide: Regex<RegexOutput>) = #externalMacro(module: "GenUIMacros", type: "GuideMacro")
