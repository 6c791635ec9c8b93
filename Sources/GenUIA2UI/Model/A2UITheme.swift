import GenUI

/// A surface's `theme` as the renderers apply it: the values of the basic catalog's theme (`primaryColor`,
/// `iconUrl`, `agentDisplayName`) and a `font` (the catalog lets a theme carry more properties), each kept only
/// when it is valid. A value that is not valid is reported and left out, so the default is used in its place.
public struct A2UITheme: Sendable, Hashable {
    /// A colour `#RRGGBB`.
    public struct Color: Sendable, Hashable {
        /// Red, green and blue, 0–255.
        public var red: Int, green: Int, blue: Int

        /// The colour as CSS writes it, `#rrggbb`.
        public var hex: String {
            "#"
                + [red, green, blue].map { value in
                    let digits = String(value, radix: 16)
                    return digits.count == 1 ? "0" + digits : digits
                }.joined()
        }

        /// The nearest colour of the 256-colour terminal palette's 6×6×6 cube (or its grey ramp): the index for
        /// `ESC[38;5;Nm`.
        public var terminalIndex: Int {
            func level(_ value: Int) -> Int { value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40 }
            let levels = [level(red), level(green), level(blue)]
            let steps = [0, 95, 135, 175, 215, 255]
            let cube = 16 + 36 * levels[0] + 6 * levels[1] + levels[2]
            let cubeDistance = zip([red, green, blue], levels).reduce(0) {
                $0 + ($1.0 - steps[$1.1]) * ($1.0 - steps[$1.1])
            }
            let average = (red + green + blue) / 3
            let grey = average > 238 ? 23 : max(0, (average - 3) / 10)
            let greyValue = 8 + 10 * grey
            let greyDistance = [red, green, blue].reduce(0) { $0 + ($1 - greyValue) * ($1 - greyValue) }
            return greyDistance < cubeDistance ? 232 + grey : cube
        }

        /// Reads `#RRGGBB` (the catalog's pattern `^#[0-9a-fA-F]{6}$`).
        public init?(hex text: String) {
            let digits = Array(text.utf8)
            guard digits.count == 7, digits[0] == UInt8(ascii: "#"),
                let value = Int(String(text.dropFirst()), radix: 16),
                digits.dropFirst().allSatisfy({
                    ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 70) || ($0 >= 97 && $0 <= 102)
                })
            else { return nil }
            red = value >> 16 & 0xFF
            green = value >> 8 & 0xFF
            blue = value & 0xFF
        }
    }

    /// The primary colour: primary buttons, headings' accents, active borders.
    public var primaryColor: Color?
    /// The font families, as CSS `font-family` lists them (`"Noto Serif", serif`).
    public var font: String?
    /// The name of the agent that made the surface, shown next to it.
    public var agentDisplayName: String?
    /// A URL of an image identifying the agent (never loaded; shown as a link when it is http or https).
    public var iconURL: String?

    /// An empty theme: every default.
    public init(
        primaryColor: Color? = nil, font: String? = nil, agentDisplayName: String? = nil, iconURL: String? = nil
    ) {
        self.primaryColor = primaryColor
        self.font = font
        self.agentDisplayName = agentDisplayName
        self.iconURL = iconURL
    }

    /// The catalog's pattern for `primaryColor`.
    public static let colorPattern = "^#[0-9a-fA-F]{6}$"

    /// The longest font list kept.
    public static let maximumFontLength = 200

    /// Reads a theme object; every value the catalog does not allow is reported (kind
    /// ``A2UIProblem/Kind/invalidTheme``, at `pointer` + its property) and left out. Other properties are allowed by
    /// the catalog and ignored.
    public static func read(_ content: GeneratedContent?, pointer: String) -> (
        theme: A2UITheme, problems: [A2UIProblem]
    ) {
        var theme = A2UITheme()
        var problems: [A2UIProblem] = []
        guard let content else { return (theme, []) }
        guard let properties = content.orderedProperties else {
            return (
                theme,
                [A2UIProblem(.invalidTheme, pointer: pointer, text: A2UIProblemText("a2ui.detail.themeNotObject"))]
            )
        }
        func report(_ name: String, _ key: String, _ arguments: [String: String]) {
            var arguments = arguments
            arguments["property"] = name
            problems.append(
                A2UIProblem(
                    .invalidTheme, pointer: pointer + JSONPointer.escape(name), text: A2UIProblemText(key, arguments)))
        }
        for (name, value) in properties where ["primaryColor", "font", "agentDisplayName", "iconUrl"].contains(name) {
            let found = A2UICatalogWalk.found(value)
            guard case .string(let text) = value.kind else {
                report(name, "a2ui.detail.themeType", ["expected": "string", "found": found])
                continue
            }
            switch name {
            case "primaryColor":
                if let color = Color(hex: text) {
                    theme.primaryColor = color
                } else {
                    report(name, "a2ui.detail.themeColor", ["pattern": colorPattern, "found": found])
                }
            case "font":
                if isFontList(text) {
                    theme.font = text
                } else {
                    report(name, "a2ui.detail.themeFont", ["found": found])
                }
            case "iconUrl":
                if isURI(text) { theme.iconURL = text } else { report(name, "a2ui.detail.themeURL", ["found": found]) }
            default:
                theme.agentDisplayName = A2UISize.clipped(text, bytes: 400)
            }
        }
        return (theme, problems)
    }

    /// Whether `text` is a list of font families CSS can take as written and nothing else: letters, digits,
    /// spaces, hyphens, double quotes (balanced) and commas, at most ``maximumFontLength`` characters.
    static func isFontList(_ text: String) -> Bool {
        guard !text.isEmpty, text.count <= maximumFontLength, text.filter({ $0 == "\"" }).count % 2 == 0 else {
            return false
        }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || [" ", "-", ",", "\""].contains(scalar)
        } && text.contains { $0.isLetter }
    }

    /// Whether `text` is an absolute URI: a scheme (a letter, then letters, digits, `+`, `-`, `.`), `:`, and no
    /// spaces or control characters (RFC 3986, as JSON Schema's `uri` format reads it).
    static func isURI(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
            scheme.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || ["+", "-", "."].contains($0))
            })
        else { return false }
        return !text.unicodeScalars.contains {
            $0.value <= 0x20 || $0.value == 0x7F || TerminalSafeText.isUnsafe($0)
                || ["<", ">", "\"", "\\", "^", "`", "{", "|", "}"].contains($0)
        }
    }
}
