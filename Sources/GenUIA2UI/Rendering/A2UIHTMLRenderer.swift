import GenUI

/// Renders resolved A2UI surfaces as one static, self-contained HTML page with the same policy as genui's own
/// screens: inline CSS only, no script, no external resource (a Content-Security-Policy of `default-src 'none'`
/// backs this up), and every string from the stream escaped whether it lands in content or in an attribute.
///
/// Inputs show their bound values; failed checks show their messages. Images, video and audio are never loaded:
/// they become labelled placeholders, with a link when the URL's scheme is `https` or `http` (any other scheme —
/// `javascript:`, `data:`, `file:` — is shown as text only).
public struct A2UIHTMLRenderer: Sendable {
    /// The output bound (``A2UILimits/maximumOutputBytes``).
    public var limits: A2UILimits
    /// The notice shown where the output was cut (English by default).
    public var cutNotice: @Sendable (A2UIOutputCut) -> String

    /// Creates a renderer.
    public init(
        limits: A2UILimits = .default,
        cutNotice: @escaping @Sendable (A2UIOutputCut) -> String = A2UIOutputCut.englishNotice
    ) {
        self.limits = limits
        self.cutNotice = cutNotice
    }

    /// The page for `resolutions` (one section per surface).
    public func render(_ resolutions: [A2UIResolution], title: String = "A2UI") -> String {
        renderedOutput(resolutions, title: title).text
    }

    /// The bytes kept free for closing the open elements and the notice of a cut.
    static let reserve = 8_192

