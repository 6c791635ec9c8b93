import GenUI

extension ScreenRepairer {
    /// Drops every component that is identical to an earlier one on the screen (same kind, same text, same style),
    /// keeping the first, and reports each drop as a `screen.repair.repeatedComponent` repair. Dividers are left
    /// alone (separating is what they are for; doubled ones are repaired elsewhere). A section left with no content
    /// is dropped and reported too. Small models repeat a component until a section is full: six identical
    /// "Login and Register" buttons say no more than one.
    public func dropRepeatedComponents(_ screen: UIScreen) -> RepairedScreen {
        var log = RepairLog()
        var seen = Set<UIComponent>()
        var result = screen
        result.sections = []
        for (sectionIndex, section) in screen.sections.enumerated() {
            var kept = section
            kept.components = []
            for (componentIndex, component) in section.components.enumerated() {
                guard component.isDivider || seen.insert(component).inserted else {
                    log.note(
                        ScreenPath.component(sectionIndex, componentIndex),
                        "dropped a \(component.kind) identical to one earlier on the screen", "repeatedComponent",
                        ["kind": .text(component.kind)])
                    continue
                }
                kept.components.append(component)
            }
            guard kept.components.contains(where: { !$0.isDivider }) else {
                log.note(ScreenPath.section(sectionIndex), "dropped a section with no content", "emptySection")
                continue
            }
            result.sections.append(kept)
        }
        return RepairedScreen(screen: result, repairs: log.repairs)
    }
}
