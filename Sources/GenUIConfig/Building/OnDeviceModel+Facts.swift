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
        facts.append(.llamaServer(probe.locator.locate()))
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

extension ProviderFact {
    /// Where llama-server was found, or every place it was looked for: one wording for the on-device provider and
    /// for a stand-in that searches the same way.
    static func llamaServer(_ result: LlamaServerLocator.Result) -> ProviderFact {
        switch result {
        case .found(let path, let source):
            return ProviderFact(kind: "path", text: "llama-server: \(path) (found via \(source.rawValue))")
        case .missing(let looked):
            let places = looked.filter { $0 != "$PATH" }
            guard looked.contains("$PATH") else {
                return ProviderFact(kind: "path", text: "llama-server not found at \(places.joined(separator: ", "))")
            }
            let also = places.isEmpty ? "" : " (also looked at: \(places.joined(separator: ", ")))"
            return ProviderFact(kind: "path", text: "llama-server not found on PATH\(also)")
        }
    }
}
