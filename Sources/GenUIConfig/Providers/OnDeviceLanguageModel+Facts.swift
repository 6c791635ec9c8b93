import Foundation
import GenUIDiagnostics
import GenUIOnDevice

/// What `genui doctor -v` shows for an on-device provider: where llama-server was looked for and found, and
/// whether the model file is there — the same search the provider itself uses.
extension OnDeviceLanguageModel: ProviderFactsReporting {
    public func facts() async -> [ProviderFact] {
        var facts: [ProviderFact] = []
        let variable = LlamaServerLocator.environmentVariable
        let fromEnvironment = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        facts.append(
            ProviderFact(
                kind: "env",
                fromEnvironment.map {
                    LocalizedText("doctor.fact.envValue", ["variable": .verbatim(variable), "value": .verbatim($0)])
                } ?? LocalizedText("doctor.fact.envNotSet", ["variable": .verbatim(variable)])))
        facts.append(.llamaServer(probe.locator.locate()))
        let model = configuration.modelPath
        let attributes = try? FileManager.default.attributesOfItem(atPath: model)
        if let size = attributes?[.size] as? Int64 {
            facts.append(
                ProviderFact(
                    kind: "path",
                    LocalizedText("doctor.fact.modelFound", ["path": .verbatim(model), "size": .bytes(size)])))
        } else {
            facts.append(
                ProviderFact(kind: "path", LocalizedText("doctor.fact.modelMissing", ["path": .verbatim(model)])))
        }
        if case .found(let binary, _) = probe.locator.locate(),
            let remembered = probe.failures?.failure(binary: binary, model: configuration.resolvedModelPath)
        {
            let lastLine = remembered.log.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
            let date = Date(timeIntervalSince1970: remembered.recordedAt).formatted(.iso8601)
            facts.append(
                ProviderFact(
                    kind: "note",
                    LocalizedText(
                        "doctor.fact.runtimeRemembered",
                        [
                            "binary": .verbatim(remembered.binary), "date": .verbatim(date),
                            "line": .verbatim(lastLine),
                        ])))
        }
        if let running = await serverURL {
            facts.append(
                ProviderFact(
                    kind: "endpoint",
                    LocalizedText("doctor.fact.serverRunning", ["url": .verbatim(running.absoluteString)])))
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
            return ProviderFact(
                kind: "path",
                LocalizedText(
                    "doctor.fact.serverFound",
                    [
                        "path": .verbatim(path), "source": .phrase(LocalizedText("doctor.fact.via.\(source.rawValue)")),
                    ]))
        case .missing(let looked):
            let places = looked.filter { $0 != "$PATH" }
            guard looked.contains("$PATH") else {
                return ProviderFact(
                    kind: "path", LocalizedText("doctor.fact.serverNotFoundAt", ["places": .list(places)]))
            }
            guard !places.isEmpty else {
                return ProviderFact(kind: "path", LocalizedText("doctor.fact.serverNotFoundOnPath"))
            }
            return ProviderFact(
                kind: "path", LocalizedText("doctor.fact.serverNotFoundOnPathAlso", ["places": .list(places)]))
        }
    }
}

/// `genui doctor --deep` starts the runtime for real when a remembered failed start is why it is unavailable.
extension OnDeviceLanguageModel: RuntimeProving {}
