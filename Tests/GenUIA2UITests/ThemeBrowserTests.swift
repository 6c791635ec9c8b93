import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

/// A themed surface opened in headless Chromium: the screenshot shows the primary button in the theme's primary
/// colour, and the same surface without a theme shows none of it. Skips (outside CI) when Chromium or python3 is
/// missing; `CI=true` makes a missing Chromium fail.
@Suite("A2UI themes in a headless browser", .tags(.browser))
struct A2UIThemeBrowserTests {
    static let chromium = A2UIBrowserTests.chromium
    static let python = TestEnvironment.executable("python3")
    static let enabled = (chromium != nil || TestEnvironment.isCI) && python != nil

    /// The theme's primary colour: a magenta no default style uses.
    static let primary = (red: 0xE4, green: 0x00, blue: 0x7C)

    static func page(theme: String?) throws -> String {
        var client = A2UIClient()
        let themed = theme.map { #","theme":\#($0)"# } ?? ""
        client.process(
            jsonl: """
                {"version":"v0.9","createSurface":{"surfaceId":"shop","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"\(themed)}}
                {"version":"v0.9","updateComponents":{"surfaceId":"shop","components":[{"id":"root","component":"Column","children":["title","buy"]},{"id":"title","component":"Text","variant":"h2","text":"Spring sale"},{"id":"buy","component":"Button","variant":"primary","child":"label","action":{"event":{"name":"buy"}}},{"id":"label","component":"Text","text":"Buy now — twenty percent off every item"}]}}

                """)
        return A2UIHTMLRenderer().render([try #require(client.resolve(surfaceID: "shop"))])
    }

    /// Decodes an 8-bit RGB or RGBA PNG (every filter type) and counts the pixels within 4 of `color` per channel.
    static let countScript = #"""
        import struct, sys, zlib
        data = open(sys.argv[1], "rb").read()
        target = [int(v) for v in sys.argv[2:5]]
        pos, idat = 8, b""
        while pos < len(data):
            length, kind = struct.unpack(">I4s", data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            if kind == b"IHDR":
                width, height, depth, color = struct.unpack(">IIBB", body[:10])
            elif kind == b"IDAT":
                idat += body
            pos += 12 + length
        assert depth == 8 and color in (2, 6), (depth, color)
        channels = 3 if color == 2 else 4
        raw, stride = zlib.decompress(idat), width * channels
        previous, count, offset = bytearray(stride), 0, 0
        for _ in range(height):
            kind, row = raw[offset], bytearray(raw[offset + 1:offset + 1 + stride])
            offset += 1 + stride
            for i in range(stride):
                left = row[i - channels] if i >= channels else 0
                up, corner = previous[i], previous[i - channels] if i >= channels else 0
                if kind == 1: row[i] = (row[i] + left) & 255
                elif kind == 2: row[i] = (row[i] + up) & 255
                elif kind == 3: row[i] = (row[i] + (left + up) // 2) & 255
                elif kind == 4:
                    p = left + up - corner
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                    row[i] = (row[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
            for i in range(0, stride, channels):
                if all(abs(row[i + c] - target[c]) <= 4 for c in range(3)):
                    count += 1
            previous = row
        print(count)
        """#

    /// The pixels of the primary colour in a screenshot of `page`.
    static func primaryPixels(_ page: String, in directory: URL, name: String) throws -> Int {
        let chromium = try #require(chromium, "chromium is not installed (scripts/system-deps --test installs it)")
        let file = directory.appendingPathComponent("\(name).html")
        try page.write(to: file, atomically: true, encoding: .utf8)
        let screenshot = directory.appendingPathComponent("\(name).png")
        let shot = try runProcess(
            chromium,
            [
                "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--hide-scrollbars",
                "--force-color-profile=srgb",
                "--force-prefers-reduced-motion",
                "--user-data-dir=\(directory.appendingPathComponent("profile-\(name)").path)",
                "--screenshot=\(screenshot.path)", "--window-size=800,600", file.absoluteString,
            ], timeout: 90)
        #expect(shot.status == 0, "\(shot.stderr.suffix(2000))")
        let count = try runProcess(
            try #require(python),
            ["-c", countScript, screenshot.path, String(primary.red), String(primary.green), String(primary.blue)],
            timeout: 60)
        #expect(count.status == 0, "\(count.stderr)")
        return try #require(Int(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(count.stdout)")
    }

    @Test(
        "a themed surface's primary button is painted in the theme's primary colour; without the theme it is not",
        .enabled(if: enabled, "chromium or python3 is not installed"))
    func primaryColorInBrowser() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "genui-a2ui-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let themed = try Self.page(theme: ##"{"primaryColor":"#E4007C"}"##)
        #expect(themed.contains("--accent&#58;#e4007c"))
        let painted = try Self.primaryPixels(themed, in: directory, name: "themed")
        // The button is about 330 × 40 CSS pixels; its fill alone is well over 5,000 pixels.
        #expect(painted > 5_000, "\(painted) pixels of the primary colour")
        let plain = try Self.primaryPixels(try Self.page(theme: nil), in: directory, name: "plain")
        #expect(plain == 0, "\(plain) pixels of the primary colour without a theme")
    }
}
