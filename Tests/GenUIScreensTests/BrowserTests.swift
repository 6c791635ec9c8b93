import Foundation
import GenUIScreens
import GenUITestSupport
import Testing

/// Loads generated pages in headless Chromium and checks the browser reports no console errors. `make test` installs
/// Chromium (`scripts/system-deps --test`); elsewhere the tests skip with a message when it is missing, but under
/// `CI=true` a missing Chromium fails them.
@Suite("HTML in a headless browser", .tags(.browser))
struct BrowserTests {
    static let chromium = TestEnvironment.executable("chromium") ?? TestEnvironment.executable("chromium-browser")
    static let enabled = chromium != nil || TestEnvironment.isCI

    /// The DOM Chromium built from `html`, and the console or security lines it logged.
    static func load(_ html: String) throws -> (dom: String, complaints: [String]) {
        let chromium = try #require(chromium, "chromium is not installed (scripts/system-deps --test installs it)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "genui-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("screen.html")
        try html.write(to: page, atomically: true, encoding: .utf8)
        let result = try runProcess(
            chromium,
            [
                "--headless", "--disable-gpu", "--no-sandbox", "--enable-logging=stderr", "--v=0",
                "--user-data-dir=\(directory.appendingPathComponent("profile").path)", "--dump-dom",
                page.absoluteString,
            ], timeout: 90)
        #expect(result.status == 0, "chromium exited with \(result.status): \(result.stderr.suffix(2000))")
        let complaints = result.stderr.split(whereSeparator: \.isNewline).map(String.init).filter {
            $0.contains("CONSOLE") || $0.contains("Uncaught") || $0.contains("Refused to")
                || $0.contains("Content Security Policy")
        }
        return (result.stdout, complaints)
    }

    @Test(
        "a generated page loads without console errors",
        .enabled(if: enabled, "chromium is not installed; see docs/generative-ui.md for the manual check"))
    func pageLoads() throws {
        let (dom, complaints) = try Self.load(HTMLRenderer().render(ScreenFixtures.everything))
        #expect(complaints == [])
        #expect(dom.contains("<h1 class=\"screen-title\">Everything</h1>"))
        #expect(dom.contains("type=\"password\""))
    }

    @Test("hostile strings stay text in the browser's DOM", .enabled(if: enabled, "chromium is not installed"))
    func hostilePageLoads() throws {
        let payload = "<img src=x onerror=alert(1)><script>alert(2)</script>\"><svg onload=alert(3)>"
        let (dom, complaints) = try Self.load(HTMLRenderer().render(ScreenFixtures.hostile(payload)))
        #expect(complaints == [])
        let lowered = dom.lowercased()
        #expect(!lowered.contains("<script"))
        #expect(!lowered.contains("<img"))
        #expect(!lowered.contains("<svg"))
        #expect(dom.contains("&lt;img src=x onerror=alert(1)&gt;"))
    }

    @Test(
        "genui generate --format html --out writes a page the browser loads without console errors",
        .enabled(if: enabled && CommandLineTests.enabled, "chromium or the genui executable is missing"))
    func generatedFileLoads() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("genui-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("screen.html").path
        let generated = try CommandLineTests.genui([
            "generate", "A login form with username and password fields and Login and Register buttons",
            "--format", "html", "--out", path,
        ])
        #expect(generated.status == 0, "\(generated.stderr)")
        let (dom, complaints) = try Self.load(try String(contentsOfFile: path, encoding: .utf8))
        #expect(complaints == [])
        #expect(dom.contains("<main class=\"screen\">"))
    }
}
