import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

/// The HTML of an A2UI surface opened in headless Chromium: the DOM holds the components with their bound values,
/// no script runs, the page requests none of the stream's URLs, and a screenshot is taken. Skips (outside CI) when
/// Chromium is missing; `CI=true` makes a missing Chromium fail.
@Suite("A2UI HTML in a headless browser", .tags(.browser))
struct A2UIBrowserTests {
    static let chromium = TestEnvironment.executable("chromium") ?? TestEnvironment.executable("chromium-browser")
    /// The page shows the official example stream, which only `GENUI_A2UI_SCHEMAS` provides.
    static let enabled = (chromium != nil || TestEnvironment.isCI) && A2UIFixtures.hasOfficialExample

    static func page() throws -> String {
        let lines = try A2UIFixtures.contactForm().split(separator: "\n").dropLast()
        var client = A2UIClient()
        for line in lines { client.process(line: String(line)) }
        client.process(
            jsonl: A2UIFixtures.stream(
                [
                    #"{"id":"root","component":"Column","children":["img","vid","evil"]}"#,
                    #"{"id":"img","component":"Image","url":"https://example.com/tracker.png","description":"Logo"}"#,
                    #"{"id":"vid","component":"Video","url":"https://example.com/clip.mp4"}"#,
                    #"{"id":"evil","component":"Text","text":"<img src=https://example.com/x.png onerror=alert(1)><script>fetch('https://example.com/s')</script>"}"#,
                ], surface: "media"))
        let resolutions = ["contact_form_1", "media"].compactMap { client.resolve(surfaceID: $0) }
        return A2UIHTMLRenderer().render(resolutions)
    }

    @Test(
        "the contact form's page loads with its values in the DOM, runs no script, fetches none of its URLs, and screenshots",
        .enabled(if: enabled, "chromium is not installed, or GENUI_A2UI_SCHEMAS does not provide the official example"))
    func contactFormInBrowser() throws {
        let chromium = try #require(Self.chromium, "chromium is not installed (scripts/system-deps --test installs it)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("genui-a2ui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("surface.html")
        try Self.page().write(to: page, atomically: true, encoding: .utf8)
        let netLog = directory.appendingPathComponent("net.json")
        let screenshot = directory.appendingPathComponent("shot.png")
        let common = [
            "--headless", "--disable-gpu", "--no-sandbox", "--enable-logging=stderr", "--v=0", "--no-first-run",
            "--user-data-dir=\(directory.appendingPathComponent("profile").path)",
        ]
        let dump = try runProcess(
            chromium, common + ["--log-net-log=\(netLog.path)", "--dump-dom", page.absoluteString], timeout: 90)
        #expect(dump.status == 0, "\(dump.stderr.suffix(2000))")
        let dom = dump.stdout
        #expect(dom.contains(#"value="john.doe@example.com""#))
        #expect(dom.contains(#"value="John""#))
        #expect(dom.contains("Contact Us"))
        #expect(dom.contains("Send Message"))
        let lowered = dom.lowercased()
        #expect(!lowered.contains("<script"))
        #expect(!lowered.contains("<img"))
        #expect(!lowered.contains("<video"))
        #expect(dom.contains("&lt;img src"))
        let complaints = dump.stderr.split(whereSeparator: \.isNewline).filter {
            $0.contains("Uncaught") || $0.contains("CONSOLE")
        }
        #expect(complaints.isEmpty, "\(complaints)")
        let log = (try? String(contentsOf: netLog, encoding: .utf8)) ?? ""
        #expect(!log.isEmpty, "chromium wrote no net log")
        #expect(!log.contains("example.com"), "the page requested one of its URLs")
        let shot = try runProcess(
            chromium, common + ["--screenshot=\(screenshot.path)", "--window-size=900,1400", page.absoluteString],
            timeout: 90)
        #expect(shot.status == 0, "\(shot.stderr.suffix(2000))")
        let size = (try? FileManager.default.attributesOfItem(atPath: screenshot.path)[.size] as? Int) ?? 0
        #expect(size > 10_000, "the screenshot is \(size) bytes")
    }
}
