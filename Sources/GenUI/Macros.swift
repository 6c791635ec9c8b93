/// Makes a struct or enum ``Generable``: writes its `generationSchema`, `init(_:)`, `generatedContent` and
/// `PartiallyGenerated` type.
///
/// Structs become objects with one property per stored property, in declaration order. Enums without associated
/// values become string choices (the case names); enums with associated values become one object per case whose
/// `"type"` property holds the case name. See docs/generable.md.
@attached(
    extension, conformances: Generable, Sendable,
    names: named(init), named(generatedContent), named(generationSchema))
@attached(member, names: named(PartiallyGenerated))
public macro Generable(description: String? = nil) = #externalMacro(module: "GenUIMacros", type: "GenerableMacro")

/// Describes a property of a `@Generable` type to the model.
@attached(peer)
public macro Guide(description: String) = #externalMacro(module: "GenUIMacros", type: "GuideMacro")

/// Describes and bounds a property of a `@Generable` type.
@attached(peer)
public macro Guide<T>(description: String? = nil, _ guides: GenerationGuide<T>...) =
    #externalMacro(module: "GenUIMacros", type: "GuideMacro")

/// Describes and bounds an array property of a `@Generable` type with count guides (`.count`, `.minimumCount`,
/// `.maximumCount`), whose element type the guides alone do not name.
@attached(peer)
public macro Guide(description: String? = nil, _ guides: GenerationGuide<[GeneratedContent]>...) =
    #externalMacro(module: "GenUIMacros", type: "GuideMacro")

/// Describes a string property of a `@Generable` type and constrains it to a regular expression literal.
@attached(peer)
public macro Guide<RegexOutput>(description: String? = nil, _ guide: Regex<RegexOutput>) =
    #externalMacro(module: "GenUIMacros", type: "GuideMacro")
