import Foundation
import GenUI
import GenUIConfig
import GenUIDiagnostics
import GenUIRouter
import GenUITestSupport
import Testing

@Suite("A provider added as one folder and one registration (type: echo)", .tags(.unit))
struct EchoProviderTests {
    let text = """
        version: 1
        chains:
          default: [mirror, backup]
        providers:
          mirror: { type: echo, prefix: "echo: ", context: 4096, timeout: 5s }
          backup: { type: scripted }
        """

    @Test("a providers.yml naming type: echo loads, routes through it, and shows its settings and facts")
    func loadsRoutesAndReports() async throws {
        let registry = ProviderRegistry.withEcho
        let configuration = try ConfigurationLoader(environment: [:], registry: registry).parse(text)
        let settings = try #require(configuration.providers.first)
        #expect(settings.type == ProviderType("echo"))
        #expect(settings.modelName == "echo")
        #expect(settings.timeout == .seconds(5))
        let pairs = settings.displayPairs(environment: [:]).map { "\($0.0): \($0.1)" }
        #expect(pairs == ["type: echo", "prefix: echo: ", "context: 4096", "timeout: 5.0 s"])

        let context = ProviderBuildContext(environment: [:])
        let chain = try #require(configuration.makeChain(registry: registry, context: context))
        #expect(chain.members[0].contextWindow == 4096)
        let response = try await chain.respond(to: GenerationRequest(prompt: "hello"))
        #expect(response.text == "echo: hello")
        #expect(response.metadata.provider == "mirror")
        #expect(response.metadata.trace?.summary == ["mirror:served:served"])

        // genui doctor -v reads a configured provider's facts from the provider it wraps.
        let models = configuration.makeProviders(registry: registry, context: context)
        let reporting = try #require(models[0].base as? any ProviderFactsReporting)
        #expect(await reporting.facts() == [ProviderFact(kind: "note", text: "answers every prompt after \"echo: \"")])
    }

    @Test("its keys are checked like a built-in type's, each problem at file:line:column")
    func keysAreChecked() throws {
        let loader = ConfigurationLoader(environment: [:], registry: .withEcho)
        let misspelt = try issues(
            loader,
            """
            version: 1
            providers:
              mirror:
                type: echo
                prefx: "echo: "
            """)
        #expect(misspelt.map(\.keyPath) == ["providers.mirror.prefx"])
        #expect(misspelt.first?.suggestion == "prefix")
        #expect(misspelt.map { "\($0.location.line):\($0.location.column)" } == ["5:5"])

        let invalid = try issues(
            loader,
            """
            version: 1
            providers:
              mirror:
                type: echo
                prefix: ""
                context: lots
            """)
        #expect(invalid.map(\.keyPath) == ["providers.mirror.prefix", "providers.mirror.context"])
        #expect(invalid.map { "\($0.location.line):\($0.location.column)" } == ["5:13", "6:14"])
        #expect(invalid.first?.message == "prefix must not be empty")

        let missing = try issues(loader, "version: 1\nproviders:\n  mirror: { type: echo }\n")
        #expect(missing.map(\.keyPath) == ["providers.mirror.prefix"])
    }

    @Test("without the registration the type is unknown; with it, the known types list it")
    func unknownWithoutRegistration() throws {
        let file = "version: 1\nproviders:\n  mirror: { type: ecko, prefix: x }\n"
        let standard = try issues(ConfigurationLoader(environment: [:]), file)
        #expect(standard.first?.keyPath == "providers.mirror.type")
        #expect(standard.first?.suggestion != "echo")
        let registered = try issues(ConfigurationLoader(environment: [:], registry: .withEcho), file)
        #expect(registered.first?.suggestion == "echo")
        #expect(ProviderRegistry.withEcho.knownTypes.map(\.rawValue).last == "echo")
    }

    @Test("docs/providers.md's worked example is this folder's EchoProvider.swift, verbatim")
    func documentedExampleIsThisProvider() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let source = try String(contentsOf: folder.appendingPathComponent("EchoProvider.swift"), encoding: .utf8)
        let docs = try String(contentsOf: root.appendingPathComponent("docs/providers.md"), encoding: .utf8)
        let begin = try #require(docs.range(of: "<!-- EchoProvider.swift -->\n```swift\n"))
        let end = try #require(docs.range(of: "```\n", range: begin.upperBound..<docs.endIndex))
        #expect(String(docs[begin.upperBound..<end.lowerBound]) == source)
    }

    private func issues(_ loader: ConfigurationLoader, _ text: String) throws -> [ConfigurationIssue] {
        do {
            _ = try loader.parse(text)
            Issue.record("expected the file to be rejected")
            return []
        } catch {
            return error.issues.filter { $0.severity == .error }
        }
    }
}
