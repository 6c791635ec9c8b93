import GenUI

/// How a screen is composed, decided once per intent by ``ScreenComposer/decision(for:)`` and carried by the
/// result (``ComposedScreen/decision``), so a caller reads why instead of working it out again.
public enum CompositionDecision: Sendable {
    /// The model fills in the outline read from the intent (``ScreenOutline/fillInSchema``).
    case outlined(ScreenOutline)
    /// The model composes the whole screen, for the reason given.
    case free(FreeCompositionReason)

    /// The outline, for an outlined composition.
    public var outline: ScreenOutline? {
        if case .outlined(let outline) = self { outline } else { nil }
    }
}

/// Why a screen is composed freely rather than from an outline.
public enum FreeCompositionReason: String, Sendable, Hashable, CaseIterable {
    /// The composer was set to compose freely (``ScreenComposition/free``).
    case chosen
    /// The composition calls tools, which give the facts; an outline is read only for compositions without tools.
    case tools
    /// The model that answered was not held to the outline's schema: the chain has no guided generation, or its
    /// unguided answer did not fill the outline in.
    case unguided
    /// The intent names no field, button, toggle, fact or message that the outline reader knows.
    case nothingNamed
}
