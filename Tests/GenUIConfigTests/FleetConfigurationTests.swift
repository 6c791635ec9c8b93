import GenUI
import GenUIConfig
import GenUIDiagnostics
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Testing

@Suite("Fleet configuration", .tags(.unit))
struct FleetConfigurationTests {
    private func parse(_ text: String) throws(ConfigurationError) -> Configuration {
        try ConfigurationLoader(environment: [:], homeDirectory: "/nonexistent").parse(text)
    }

    private func firstIssue(_ text: String) -> ConfigurationIssue? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.first
        }
    }

    private func document(_ provider: String) -> String {
        "version: 1\ndefault_chain: default\nchains:\n  default: [fleet]\nproviders:\n  fleet:\n" + provider
    }

    @Test("endpoints, strategy and hedge of an openai provider are read, with weights")
    func readsFleet() throws {
        let configuration = try parse(
            document(
                """
                    type: openai
                    model: m
                    api_key_env: null
                    endpoints:
                      - http://127.0.0.1:8081/v1
                      - { url: "http://127.0.0.1:8082/v1", weight: 3 }
                    strategy: least-busy
                    hedge: { after: 2s }
                """))
        let fleet = try #require(configuration.providers.first?.fleet)
        #expect(
            fleet.endpoints == [
                .init(url: "http://127.0.0.1:8081/v1"), .init(url: "http://127.0.0.1:8082/v1", weight: 3),
            ])
        #expect(fleet.strategy == .leastBusy)
        #expect(fleet.hedge == .after(.seconds(2)))
        #expect(configuration.providers.first?.endpoint == "http://127.0.0.1:8081/v1, http://127.0.0.1:8082/v1")
    }

    @Test("an ollama provider reads a percentile hedge")
    func ollamaPercentile() throws {
        let configuration = try parse(
            document(
                """
                    type: ollama
                    model: m
                    endpoints: [http://127.0.0.1:11434, http://127.0.0.1:11435]
                    strategy: latency
                    hedge: { percentile: 90 }
                """))
        let fleet = try #require(configuration.providers.first?.fleet)
        #expect(fleet.endpoints.count == 2)
        #expect(fleet.hedge == .percentile(90))
    }

    @Test(
        "endpoint_timeout is read into the fleet's options; without endpoints, or not a duration, it is an error where it is"
    )
    func endpointTimeout() throws {
        let configuration = try parse(
            document(
                """
                    type: openai
                    model: m
                    api_key_env: null
                    endpoints: [http://127.0.0.1:8081/v1, http://127.0.0.1:8082/v1]
                    endpoint_timeout: 1500ms
                """))
        let fleet = try #require(configuration.providers.first?.fleet)
        #expect(fleet.endpointTimeout == .milliseconds(1500))
        #expect(fleet.options.endpointTimeout == .milliseconds(1500))
        #expect(
            firstIssue(document("    type: openai\n    model: m\n    endpoint_timeout: 2s\n"))?.keyPath
                == "providers.fleet.endpoint_timeout")
        let bad = try #require(
            firstIssue(
                document(
                    """
                        type: ollama
                        model: m
                        endpoints: [http://127.0.0.1:11434]
                        endpoint_timeout: soon
                    """)))
        #expect(bad.keyPath == "providers.fleet.endpoint_timeout")
        #expect(bad.location.line == 10)
    }

    @Test("an unknown strategy is reported at its line and column, with a did-you-mean")
    func unknownStrategy() throws {
        let issue = try #require(
            firstIssue(
                document(
                    """
                        type: openai
                        model: m
                        endpoints: [http://127.0.0.1:8081/v1]
                        strategy: least-busi
                    """)))
        #expect(issue.location.line == 10)
        #expect(issue.location.column == 15)
        #expect(issue.keyPath == "providers.fleet.strategy")
        #expect(issue.suggestion == "least-busy")
    }

    @Test(
        "an endpoint that is not a URL, a weight out of range and a hedge with both keys are each reported where they are"
    )
    func problemsAtTheirPlaces() throws {
        do {
            _ = try parse(
                document(
                    """
                        type: openai
                        model: m
                        endpoints:
                          - not a url
                          - { url: "http://127.0.0.1:8082/v1", weight: 0 }
                        hedge: { after: 2s, percentile: 90 }
                    """))
            Issue.record("expected problems")
        } catch {
            let byPath = Dictionary(
                error.issues.map { ($0.keyPath, $0.location) }, uniquingKeysWith: { first, _ in first })
            #expect(byPath["providers.fleet.endpoints[0]"]?.line == 10)
            #expect(byPath["providers.fleet.endpoints[1].weight"]?.line == 11)
            #expect(byPath["providers.fleet.hedge"]?.line == 12)
        }
    }

    @Test("plain http to another host is refused in endpoints as in base_url")
    func insecureEndpoint() throws {
        let issue = try #require(
            firstIssue(
                document(
                    """
                        type: openai
                        model: m
                        endpoints: [http://10.0.0.2:8080/v1]
                    """)))
        #expect(issue.keyPath == "providers.fleet.endpoints[0]")
    }

    @Test("strategy without endpoints, and endpoints beside base_url, are errors")
    func strategyNeedsEndpoints() throws {
        #expect(
            firstIssue(document("    type: openai\n    model: m\n    strategy: latency\n"))?.keyPath
                == "providers.fleet.strategy")
        #expect(
            firstIssue(
                document(
                    """
                        type: openai
                        model: m
                        base_url: http://127.0.0.1:1/v1
                        endpoints: [http://127.0.0.1:2/v1]
                    """))?.keyPath == "providers.fleet.base_url")
    }

    @Test("the builder makes one provider per endpoint inside a fleet, and doctor's facts say how many are up")
    func buildsFleet() async throws {
        let up = try SingleSlotCompletionServer(name: "up", serviceTime: .zero)
        defer { up.stop() }
        let down = try SingleSlotCompletionServer(name: "down", serviceTime: .zero)
        let downURL = down.baseURL.absoluteString
        down.stop()
        let configuration = try parse(
            document(
                """
                    type: openai
                    model: fleet-model
                    api_key_env: null
                    endpoints: [\(up.baseURL.absoluteString), \(downURL)]
                    strategy: least-busy
                """))
        let settings = try #require(configuration.providers.first)
        let model = ProviderRegistry.standard.makeModel(for: settings, context: ProviderBuildContext(environment: [:]))
        let fleet = try #require(model.base as? EndpointFleet)
        #expect(fleet.endpoints.map(\.label) == [up.baseURL.absoluteString, downURL])
        #expect(fleet.options.strategy == .leastBusy)
        #expect(await model.availability == .available)
        let facts = await fleet.facts()
        #expect(facts.first?.text == "1 of 2 endpoints up (strategy least-busy)")
        // A down endpoint says why in the reader's language, as doctor words the reason itself.
        let downFact = try #require(facts.last?.localized)
        #expect(facts.last?.text.hasPrefix("\(downURL): down (The server at ") == true, "\(facts.last?.text ?? "")")
        let german = Diagnostics(language: .german)
        #expect(
            german.text(downFact).contains(
                german.text("reason.unreachable.message", ["endpoint": "127.0.0.1"])
                    .components(separatedBy: "127.0.0.1")[0]), "\(german.text(downFact))")
        let response = try await model.respond(to: GenerationRequest(prompt: "hi"))
        #expect(response.text == "served by up")
    }
}
