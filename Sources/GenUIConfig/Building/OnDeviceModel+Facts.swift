import Foundation
import GenUIOnDevice

/// What `genui doctor -v` shows for an on-device provider: where llama-server was looked for and found, and
/// whether the model file is there — the same search the provider itself uses.
extension OnDeviceModel: ProviderFactsReporting {
    public func facts() async -> [ProviderFact] {
        var facts: [ProviderFact] = []
        let variable = LlamaServerLocator.environmentVariable
        let fromEnvironment = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        facts.append(ProviderFact(kind: "env", text: "\(variable): \(fromEnvironment ?? "not set")"))
        switch probe.locator.locate() {
        case .found(let path, let source):
            facts.append(ProviderFact(kind: "path", text: "llama-server: \(path) (found via \(source.rawValue))"))
        case .missing(let looked):
            let places = looked.filter { $0 != "$PATH" }
            let also = places.isEmpty ? "" : " (also looked at: \(places.joined(separator: ", ")))"
            facts.append(ProviderFact(kind: "path", text: "llama-server not found on PATH\(also)"))
        }
        let model = configuration.modelPath
        let attributes = try? FileManager.default.attributesOfItem(atPath: model)
        if let size = attributes?[.size] as? Int64 {
            facts.append(ProviderFact(kind: "path", text: "model \(model): found, \(size) bytes"))
        } else {
            facts.append(ProviderFact(kind: "path", text: "model \(model): not found"))
        }
        if let running = await serverURL {
            facts.append(ProviderFact(kind: "endpoint", text: "llama-server running at \(running.absoluteString)"))
        }
        return facts
    }
}
