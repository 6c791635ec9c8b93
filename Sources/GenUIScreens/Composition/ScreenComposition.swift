/// How a ``ScreenComposer`` composes a screen.
public enum ScreenComposition: String, Sendable, Hashable, CaseIterable {
    /// The things the intent names (``ScreenOutline/read(from:infersKinds:)``) are each shown once, grouped into facts,
    /// inputs and actions; the model writes the title, the section titles and every value around them. An intent that
    /// names nothing this way, a composition with tools, and a model without guided generation are composed freely.
    case outlined
    /// The model picks and arranges any components of the vocabulary under the ``UIScreen`` schema.
    case free
}
