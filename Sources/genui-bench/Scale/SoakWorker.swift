import Foundation
import GenUI
import GenUIHTTP
import GenUIOpenAI
import GenUIRouter

/// What the soak is asked to do (`genui-bench --soak-worker <run as JSON>`), in a process of its own.
struct SoakRun: Codable, Sendable {
    var requests: Int
    var concurrency: Int
    /// Every how many completed requests a sample is taken.
    var sampleEvery: Int
    /// The server's base URLs for the fleet (short answers, no pause).
    var baseURLs: [String]
    var deadURL: String
    /// What the requests go through: `chain` (the soak), or `provider` / `plain-chain` to tell growth apart.
    var shape = "chain"
    var resultFile: String
}

/// The soak's samples: after every ``SoakRun/sampleEvery`` requests, the resident memory and threads.
struct SoakResult: Codable, Sendable {
    struct Sample: Codable, Sendable {
        var requests: Int
        var seconds: Double
        var residentBytes: Int
        var threads: Int
    }
    var samples: [Sample]
    var failures: Int
    var firstFailure: String?
    var wrongText: Int
}

/// Many short requests through one chain (`[dead provider, fleet of endpoints]`), each in a session of its own as a
/// server answers its users, sampling memory and threads as it goes: what genui keeps per request shows as growth.
enum SoakWorker {
    static func run(_ run: SoakRun) async throws {
        let http = GenUIHTTP.HTTPClient(maximumConnectionsPerHost: run.concurrency + 8)
        func provider(_ name: String, _ url: String) -> OpenAILanguageModel {
            StreamingCompletionServer.provider(name, baseURL: url, client: http)
        }
        let endpoints = run.baseURLs.map { FleetEndpoint(provider("fleet", $0), label: $0) }
        let model: any RoutableModel
        switch run.shape {
        case "provider": model = provider("server", run.baseURLs[0])
        case "live-chain", "chain-without-session":
            model = ProviderChain(name: "soak", models: [provider("server", run.baseURLs[0])])
        case "short-timeouts":
            model = ProviderChain(
                name: "soak", models: [provider("server", run.baseURLs[0])],
                options: ChainOptions(attemptTimeout: .seconds(1), deadline: .seconds(2)))
        case "plain-chain":
            model = ProviderChain(
                name: "soak", models: [provider("dead", run.deadURL), provider("server", run.baseURLs[0])])
        default:
            model = ProviderChain(
                name: "soak",
                models: [
                    provider("dead", run.deadURL),
                    EndpointFleet(name: "fleet", endpoints: endpoints, options: FleetOptions(strategy: .leastBusy)),
                ])
        }
        let expected = String(repeating: StreamingCompletionServer.token, count: 2)
        let clock = ContinuousClock()
        let start = clock.now
        var samples: [SoakResult.Sample] = []
        var failures = 0
        var firstFailure: String?
        var wrongText = 0
        var issued = 0
        var completed = 0
        await withTaskGroup(of: Result<String, any Error>.self) { group in
            func issue() {
                let index = issued
                issued += 1
                group.addTask {
                    do {
                        if run.shape == "chain-without-session" || run.shape == "short-timeouts" {
                            return .success(
                                try await model.respond(to: GenerationRequest(prompt: "Request \(index)")).text)
                        }
                        let session = LanguageModelSession(model: model)
                        return .success(try await session.respond(to: "Request \(index)").content)
                    } catch {
                        return .failure(error)
                    }
                }
            }
            for _ in 0..<min(run.concurrency, run.requests) { issue() }
            while let outcome = await group.next() {
                completed += 1
                switch outcome {
                case .success(let text): if text != expected { wrongText += 1 }
                case .failure(let error):
                    failures += 1
                    firstFailure = firstFailure ?? "\(error)"
                }
                if completed % run.sampleEvery == 0 {
                    let now = ProcessGauges.status()
                    samples.append(
                        .init(
                            requests: completed, seconds: (clock.now - start).secondsValue,
                            residentBytes: now.residentBytes, threads: now.threads))
                }
                if issued < run.requests { issue() }
            }
        }
        let result = SoakResult(samples: samples, failures: failures, firstFailure: firstFailure, wrongText: wrongText)
        try JSONEncoder().encode(result).write(to: URL(fileURLWithPath: run.resultFile))
    }
}
