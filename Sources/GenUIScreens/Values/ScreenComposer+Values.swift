import GenUI

extension ScreenComposer {
    /// Settles where each value of `composed` comes from (``ComposedScreen/values``), replacing with a marked
    /// placeholder every value that breaks ``ValueSanity`` (when ``checksValues``) and, when the model may not invent
    /// content (``mayInventValues`` off), every key-value's value the model wrote that the intent does not hold. Each
    /// replacement is reported as a repair. Rows of an outlined screen's records (its first section) are the data's
    /// and are left as they are.
    func settleValues(_ composed: ComposedScreen, intent: String?, fromTools: Bool) -> ComposedScreen {
        var result = composed
        var log = RepairLog()
        let dataSection = composed.outline?.records != nil ? 0 : nil
        var problems: [String: ValueSanity.Problem] = [:]
        if checksValues {
            for (path, problem) in ValueSanity.problems(in: composed.screen) { problems[path] = problem }
        }
        let spoken = intent.map(ValueSanity.normalized).map { " \($0) " }
        let written: ValueSource = fromTools ? .tool : .model
        var values: [ScreenValue] = []
        func replace(_ path: String, _ problem: ValueSanity.Problem, with placeholder: String) {
            log.note(
                path, "replaced a value that \(problem.englishReason) with the placeholder \"\(placeholder)\"",
                problem.repairKey, ["placeholder": .text(placeholder)])
        }
        for (sectionIndex, section) in composed.screen.sections.enumerated() {
            for (componentIndex, component) in section.components.enumerated() {
                let path = ScreenPath.component(sectionIndex, componentIndex)
                switch component {
                case .keyValue(let key, let value):
                    let valuePath = path + ".value"
                    let placeholder = PlaceholderText.forLabel(key.text)
                    var source = written
                    if let problem = problems[valuePath] {
                        replace(valuePath, problem, with: placeholder)
                        source = .placeholder
                    } else if PlaceholderText.all.contains(value.text) {
                        source = .placeholder
                    } else if let spoken, spoken.contains(" \(ValueSanity.normalized(value.text)) ") {
                        source = .intent
                    } else if !mayInventValues {
                        log.note(
                            valuePath,
                            "replaced a value the model wrote without a source with the placeholder \"\(placeholder)\"",
                            "unsourcedValue", ["placeholder": .text(placeholder)])
                        source = .placeholder
                    }
                    if source == .placeholder, value.text != placeholder, !PlaceholderText.all.contains(value.text) {
                        result.screen.sections[sectionIndex].components[componentIndex] =
                            .keyValue(key: key, value: ShortText(verbatim: placeholder))
                    }
                    values.append(ScreenValue(path: valuePath, source: source))
                case .list(var items):
                    for index in items.elements.indices {
                        let itemPath = "\(path).items[\(index)]"
                        if let problem = problems[itemPath] {
                            replace(itemPath, problem, with: PlaceholderText.blank)
                            items.elements[index] = ShortText(verbatim: PlaceholderText.blank)
                            values.append(ScreenValue(path: itemPath, source: .placeholder))
                        } else {
                            values.append(ScreenValue(path: itemPath, source: written))
                        }
                    }
                    result.screen.sections[sectionIndex].components[componentIndex] = .list(items: items)
                case .standings(let title, var rows):
                    for index in rows.elements.indices {
                        let rowPath = "\(path).rows[\(index)]"
                        if sectionIndex == dataSection {
                            values.append(ScreenValue(path: rowPath, source: .data))
                        } else if let problem = problems[rowPath] {
                            replace(rowPath, problem, with: PlaceholderText.blank)
                            rows.elements[index].value = PlaceholderText.blank
                            if ValueSanity.hasTokenRun(rows.elements[index].name) {
                                rows.elements[index].name = PlaceholderText.blank
                            }
                            values.append(ScreenValue(path: rowPath, source: .placeholder))
                        } else {
                            values.append(ScreenValue(path: rowPath, source: written))
                        }
                    }
                    result.screen.sections[sectionIndex].components[componentIndex] = .standings(
                        title: title, rows: rows)
                default:
                    continue
                }
            }
        }
        result.values = values
        result.repairs += log.repairs
        return result
    }
}

extension ValueSanity.Problem {
    /// The repair's message in the diagnostics catalog (`screen.repair.*`).
    var repairKey: String {
        switch self {
        case .repeatedToken: "valueRepeatsToken"
        case .copiedTitle: "valueCopiesTitle"
        case .sharedValue: "valueShared"
        }
    }

    /// What the value did, in English.
    var englishReason: String {
        switch self {
        case .repeatedToken: "repeats one word or number"
        case .copiedTitle: "copies the screen's title or its key"
        case .sharedValue: "several facts share"
        }
    }
}
