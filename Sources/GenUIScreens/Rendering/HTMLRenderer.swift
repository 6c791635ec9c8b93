import GenUI

/// Renders a screen as one self-contained HTML page: inline CSS, no scripts, no external resources.
///
/// A pure function of the screen. Every string from the screen goes through `HTMLEscaping.escape(_:)` whether it
/// lands in content or in an attribute; ids and class names come only from indexes and enum cases. The page also
/// carries a Content-Security-Policy that forbids scripts, as a second line of defence.
///
/// The page's `lang` is the language it is written in, as a BCP 47 tag. A screen does not record its language, so the
/// caller says it: `genui` passes the user's language (`--locale`, else `LC_ALL`, `LC_MESSAGES`, `LANG`), because the
/// screen is composed from the user's own words, for them.
public struct HTMLRenderer: Sendable {
    /// The page's `lang` attribute: a BCP 47 tag (`en`, `de`, `zh-Hans`).
    public let language: String

    /// Creates a renderer for a page in `language` (a BCP 47 tag; anything else gives `en`).
    public init(language: String = "en") {
        let valid =
            !language.isEmpty && language.count <= 35
            && language.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
            }
        self.language = valid ? language : "en"
    }

    /// The page.
    public func render(_ screen: UIScreen) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="\(language)">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="genui">
            <title>\(HTMLEscaping.escape(screen.title))</title>
            <style>\(Self.css)</style>
            </head>
            <body>
            <main class="screen">
            <h1 class="screen-title">\(HTMLEscaping.escape(screen.title))</h1>

            """
        for (sectionIndex, section) in screen.sections.enumerated() {
            html += "<section class=\"card\" aria-labelledby=\"s\(sectionIndex)-title\">\n"
            html += "<h2 id=\"s\(sectionIndex)-title\">\(HTMLEscaping.escape(section.title))</h2>\n"
            html += body(of: section.components, section: sectionIndex)
            html += "</section>\n"
        }
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    private func body(of components: [UIComponent], section: Int) -> String {
        var html = ""
        var index = 0
        while index < components.count {
            if case .keyValue = components[index] {
                html += "<dl class=\"kv\">\n"
                while index < components.count, case .keyValue(let key, let value) = components[index] {
                    html +=
                        "<div><dt>\(HTMLEscaping.escape(key.text))</dt><dd>\(HTMLEscaping.escape(value.text))</dd></div>\n"
                    index += 1
                }
                html += "</dl>\n"
                continue
            }
            if case .button = components[index] {
                html += "<div class=\"actions\">\n"
                while index < components.count, case .button(let label, let style) = components[index] {
                    html +=
                        "<button type=\"button\" class=\"btn \(Self.className(style))\">\(HTMLEscaping.escape(label.text))</button>\n"
                    index += 1
                }
                html += "</div>\n"
                continue
            }
            html += render(components[index], id: "s\(section)-c\(index)")
            index += 1
        }
        return html
    }

    private func render(_ component: UIComponent, id: String) -> String {
        let e = HTMLEscaping.escape
        switch component {
        case .heading(let text):
            return "<h3>\(e(text.text))</h3>\n"
        case .paragraph(let text):
            return "<p>\(e(text.text))</p>\n"
        case .keyValue(let key, let value):
            return "<dl class=\"kv\"><div><dt>\(e(key.text))</dt><dd>\(e(value.text))</dd></div></dl>\n"
        case .badge(let label, let tone):
            return "<p><span class=\"badge tone-\(Self.className(tone))\">\(e(label.text))</span></p>\n"
        case .field(let label, let placeholder, let kind):
            return """
                <div class="field"><label for="\(id)">\(e(label.text))</label>\
                <input id="\(id)" name="\(id)" type="\(Self.inputType(kind))" placeholder="\(HTMLEscaping.escapeAttribute(placeholder.text))"\(Self.inputExtras(kind))></div>

                """
        case .button(let label, let style):
            return
                "<div class=\"actions\"><button type=\"button\" class=\"btn \(Self.className(style))\">\(e(label.text))</button></div>\n"
        case .toggle(let label, let isOn):
            return """
                <div class="toggle"><input id="\(id)" name="\(id)" type="checkbox" role="switch"\(isOn ? " checked" : "")>\
                <label for="\(id)">\(e(label.text))</label></div>

                """
        case .list(let items):
            return "<ul>\n" + items.map { "<li>\(e($0.text))</li>\n" }.joined() + "</ul>\n"
        case .standings(let title, let rows):
            var html = "<table class=\"standings\">\n<caption>\(e(title.text))</caption>\n<tbody>\n"
            for (index, row) in rows.enumerated() {
                html +=
                    "<tr><td class=\"rank\">\(index + 1)</td><th scope=\"row\">\(e(row.name))</th><td class=\"value\">\(e(row.value))</td></tr>\n"
            }
            return html + "</tbody>\n</table>\n"
        case .divider:
            return "<hr>\n"
        }
    }

    static func className(_ style: ActionStyle) -> String {
        switch style {
        case .primary: "primary"
        case .secondary: "secondary"
        case .destructive: "destructive"
        }
    }

    static func className(_ tone: Tone) -> String {
        switch tone {
        case .neutral: "neutral"
        case .info: "info"
        case .positive: "positive"
        case .warning: "warning"
        case .critical: "critical"
        }
    }

    static func inputType(_ kind: FieldKind) -> String {
        switch kind {
        case .text: "text"
        case .secure: "password"
        case .email: "email"
        case .number: "number"
        }
    }

    static func inputExtras(_ kind: FieldKind) -> String {
        switch kind {
        case .text: ""
        case .secure: " autocomplete=\"current-password\""
        case .email: " autocomplete=\"email\" inputmode=\"email\""
        case .number: " inputmode=\"decimal\""
        }
    }

    static let css = """

        :root{color-scheme:light dark;--bg:#f2f2f7;--card:#fff;--text:#1c1c1e;--muted:#6e6e73;--line:#d1d1d6;--accent:#0a84ff;--danger:#d70015}
        @media (prefers-color-scheme:dark){:root{--bg:#000;--card:#1c1c1e;--text:#f2f2f7;--muted:#98989d;--line:#38383a;--danger:#ff453a}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--text);font:16px/1.45 -apple-system,system-ui,"Segoe UI",Roboto,sans-serif}
        .screen{max-width:32rem;margin:0 auto;padding:1.5rem 1rem 3rem}
        .screen-title{font-size:1.9rem;margin:.5rem 0 1rem;overflow-wrap:anywhere}
        .card{background:var(--card);border-radius:14px;padding:1rem 1.1rem;margin:0 0 1rem;box-shadow:0 1px 2px rgba(0,0,0,.08)}
        .card h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:0 0 .6rem}
        h3{font-size:1.25rem;margin:.4rem 0}
        p,li,dt,dd,label,caption,th,td,button,h1,h2,h3{overflow-wrap:anywhere}
        p{margin:.4rem 0}
        .kv{margin:.4rem 0}.kv div{display:flex;justify-content:space-between;gap:1rem;padding:.35rem 0;border-bottom:1px solid var(--line)}
        .kv div:last-child{border-bottom:0}.kv dt{color:var(--muted)}.kv dd{margin:0;text-align:right;font-weight:500}
        .badge{display:inline-block;font-size:.75rem;font-weight:700;padding:.2rem .6rem;border-radius:999px}
        .tone-neutral{background:rgba(142,142,147,.18);color:var(--muted)}.tone-info{background:rgba(10,132,255,.15);color:#0a64c8}
        .tone-positive{background:rgba(52,199,89,.18);color:#1f8a3b}.tone-warning{background:rgba(255,159,10,.2);color:#a25e00}
        .tone-critical{background:rgba(255,59,48,.16);color:var(--danger)}
        .field{margin:.6rem 0}.field label{display:block;font-size:.85rem;color:var(--muted);margin-bottom:.25rem}
        .field input{width:100%;font:inherit;padding:.6rem .75rem;border:1px solid var(--line);border-radius:10px;background:transparent;color:inherit}
        .actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:.7rem 0}
        .btn{font:inherit;font-weight:600;padding:.6rem 1.1rem;border-radius:10px;border:1px solid var(--line);background:transparent;color:var(--accent);flex:1 1 auto}
        .btn.primary{background:var(--accent);border-color:var(--accent);color:#fff}.btn.destructive{color:var(--danger);border-color:var(--danger)}
        .toggle{display:flex;align-items:center;gap:.6rem;margin:.6rem 0}.toggle input{width:1.2rem;height:1.2rem;accent-color:#34c759}
        ul{margin:.4rem 0;padding-left:1.2rem}
        .standings{width:100%;border-collapse:collapse;margin:.4rem 0}.standings caption{text-align:left;font-weight:600;padding-bottom:.3rem}
        .standings th,.standings td{padding:.35rem .2rem;border-bottom:1px solid var(--line);text-align:left;font-weight:400}
        .standings .rank{color:var(--muted);width:2rem}.standings .value{text-align:right;font-weight:600}
        hr{border:0;border-top:1px solid var(--line);margin:.8rem 0}

        """
}
