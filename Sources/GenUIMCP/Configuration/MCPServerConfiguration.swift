import Foundation

/// How to reach one Model Context Protocol server, and the limits genui keeps with it.
///
/// `providers.yml` names servers under `mcp_servers:`; an app can also write one in Swift:
///
/// ```swift
/// let time = MCPServerConfiguration(name: "time", command: "mcp-server-time", arguments: ["--local-timezone", "UTC"])
/// let toolbox = MCPToolbox(servers: [time])
/// let session = LanguageModelSession(model: model, tools: try await toolbox.tools())
/// ```
public struct MCPServerConfiguration: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// How genui talks to the server.
    public enum Transport: Sendable, Hashable {
        /// A program genui starts and speaks to over its stdin and stdout (newline-delimited JSON-RPC).
        ///
        /// `command` is a path or a bare name looked up on the `PATH` the server is given. The server's environment
        /// is a short allow-list of this process's (see ``MCPServerConfiguration/passedVariables``) plus
        /// `environment`: no provider key reaches it unless the configuration names it.
        case standardIO(command: String, arguments: [String], environment: [String: String])
        /// A server reached by URL over Streamable HTTP, with extra request headers (an `Authorization` header, say).
        /// Plain `http` is accepted only for a loopback address, as for providers.
        case streamableHTTP(url: URL, headers: [String: String])
    }

    /// The server's name: how the configuration, doctor and an app refer to it.
    public var name: String
    /// How genui talks to it.
    public var transport: Transport
    /// How long starting the server and its `initialize` handshake may take (default 20 s).
    public var startTimeout: Duration
    /// How long one tool call may take before it is cancelled (default 60 s).
    public var callTimeout: Duration
    /// The largest tool result accepted, in bytes of content (default 4 MiB). A larger one is refused with a
    /// located error; the server's message is never kept whole.
    public var maximumResultBytes: Int
    /// Where the configuration file names the server (`file:line:column`), for errors; `nil` for one built in Swift.
    public var location: String?
    /// How the configuration file wrote the target, before `${VAR}` was expanded (set by the file's parser), so that
    /// a token spliced into an argument or a URL is never shown.
    package var writtenTarget: String?

    /// A server started as a subprocess and spoken to over stdio.
    public init(
        name: String, command: String, arguments: [String] = [], environment: [String: String] = [:],
        startTimeout: Duration = .seconds(20), callTimeout: Duration = .seconds(60),
        maximumResultBytes: Int = 4 << 20, location: String? = nil
    ) {
        self.init(
            name: name, transport: .standardIO(command: command, arguments: arguments, environment: environment),
            startTimeout: startTimeout, callTimeout: callTimeout, maximumResultBytes: maximumResultBytes,
            location: location)
    }

    /// A server reached over Streamable HTTP.
    public init(
        name: String, url: URL, headers: [String: String] = [:], startTimeout: Duration = .seconds(20),
        callTimeout: Duration = .seconds(60), maximumResultBytes: Int = 4 << 20, location: String? = nil
    ) {
        self.init(
            name: name, transport: .streamableHTTP(url: url, headers: headers), startTimeout: startTimeout,
            callTimeout: callTimeout, maximumResultBytes: maximumResultBytes, location: location)
    }

    /// A server reached by `transport`.
    public init(
        name: String, transport: Transport, startTimeout: Duration = .seconds(20), callTimeout: Duration = .seconds(60),
        maximumResultBytes: Int = 4 << 20, location: String? = nil
    ) {
        self.name = name
        self.transport = transport
        self.startTimeout = startTimeout
        self.callTimeout = callTimeout
        self.maximumResultBytes = maximumResultBytes
        self.location = location
    }

    /// The variables of this process's environment a stdio server is given by name, besides the ones its
    /// configuration sets: what a program needs to run and to find its files.
    public static let passedVariables: Set<String> = [
        "PATH", "HOME", "TMPDIR", "LANG", "LANGUAGE", "TZ", "USER", "LOGNAME", "SHELL", "TERM", "LD_LIBRARY_PATH",
        "DYLD_LIBRARY_PATH",
    ]

    /// The environment a stdio server starts with: ``passedVariables`` and `LC_*` from `parent`, then `configured`.
    static func serverEnvironment(parent: [String: String], configured: [String: String]) -> [String: String] {
        var environment = parent.filter { key, _ in passedVariables.contains(key) || key.hasPrefix("LC_") }
        environment.merge(configured) { _, configured in configured }
        return environment
    }

    /// What the server is, for a person: the command and its arguments, or the URL without credentials. Never the
    /// values of its environment or headers, which may be secrets.
    public var displayTarget: String {
        if let writtenTarget { return writtenTarget }
        switch transport {
        case .standardIO(let command, let arguments, _):
            return Self.commandLine([command] + arguments)
        case .streamableHTTP(let url, _):
            return Self.withoutCredentials(url)
        }
    }

    /// The server's name and target; the values of its environment and headers are never shown, only their names.
    public var description: String {
        switch transport {
        case .standardIO(_, _, let environment):
            let names = environment.keys.sorted()
            return "\(name): \(displayTarget)" + (names.isEmpty ? "" : " (env: \(names.joined(separator: ", ")))")
        case .streamableHTTP(_, let headers):
            let names = headers.keys.sorted()
            return "\(name): \(displayTarget)" + (names.isEmpty ? "" : " (headers: \(names.joined(separator: ", ")))")
        }
    }

    /// As ``description``: a configuration printed while debugging shows no secret either.
    public var debugDescription: String { description }

    /// The name and the target only, for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(self, children: ["name": name, "target": displayTarget], displayStyle: .struct)
    }

    /// Words joined as a shell would show them, quoting those with spaces.
    package static func commandLine(_ words: [String]) -> String {
        words.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ")
    }

    package static func withoutCredentials(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "<url>" }
        components.user = nil
        components.password = nil
        components.query = components.query == nil ? nil : "…"
        return components.string ?? "<url>"
    }
}

extension MCPServerConfiguration.Transport: CustomStringConvertible, CustomDebugStringConvertible {
    /// The command and arguments or the URL, with the names of the environment variables or headers set, never
    /// their values.
    public var description: String {
        MCPServerConfiguration(name: "server", transport: self).description.dropFirst("server: ".count).description
    }

    /// As ``description``.
    public var debugDescription: String { description }
}
