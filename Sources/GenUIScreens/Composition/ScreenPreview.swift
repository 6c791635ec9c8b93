@_spi(Reading) import GenUI

/// What can be shown of a screen while it is still being generated: the title as far as it has arrived, and each
/// section's title and its components that are complete enough to draw.
///
/// A preview is for the eyes only. It is not validated or repaired (that happens once, to the final screen), so a
/// preview may hold a title cut off mid-word or a section with no component yet; renderers draw it all the same.
public enum ScreenPreview {
    /// The screen so far in `partial` (the prefix of a screen's JSON, parsed), or `nil` while nothing drawable has
    /// arrived (no title yet).
    ///
    /// A component appears once it decodes as a ``UIComponent``: every property it needs has arrived (the last
    /// text of it may still grow; an array element still arriving, such as a table row, is left out until it has).
    /// Anything else in the partial document — unknown properties, a component still missing a property, a value of the
    /// wrong kind — is left out of the preview, never guessed.
    public static func screen(from partial: GeneratedContent) -> UIScreen? {
        guard let title = partial["title"]?.stringValue else { return nil }
        let sections = (partial["sections"]?.elements ?? []).compactMap(section)
        return UIScreen(title: title, sections: sections)
    }

    private static func section(_ content: GeneratedContent) -> UISection? {
        let components = (content["components"]?.elements ?? []).compactMap { try? UIComponent(arrived($0)) }
        let title = content["title"]?.stringValue ?? ""
        guard !title.isEmpty || !components.isEmpty else { return nil }
        return UISection(title: title, components: components)
    }

    /// `content` without the element still arriving at the end of each of its arrays (a table row missing its
    /// value, say), so a component shown once stays shown while its next element arrives.
    private static func arrived(_ content: GeneratedContent) -> GeneratedContent {
        switch content.kind {
        case .array(let elements):
            let complete = elements.last?.isComplete == false ? elements.dropLast() : elements[...]
            return GeneratedContent(kind: .array(complete.map(arrived)), isComplete: content.isComplete)
        case .structure(let properties, let keys):
            return GeneratedContent(
                kind: .structure(properties: properties.mapValues(arrived), orderedKeys: keys),
                isComplete: content.isComplete)
        default:
            return content
        }
    }
}
