import GenUI

/// Renders resolved A2UI surfaces as one static, self-contained HTML page with the same policy as genui's own
/// screens: inline CSS only, no script, no external resource (a Content-Security-Policy of `default-src 'none'`
/// backs this up), and every string from the stream escaped whether it lands in content or in an attribute.
///
/// Inputs show their bound values; failed checks show their messages. Images, video and audio are never loaded:
/// they become labelled placeholders, with a link when the URL's scheme is `https` or `http` (any other scheme —
/// `javascript:`, `data:`, `file:` — is shown as text only).
public struct A2UIHTMLRenderer: Sendable {
    /// Creates a renderer.
    public init() {}

    /// The page for `resolutions` (one section per surface).
    public func render(_ resolutions: [A2UIResolution], title: String = "A2UI") -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="genui">
            <title>\(Self.escape(title))</title>
            <style>\(Self.css)</style>
            </head>
            <body>
            <main class="screen">

            """
        for resolution in resolutions {
            html += "<section class=\"surface\" data-surface=\"\(Self.attribute(resolution.surfaceID))\">\n"
            if let root = resolution.root { html += render(root) }
            html += "</section>\n"
        }
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    /// Escapes text for element content or a quoted attribute, as genui's screens are escaped (``HTMLEscaping``).
    public static func escape(_ text: String) -> String { HTMLEscaping.escape(text) }

    /// `text` escaped for an attribute value; `:` is escaped too (``HTMLEscaping/escapeAttribute(_:)``).
    public static func attribute(_ text: String) -> String { HTMLEscaping.escapeAttribute(text) }

    /// Whether `url` may become a link: `https:` or `http:` only, no control characters or spaces.
    public static func isAllowedURL(_ url: String) -> Bool {
        let lower = url.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return false }
        return !url.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) || $0 == " " || $0 == "\"" || $0 == "<" || $0 == ">" }
    }

    private func media(_ kind: String, _ node: A2UINode) -> String {
        let url = node.text("url")
        let description = node.text("description")
        let label = kind + (description.isEmpty ? "" : ": " + description)
        let link = Self.isAllowedURL(url)
            ? "<a href=\"\(Self.escape(url))\" rel=\"noopener noreferrer\">\(Self.escape(url))</a>"
            : "<span class=\"url\">\(Self.escape(url))</span>"
        return "<figure class=\"media\" data-kind=\"\(kind.lowercased())\"><figcaption>\(Self.escape(label))</figcaption>\(link)</figure>\n"
    }

    private func checks(_ node: A2UINode) -> String {
        node.failedChecks.map { "<p class=\"check-failed\" role=\"alert\">\(Self.escape($0))</p>\n" }.joined()
    }

    private func children(_ node: A2UINode) -> String {
        node.children.map(render).joined()
    }

    func render(_ node: A2UINode) -> String {
        let e = Self.escape
        let id = Self.attribute(node.id)
        switch node.type {
        case "Text":
            let text = node.text("text")
            switch node.text("variant") {
            case let variant where ["h1", "h2", "h3", "h4", "h5"].contains(variant):
                let stripped = String(text.drop { $0 == "#" }.drop { $0 == " " })
                return "<\(variant) id=\"\(id)\">\(e(stripped))</\(variant)>\n"
            case "caption": return "<p class=\"caption\" id=\"\(id)\">\(e(text))</p>\n"
            default: return "<p id=\"\(id)\">\(e(text))</p>\n"
            }
        case "Image": return media("Image", node)
        case "Video": return media("Video", node)
        case "AudioPlayer": return media("Audio", node)
        case "Icon":
            let name = node.properties["name"].flatMap { $0.orderedProperties == nil ? A2UIEvaluator.text($0) : "svg" } ?? ""
            return "<span class=\"icon\" role=\"img\" aria-label=\"\(Self.attribute(name))\">\(e(name))</span>\n"
        case "Divider": return node.text("axis") == "vertical" ? "<span class=\"vr\"></span>\n" : "<hr>\n"
        case "Row": return "<div class=\"row\" id=\"\(id)\">\n\(children(node))</div>\n"
        case "Column": return "<div class=\"column\" id=\"\(id)\">\n\(children(node))</div>\n"
        case "List":
            let direction = node.text("direction") == "horizontal" ? "row" : "column"
            return "<ul class=\"list \(direction)\" id=\"\(id)\">\n" + node.children.map { "<li>\(render($0))</li>\n" }.joined() + "</ul>\n"
        case "Card": return "<div class=\"card\" id=\"\(id)\">\n\(children(node))</div>\n"
        case "Tabs":
            let titles = node.properties["tabTitles"]?.elements?.map(A2UIEvaluator.text) ?? []
            var html = "<div class=\"tabs\" id=\"\(id)\">\n"
            for (index, child) in node.children.enumerated() {
                let title = index < titles.count ? titles[index] : ""
                html += "<details class=\"tab\"\(index == 0 ? " open" : "")><summary>\(e(title))</summary>\n\(render(child))</details>\n"
            }
            return html + "</div>\n"
        case "Modal":
            var html = "<div class=\"modal\" id=\"\(id)\">\n"
            if let trigger = node.children.first { html += render(trigger) }
            if node.children.count > 1 { html += "<details class=\"modal-content\"><summary>Open</summary>\n\(render(node.children[1]))</details>\n" }
            return html + "</div>\n"
        case "Button":
            let variant = ["primary", "borderless"].contains(node.text("variant")) ? " " + node.text("variant") : ""
            let label = node.children.flatMap(\.texts).joined(separator: " ")
            let name = node.action.map { " data-action=\"\(Self.attribute($0.name))\"" } ?? ""
            return "<button type=\"button\" class=\"btn\(variant)\" id=\"\(id)\"\(name)>\(e(label))</button>\n" + checks(node)
        case "TextField":
            let variant = node.text("variant")
            let type = variant == "obscured" ? "password" : variant == "number" ? "number" : "text"
            let field = variant == "longText"
                ? "<textarea id=\"\(id)-input\" readonly>\(e(node.text("value")))</textarea>"
                : "<input id=\"\(id)-input\" type=\"\(type)\" value=\"\(Self.attribute(node.text("value")))\" readonly>"
            return "<div class=\"field\" id=\"\(id)\"><label for=\"\(id)-input\">\(e(node.text("label")))</label>\(field)\n\(checks(node))</div>\n"
        case "CheckBox":
            let checked = node.properties["value"].map(A2UIEvaluator.truth) ?? false
            return "<div class=\"toggle\" id=\"\(id)\"><input type=\"checkbox\" id=\"\(id)-input\"\(checked ? " checked" : "") disabled><label for=\"\(id)-input\">\(e(node.text("label")))</label>\n\(checks(node))</div>\n"
        case "ChoicePicker":
            let selected = Set((node.properties["value"]?.elements ?? []).map(A2UIEvaluator.text))
            let type = node.text("variant") == "multipleSelection" ? "checkbox" : "radio"
            var html = "<fieldset class=\"choices\" id=\"\(id)\">"
            if !node.text("label").isEmpty { html += "<legend>\(e(node.text("label")))</legend>" }
            html += "\n"
            for (index, option) in (node.properties["options"]?.elements ?? []).enumerated() {
                let fields = Dictionary((option.orderedProperties ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
                let value = fields["value"].map(A2UIEvaluator.text) ?? ""
                let label = fields["label"].map(A2UIEvaluator.text) ?? ""
                html += "<label><input type=\"\(type)\" name=\"\(id)\" value=\"\(Self.attribute(value))\"\(selected.contains(value) ? " checked" : "") disabled id=\"\(id)-\(index)\"> \(e(label))</label>\n"
            }
            return html + checks(node) + "</fieldset>\n"
        case "Slider":
            let minimum = A2UIEvaluator.number(node.properties["min"] ?? .init(kind: .number(0))) ?? 0
            let maximum = A2UIEvaluator.number(node.properties["max"] ?? .init(kind: .number(100))) ?? 100
            let value = A2UIEvaluator.number(node.properties["value"] ?? .init(kind: .null)) ?? minimum
            let f = JSONWriter.format
            return "<div class=\"field\" id=\"\(id)\"><label for=\"\(id)-input\">\(e(node.text("label")))</label><input id=\"\(id)-input\" type=\"range\" min=\"\(f(minimum))\" max=\"\(f(maximum))\" value=\"\(f(value))\" disabled><output>\(f(value))</output>\n\(checks(node))</div>\n"
        case "DateTimeInput":
            let date = node.properties["enableDate"] == GeneratedContent(kind: .bool(true))
            let time = node.properties["enableTime"] == GeneratedContent(kind: .bool(true))
            let type = date && time ? "datetime-local" : time ? "time" : "date"
            return "<div class=\"field\" id=\"\(id)\"><label for=\"\(id)-input\">\(e(node.text("label")))</label><input id=\"\(id)-input\" type=\"\(type)\" value=\"\(Self.attribute(node.text("value")))\" readonly>\n\(checks(node))</div>\n"
        default:
            return "<p class=\"unknown\">\(e(node.type))</p>\n"
        }
    }

    static let css = """

        :root{color-scheme:light dark;--bg:#f2f2f7;--card:#fff;--text:#1c1c1e;--muted:#6e6e73;--line:#d1d1d6;--accent:#0a84ff;--danger:#d70015}
        @media (prefers-color-scheme:dark){:root{--bg:#000;--card:#1c1c1e;--text:#f2f2f7;--muted:#98989d;--line:#38383a;--danger:#ff453a}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--text);font:16px/1.45 -apple-system,system-ui,"Segoe UI",Roboto,sans-serif}
        .screen{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
        .surface{margin:0 0 1.5rem}
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