    /// The page for `resolutions` within ``A2UILimits/maximumOutputBytes``: every text is paid for before it is
    /// escaped, and a page that reaches the bound closes its open elements and ends with a notice saying where it
    /// was cut.
    public func renderedOutput(_ resolutions: [A2UIResolution], title: String = "A2UI") -> A2UIRenderedOutput {
        let page = HTMLPage(
            budget: A2UIOutputBudget(maximumLines: nil, maximumBytes: limits.maximumOutputBytes, reserve: Self.reserve))
        page.html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="genui">
            <title>\(Self.escape(A2UISize.prefix(title, bytes: 512)))</title>
            <style>\(Self.css)</style>
            </head>
            <body>
            <main class="screen">

            """
        _ = page.budget.take(bytes: page.html.utf8.count, at: nil)
        for resolution in resolutions {
            page.budget.surfaceID = resolution.surfaceID
            let surfaceID = page.attribute(resolution.surfaceID, nil)
            guard
                page.raw(
                    "<section class=\"surface\" data-surface=\"\(surfaceID)\"\(Self.themeStyle(resolution.theme))>\n",
                    nil)
            else { break }
            if let agent = Self.agentLine(resolution.theme), !page.raw(agent, nil) { break }
            if let root = resolution.root { render(root, page) }
            page.close("</section>\n")
        }
        if let cut = page.budget.cut {
            page.close(
                "<p class=\"cut\" role=\"status\">\(Self.escape(A2UISize.prefix(cutNotice(cut), bytes: 1_024)))</p>\n")
        }
        page.close("</main>\n</body>\n</html>\n")
        return A2UIRenderedOutput(text: page.html, cut: page.budget.cut)
    }

    /// The `style` attribute that applies a surface's theme (empty without one): the primary colour as the accent
    /// of buttons and borders, the font for the whole surface. Both were validated when the surface was created
    /// (``A2UITheme``), so neither can end the declaration they sit in.
    static func themeStyle(_ theme: A2UITheme) -> String {
        var declarations: [String] = []
        if let color = theme.primaryColor { declarations.append("--accent:\(color.hex)") }
        if let font = theme.font { declarations.append("font-family:\(font)") }
        return declarations.isEmpty ? "" : " style=\"\(attribute(declarations.joined(separator: ";")))\""
    }

    /// The line naming the agent that made the surface, with its icon's URL as a link (never loaded), or `nil`.
    static func agentLine(_ theme: A2UITheme) -> String? {
        guard theme.agentDisplayName != nil || theme.iconURL != nil else { return nil }
        var line = "<p class=\"agent\">"
        if let name = theme.agentDisplayName { line += escape(name) }
        if let url = theme.iconURL, isAllowedURL(url) {
            line += " <a class=\"agent-icon\" href=\"\(escape(url))\" rel=\"noopener noreferrer\">\(escape(url))</a>"
        }
        return line + "</p>\n"
    }

    /// Escapes text for element content or a quoted attribute, as genui's screens are escaped (`HTMLEscaping`).
    public static func escape(_ text: String) -> String { HTMLEscaping.escape(text) }

    /// `text` escaped for an attribute value; `:` is escaped too (`HTMLEscaping.escapeAttribute(_:)`).
    public static func attribute(_ text: String) -> String { HTMLEscaping.escapeAttribute(text) }

    /// Whether `url` may become a link: `https:` or `http:` only, no control characters or spaces.
    public static func isAllowedURL(_ url: String) -> Bool {
        let lower = url.prefix(8).lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return false }
        return !url.unicodeScalars.contains {
            TerminalSafeText.isUnsafe($0) || $0 == " " || $0 == "\"" || $0 == "<" || $0 == ">"
        }
    }

    private func media(_ kind: String, _ node: A2UINode, _ page: HTMLPage) {
        let url = page.value(node, "url")
        let description = page.value(node, "description")
        let label = kind + (description.isEmpty ? "" : ": " + description)
        let link =
            Self.isAllowedURL(url)
            ? "<a href=\"\(Self.escape(url))\" rel=\"noopener noreferrer\">\(Self.escape(url))</a>"
            : "<span class=\"url\">\(Self.escape(url))</span>"
        _ = page.raw(
            "<figure class=\"media\" data-kind=\"\(kind.lowercased())\"><figcaption>\(Self.escape(label))</figcaption>\(link)</figure>\n",
            node.id)
    }

    private func checks(_ node: A2UINode, _ page: HTMLPage) {
        for message in node.failedChecks {
            guard page.raw("<p class=\"check-failed\" role=\"alert\">\(page.text(message, node.id))</p>\n", node.id)
            else { return }
        }
    }

    private func children(_ node: A2UINode, _ page: HTMLPage) {
        for child in node.children where !page.budget.isExhausted { render(child, page) }
    }

    /// Writes `node` (and its subtree) into `page`, within its budget.
    func render(_ node: A2UINode, _ page: HTMLPage) {
        guard !page.budget.isExhausted else { return }
        let id = page.attribute(node.id, node.id)
        func text(_ name: String) -> String { page.text(page.value(node, name), node.id) }
        func container(_ open: String, _ close: String, _ body: () -> Void) {
            guard page.raw(open, node.id) else { return }
            body()
            page.close(close)
        }
        switch node.type {
        case "Text":
            var shown = page.value(node, "text")
            let variant = node.text("variant")
            if ["h1", "h2", "h3", "h4", "h5"].contains(variant) {
                shown = String(shown.drop { $0 == "#" }.drop { $0 == " " })
                _ = page.raw("<\(variant) id=\"\(id)\">\(page.text(shown, node.id))</\(variant)>\n", node.id)
            } else if variant == "caption" {
                _ = page.raw("<p class=\"caption\" id=\"\(id)\">\(page.text(shown, node.id))</p>\n", node.id)
            } else {
                _ = page.raw("<p id=\"\(id)\">\(page.text(shown, node.id))</p>\n", node.id)
            }
        case "Image": media("Image", node, page)
        case "Video": media("Video", node, page)
        case "AudioPlayer": media("Audio", node, page)
        case "Icon":
            let name =
                node.properties["name"].map { $0.orderedProperties == nil ? page.value(node, "name") : "svg" } ?? ""
            _ = page.raw(
                "<span class=\"icon\" role=\"img\" aria-label=\"\(Self.attribute(name))\">\(Self.escape(name))</span>\n",
                node.id)
        case "Divider":
            _ = page.raw(node.text("axis") == "vertical" ? "<span class=\"vr\"></span>\n" : "<hr>\n", node.id)
        case "Row": container("<div class=\"row\" id=\"\(id)\">\n", "</div>\n") { children(node, page) }
        case "Column": container("<div class=\"column\" id=\"\(id)\">\n", "</div>\n") { children(node, page) }
        case "List":
            let direction = node.text("direction") == "horizontal" ? "row" : "column"
            container("<ul class=\"list \(direction)\" id=\"\(id)\">\n", "</ul>\n") {
                for child in node.children {
                    guard page.raw("<li>", child.id) else { break }
                    render(child, page)
                    page.close("</li>\n")
                }
            }
        case "Card": container("<div class=\"card\" id=\"\(id)\">\n", "</div>\n") { children(node, page) }
        case "Tabs":
            let titles = node.properties["tabTitles"]?.elements ?? []
            container("<div class=\"tabs\" id=\"\(id)\">\n", "</div>\n") {
                for (index, child) in node.children.enumerated() {
                    let title =
                        index < titles.count
                        ? page.text(A2UIEvaluator.text(titles[index], limit: page.budget.remainingBytes + 1), node.id)
                        : ""
                    guard
                        page.raw(
                            "<details class=\"tab\"\(index == 0 ? " open" : "")><summary>\(title)</summary>\n", node.id)
                    else { break }
                    render(child, page)
                    page.close("</details>\n")
                }
            }
        case "Modal":
            container("<div class=\"modal\" id=\"\(id)\">\n", "</div>\n") {
                if let trigger = node.children.first { render(trigger, page) }
                if node.children.count > 1,
                    page.raw("<details class=\"modal-content\"><summary>Open</summary>\n", node.id)
                {
                    render(node.children[1], page)
                    page.close("</details>\n")
                }
            }
        case "Button":
            let variant = ["primary", "borderless"].contains(node.text("variant")) ? " " + node.text("variant") : ""
            let label = page.label(node.children)
            let name = node.action.map { " data-action=\"\(page.attribute($0.name, node.id))\"" } ?? ""
            guard
                page.raw(
                    "<button type=\"button\" class=\"btn\(variant)\" id=\"\(id)\"\(name)>\(label)</button>\n", node.id)
            else { return }
            checks(node, page)
        case "TextField":
            let variant = node.text("variant")
            let type = variant == "obscured" ? "password" : variant == "number" ? "number" : "text"
            let value = page.value(node, "value")
            let field =
                variant == "longText"
                ? "<textarea id=\"\(id)-input\" readonly>\(page.text(value, node.id))</textarea>"
                : "<input id=\"\(id)-input\" type=\"\(type)\" value=\"\(page.attribute(value, node.id))\" readonly>"
            container(
                "<div class=\"field\" id=\"\(id)\"><label for=\"\(id)-input\">\(text("label"))</label>\(field)\n",
                "</div>\n"
            ) { checks(node, page) }
        case "CheckBox":
            let checked = node.properties["value"].map(A2UIEvaluator.truth) ?? false
            container(
                "<div class=\"toggle\" id=\"\(id)\"><input type=\"checkbox\" id=\"\(id)-input\"\(checked ? " checked" : "") disabled><label for=\"\(id)-input\">\(text("label"))</label>\n",
                "</div>\n"
            ) { checks(node, page) }
        case "ChoicePicker":
            let selected = Set(
                (node.properties["value"]?.elements ?? []).prefix(1_000).map { A2UIEvaluator.text($0, limit: 1_000) })
            let type = node.text("variant") == "multipleSelection" ? "checkbox" : "radio"
            let label = text("label")
            container(
                "<fieldset class=\"choices\" id=\"\(id)\">" + (label.isEmpty ? "" : "<legend>\(label)</legend>") + "\n",
                "</fieldset>\n"
            ) {
                for (index, option) in (node.properties["options"]?.elements ?? []).enumerated() {
                    let fields = Dictionary(
                        (option.orderedProperties ?? []).map { ($0.key, $0.value) },
                        uniquingKeysWith: { _, last in last })
                    let value = fields["value"].map { A2UIEvaluator.text($0, limit: 1_000) } ?? ""
                    let label =
                        fields["label"].map {
                            page.text(A2UIEvaluator.text($0, limit: page.budget.remainingBytes + 1), node.id)
                        } ?? ""
                    guard
                        page.raw(
                            "<label><input type=\"\(type)\" name=\"\(id)\" value=\"\(page.attribute(value, node.id))\"\(selected.contains(value) ? " checked" : "") disabled id=\"\(id)-\(index)\"> \(label)</label>\n",
                            node.id)
                    else { break }
                }
                checks(node, page)
            }
        case "Slider":
            let minimum = A2UIEvaluator.number(node.properties["min"] ?? .init(kind: .number(0))) ?? 0
            let maximum = A2UIEvaluator.number(node.properties["max"] ?? .init(kind: .number(100))) ?? 100
            let value = A2UIEvaluator.number(node.properties["value"] ?? .init(kind: .null)) ?? minimum
            let f = JSONWriter.format
            container(
                "<div class=\"field\" id=\"\(id)\"><label for=\"\(id)-input\">\(text("label"))</label><input id=\"\(id)-input\" type=\"range\" min=\"\(f(minimum))\" max=\"\(f(maximum))\" value=\"\(f(value))\" disabled><output>\(f(value))</output>\n",
                "</div>\n"
            ) { checks(node, page) }
        case "DateTimeInput":
            let date = node.properties["enableDate"] == GeneratedContent(kind: .bool(true))
            let time = node.properties["enableTime"] == GeneratedContent(kind: .bool(true))
            let type = date && time ? "datetime-local" : time ? "time" : "date"
            container(
                "<div class=\"field\" id=\"\(id)\"><label for=\"\(id)-input\">\(text("label"))</label><input id=\"\(id)-input\" type=\"\(type)\" value=\"\(page.attribute(page.value(node, "value"), node.id))\" readonly>\n",
                "</div>\n"
            ) { checks(node, page) }
        default:
            _ = page.raw("<p class=\"unknown\">\(page.text(node.type, node.id))</p>\n", node.id)
        }
    }

    static let css = """

        :root{color-scheme:light dark;--bg:#f2f2f7;--card:#fff;--text:#1c1c1e;--muted:#6e6e73;--line:#d1d1d6;--accent:#0a84ff;--danger:#d70015}
        @media (prefers-color-scheme:dark){:root{--bg:#000;--card:#1c1c1e;--text:#f2f2f7;--muted:#98989d;--line:#38383a;--danger:#ff453a}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--text);font:16px/1.45 -apple-system,system-ui,"Segoe UI",Roboto,sans-serif}
        .screen{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
        .surface{margin:0 0 1.5rem}.agent{font-size:.85rem;color:var(--muted);margin:0 0 .5rem}
        .card{background:var(--card);border-radius:14px;padding:1rem 1.1rem;margin:0 0 1rem;box-shadow:0 1px 2px rgba(0,0,0,.08)}
        .row{display:flex;gap:.75rem;align-items:center}.row>*{flex:1 1 0}
        .column{display:flex;flex-direction:column;gap:.25rem}
        .list{list-style:none;padding:0;margin:.4rem 0}.list.row{display:flex;gap:.75rem}
        p,li,label,button,h1,h2,h3,h4,h5{overflow-wrap:anywhere}
        p{margin:.4rem 0}.caption{font-size:.85rem;color:var(--muted);margin:.2rem 0}
        .field{margin:.6rem 0}.field label{display:block;font-size:.85rem;color:var(--muted);margin-bottom:.25rem}
        .field input,.field textarea{width:100%;font:inherit;padding:.6rem .75rem;border:1px solid var(--line);border-radius:10px;background:transparent;color:inherit}
        .check-failed{color:var(--danger);font-size:.85rem;margin:.25rem 0}
        .btn{font:inherit;font-weight:600;padding:.6rem 1.1rem;border-radius:10px;border:1px solid var(--line);background:transparent;color:var(--accent)}
        .btn.primary{background:var(--accent);border-color:var(--accent);color:#fff}.btn.borderless{border-color:transparent}
        .toggle{display:flex;align-items:center;gap:.6rem;margin:.6rem 0}
        .choices{border:0;padding:0;margin:.6rem 0;display:flex;flex-wrap:wrap;gap:.75rem}.choices legend{font-size:.85rem;color:var(--muted)}
        .media{border:1px dashed var(--line);border-radius:10px;padding:.6rem;margin:.4rem 0}.media figcaption{font-weight:600}
        .icon{display:inline-block;font-size:.75rem;color:var(--muted);border:1px solid var(--line);border-radius:6px;padding:0 .3rem}
        .vr{display:inline-block;border-left:1px solid var(--line);align-self:stretch}
        hr{border:0;border-top:1px solid var(--line);margin:.8rem 0}

        """
}

/// A page being written within an output budget: every text from the stream is paid for before it is escaped, and
/// closing tags are always written (the budget keeps room for them).
final class HTMLPage {
    let budget: A2UIOutputBudget
    var html = ""

    init(budget: A2UIOutputBudget) {
        self.budget = budget
    }

    /// Appends markup when it fits the budget; records the cut at `componentID` otherwise.
    func raw(_ markup: String, _ componentID: String?) -> Bool {
        guard budget.take(bytes: markup.utf8.count, at: componentID) else { return false }
        html += markup
        return true
    }

    /// Appends a closing tag (room for these is reserved).
    func close(_ markup: String) {
        html += markup
    }

    /// A node's property as display text, read no further than the bytes left.
    func value(_ node: A2UINode, _ name: String) -> String {
        node.properties[name].map { A2UIEvaluator.text($0, limit: budget.remainingBytes + 1) } ?? ""
    }

    /// The visible texts of `nodes` and their subtrees (as ``A2UINode/texts`` lists them), escaped and joined by
    /// spaces, each paid for: a button's label, however large its content.
    func label(_ nodes: [A2UINode]) -> String {
        var parts: [String] = []
        var stack = Array(nodes.reversed())
        while let node = stack.popLast(), !budget.isExhausted {
            for name in ["text", "label", "title", "description", "value"] {
                let shown = value(node, name)
                if !shown.isEmpty { parts.append(text(shown, node.id)) }
            }
            for title in node.properties["tabTitles"]?.elements ?? [] where !budget.isExhausted {
                parts.append(text(A2UIEvaluator.text(title, limit: budget.remainingBytes + 1), node.id))
            }
            for option in node.properties["options"]?.elements ?? [] where !budget.isExhausted {
                if let label = option.orderedProperties?.first(where: { $0.key == "label" }) {
                    parts.append(text(A2UIEvaluator.text(label.value, limit: budget.remainingBytes + 1), node.id))
                }
            }
            stack += node.children.reversed()
        }
        return parts.joined(separator: " ")
    }

    /// `text` escaped for element content, paid for (cut to what is left, recording the cut).
    func text(_ text: String, _ componentID: String?) -> String {
        A2UIHTMLRenderer.escape(fitting(text, componentID, escape: A2UIHTMLRenderer.escape))
    }

    /// `text` escaped for an attribute value, paid for (cut to what is left, recording the cut).
    func attribute(_ text: String, _ componentID: String?) -> String {
        A2UIHTMLRenderer.attribute(fitting(text, componentID, escape: A2UIHTMLRenderer.attribute))
    }

    /// The longest start of `text` whose escaped form fits the budget, paid for. Escaping at most multiplies the
    /// size by 6 (`&quot;`), so the cut is found in at most two tries.
    private func fitting(_ text: String, _ componentID: String?, escape: (String) -> String) -> String {
        guard !budget.isExhausted else { return "" }
        let kept = A2UISize.prefix(text, bytes: budget.remainingBytes)
        let size = escape(kept).utf8.count
        if kept.utf8.count == text.utf8.count, budget.take(bytes: size, at: componentID) { return kept }
        let shorter = A2UISize.prefix(kept, bytes: budget.remainingBytes / 6)
        _ = budget.take(bytes: escape(shorter).utf8.count, at: componentID)
        budget.stop(at: componentID)
        return shorter
    }
}
