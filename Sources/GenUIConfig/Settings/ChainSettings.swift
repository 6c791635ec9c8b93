import GenUIMCP
import GenUIRouter

/// One chain of `providers.yml`: its providers in order and how it routes.
public struct ChainSettings: Sendable, Hashable {
    /// The chain's name.
    public var name: String
    /// Provider names, in routing order.
    public var providers: [String]
    /// Routing options (outcome table, time limits, breaker, opt-ins), defaults where the file says nothing.
    public var options: ChainOptions
    /// Where the chain is defined.
    public var location: SourceLocation
    /// The settings a member applies when it serves, by provider name, for members listed with options
    /// (`- provider: mini` with `temperature:`, `max_tokens:`, `reasoning:`, `extra_body:`).
    public var memberOptions: [String: MemberOptions] = [:]
}

/// A whole `providers.yml`, parsed and validated.
public struct Configuration: Sendable {
    /// Where the configuration came from.
    public var source: ConfigurationSource
    /// The format version (1).
    public var version: Int
    /// The chain used when none is named.
    public var defaultChain: String
    /// The chains, in file order.
    public var chains: [ChainSettings]
    /// The providers, in file order.
    public var providers: [ProviderSettings]
    /// Problems that do not stop the configuration from loading.
    public var warnings: [ConfigurationIssue]
    /// Environment variables read while expanding `${…}`, for `-v`.
    public var variablesRead: [String] = []
    /// The `models:` catalog, in file order (``ModelCatalogSettings``).
    public var models: [ModelCatalogSettings] = []
    /// The `mcp_servers:` section, in file order: the Model Context Protocol servers whose tools `genui generate` and
    /// sessions built from the configuration use (pass them to `MCPToolbox`).
    public var mcpServers: [MCPServerConfiguration] = []

    /// The chain named `name`.
    public func chain(named name: String) -> ChainSettings? { chains.first { $0.name == name } }

    /// The provider named `name`.
    public func provider(named name: String) -> ProviderSettings? { providers.first { $0.name == name } }
}
