import Foundation
import GenUI
import GenUIHTTP

extension ProviderSettings {
    /// Where the provider runs: `runs:` as the file declares it, else its type's default — the on-device runtime and
    /// scripted models on this device; Ollama by its host (loopback: on this device, unless the model is one of
    /// Ollama's cloud models, whose tag ends in `cloud`; a private address or a `.local` name: the local network;
    /// anything else: a cloud); OpenAI-compatible servers, Anthropic and Gemini in a cloud (a local server that runs
    /// its own model says `runs: on-device`, since a proxy on loopback may forward to a cloud). `nil` for a type genui
    /// does not know, which a boundary treats as a cloud.
    public var providerLocation: ProviderLocation? {
        if let declaredLocation { return declaredLocation }
        switch type {
        case .llamaCpp, .scripted: return .onDevice
        case .openai, .anthropic, .gemini: return .cloud
        case .ollama:
            if modelName?.lowercased().hasSuffix("cloud") == true { return .cloud }
            let hosts = fleet.map { $0.endpoints.map(\.url) } ?? [endpoint ?? "http://127.0.0.1:11434"]
            return hosts.map(Self.location(ofEndpoint:)).max()
        default: return nil
        }
    }

    /// Where the server at `endpoint` (a base URL, a scheme optional) is: this device for loopback, the local network
    /// for a private or link-local address or a `.local` name, otherwise a cloud.
    static func location(ofEndpoint endpoint: String) -> ProviderLocation {
        let url = endpoint.contains("://") ? endpoint : "http://" + endpoint
        guard let host = URLComponents(string: url)?.host?.lowercased(), !host.isEmpty else { return .cloud }
        if EndpointPolicy.isLoopback(host) { return .onDevice }
        if host.hasSuffix(".local") || host.hasSuffix(".local.") { return .localNetwork }
        let octets = host.split(separator: ".").compactMap { UInt8($0) }
        if octets.count == 4 {
            switch (octets[0], octets[1]) {
            case (10, _), (192, 168), (169, 254): return .localNetwork
            case (172, let second) where (16...31).contains(second): return .localNetwork
            default: return .cloud
            }
        }
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if bare.contains(":"), bare.hasPrefix("fc") || bare.hasPrefix("fd") || bare.hasPrefix("fe80") {
            return .localNetwork
        }
        return .cloud
    }
}
