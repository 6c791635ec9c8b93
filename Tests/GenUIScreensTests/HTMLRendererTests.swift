import Foundation
import GenUI
import GenUIScreens
import GenUITestSupport
import Testing

@Suite("HTML renderer", .tags(.unit))
struct HTMLRendererTests {
    static func markup(_ kind: String) -> [String] {
        switch kind {
        case "heading": return ["<h3>Sample</h3>"]
        case "paragraph": return ["<p>Sample is described in one sentence.</p>"]
        case "keyValue": return ["<dt>Sample</dt><dd>Sample value</dd>"]
        case "badge": return ["<span class=\"badge tone-positive\">Sample</span>"]
        case "field": return ["<label for=\"s0-c0\">Sample</label>", "type=\"email\"", "placeholder=\"Enter Sample\""]
        case "button": return ["<button type=\"button\" class=\"btn primary\">Sample</button>"]
        case "toggle": return ["type=\"checkbox\" role=\"switch\" checked>", "<label for=\"s0-c0\">Sample</label>"]
        case "list": return ["<li>Sample</li>", "<li>Sample two</li>"]
        case "standings":
            return ["<caption>Sample</caption>", "<th scope=\"row\">Sample</th><td class=\"value\">42</td>"]
        case "divider": return ["<hr>"]
        default: return []
        }
    }

    @Test("every component kind renders to its element", arguments: UIComponent.kinds)
    func everyKind(kind: String) {
        let html = HTMLRenderer().render(ScreenFixtures.screen(with: kind))
        for expected in Self.markup(kind) { #expect(html.contains(expected), "\(kind): missing \(expected)") }
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<title>Only \(kind)</title>"))
    }

    @Test("the page is self-contained: inline CSS, no scripts, no external resources, scripts forbidden by CSP")
    func selfContained() {
        let html = HTMLRenderer().render(ScreenFixtures.everything)
        #expect(html.contains("<style>"))
        #expect(html.contains("default-src 'none'"))
        for forbidden in ["<script", "<link", "src=", "href=", "url(", "@import"] {
            #expect(!html.contains(forbidden), "found \(forbidden)")
        }
    }

    /// Hostile strings: tags, event handlers, attribute break-outs, URLs, comments, entities, controls.
    static let xssCorpus = [
        "<script>alert(1)</script>",
        "<ScRiPt >alert(1)</sCrIpT>",
        "<<script>script>alert(1)<</script>/script>",
        "<img src=x onerror=alert(1)>",
        "\"><svg onload=alert(1)>",
        "' onmouseover='alert(1)",
        "\" autofocus onfocus=\"alert(1)",
        "javascript:alert(1)",
        "<a href=\"javascript:alert(1)\">x</a>",
        "<iframe src=\"javascript:alert(1)\"></iframe>",
        "</title><script>alert(1)</script>",
        "</textarea><script>alert(1)</script>",
        "</style><script>alert(1)</script>",
        "<style>body{display:none}</style>",
        "<!-- <script>alert(1)</script> -->",
        "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
        "<base href=\"javascript:alert(1)//\">",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
        "&lt;script&gt;alert(1)&lt;/script&gt;",
        "`${alert(1)}`",
        "x\u{0}y<script>",
        "<svg><script>alert&#40;1&#41;</script>",
        "<form action=\"javascript:alert(1)\"><button>x</button></form>",
        "<div style=\"background:url(javascript:alert(1))\">",
    ]

    /// The sequence of tags and their attribute names in `html`: the page's markup structure, without any text.
    static func structure(_ html: String) -> [String] {
        var result: [String] = []
        var index = html.startIndex
        while let open = html[index...].firstIndex(of: "<") {
            guard let close = html[open...].firstIndex(of: ">") else { break }
            let tag = html[html.index(after: open)..<close]
            var names: [String] = []
            var quote: Character?
            var token = ""
            var afterEquals = false
            for character in tag {
                if let q = quote {
                    if character == q { quote = nil }
                    continue
                }
                if afterEquals && (character == "\"" || character == "'") {
                    quote = character
                    afterEquals = false
                    continue
                }
                if character == "=" {
                    names.append(token)
                    token = ""
                    afterEquals = true
                } else if character == " " {
                    if !token.isEmpty && !afterEquals { names.append(token) }
                    token = ""
                    afterEquals = false
                } else if !afterEquals {
                    token.append(character)
                }
            }
            if !token.isEmpty { names.append(token) }
            result.append(names.joined(separator: " ").lowercased())
            index = html.index(after: close)
        }
        return result
    }

    @Test("no payload of the XSS corpus survives as markup, in text or attribute context", arguments: xssCorpus)
    func escapesHostileStrings(payload: String) {
        let benign = HTMLRenderer().render(ScreenFixtures.hostile("benign"))
        let html = HTMLRenderer().render(ScreenFixtures.hostile(payload))
        #expect(Self.structure(html) == Self.structure(benign), "the payload changed the page's markup")
        let lowered = html.lowercased()
        #expect(!lowered.contains("<script"))
        #expect(!lowered.contains("<img"))
        #expect(!lowered.contains("<svg"))
        #expect(!lowered.contains("<iframe"))
        #expect(!lowered.contains("onerror="))
        #expect(!lowered.contains("onload="))
        #expect(!lowered.contains("onfocus="))
        #expect(!lowered.contains("href="))
        #expect(!html.unicodeScalars.contains { $0.value == 0 })
        // Attribute values never hold a raw quote, javascript: or = from the data.
        for value in Self.attributeValues(html) {
            #expect(!value.lowercased().contains("javascript:"), "attribute value \(value)")
        }
    }

    @Test("a script label renders as visible text")
    func scriptAsText() {
        let screen = UIScreen(
            title: "T",
            sections: [
                UISection(title: "S", components: [.button(label: "<script>alert(1)</script>", style: .primary)])
            ])
        let html = HTMLRenderer().render(screen)
        #expect(html.contains(">&lt;script&gt;alert(1)&lt;/script&gt;</button>"))
    }

    @Test("entities in the data are escaped again, not passed through")
    func doubleEscaping() {
        #expect(HTMLEscaping.escape("&lt;b&gt;") == "&amp;lt;b&amp;gt;")
        #expect(HTMLEscaping.escape("a\"b'c`") == "a&quot;b&#39;c&#96;")
        #expect(HTMLEscaping.escapeAttribute("javascript:x=1") == "javascript&#58;x&#61;1")
    }

    /// The quoted attribute values of every tag.
    static func attributeValues(_ html: String) -> [String] {
        var values: [String] = []
        var rest = Substring(html)
        while let start = rest.range(of: "=\"") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            values.append(String(rest[..<end]))
            rest = rest[rest.index(after: end)...]
        }
        return values
    }
}
