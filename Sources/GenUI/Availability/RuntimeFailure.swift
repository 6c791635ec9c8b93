/// How a model's runtime (a managed server process such as `llama-server`) ended before it could serve, in a way that
/// says something about this machine rather than about one request.
///
/// Carried by ``UnavailableReason/runtimeFailed(binary:failure:)``. A provider reads it from the process's exit
/// status and its last log lines; each case has its own wording and remedy in every language.
public enum RuntimeFailure: Sendable, Hashable {
    /// The process was killed by `SIGILL`: it ran an instruction the CPU or the operating system does not allow
    /// (a build for a newer CPU, or a virtual machine that advertises AVX-512 or AMX but does not let processes use
    /// them). It recurs on every start until the runtime is rebuilt for this machine.
    case illegalInstruction
    /// The process was killed by `SIGKILL` while it loaded the model; on Linux that is most often the kernel's
    /// out-of-memory killer.
    case killedWhileLoading
    /// The process was killed by another signal (its number) before it could serve: a crash such as `SIGSEGV`,
    /// `SIGBUS` or `SIGABRT`.
    case crashed(signal: Int32)
    /// The process exited with this status before it could serve.
    case exited(code: Int32)

    /// A stable identifier: `illegalInstruction`, `killedWhileLoading`, `crashed` or `exited`.
    public var code: String {
        switch self {
        case .illegalInstruction: "illegalInstruction"
        case .killedWhileLoading: "killedWhileLoading"
        case .crashed: "crashed"
        case .exited: "exited"
        }
    }

    /// Whether the failure is expected to recur on the next start with the same binary and model: an illegal
    /// instruction or a crash (`SIGSEGV`, `SIGBUS`, `SIGABRT`, `SIGFPE`, `SIGSYS`, `SIGTRAP`) does; an
    /// out-of-memory kill, a stop asked for by another process (`SIGTERM`, `SIGINT`…) or an exit may not.
    public var recurs: Bool {
        switch self {
        case .illegalInstruction: true
        case .crashed(let signal): [5, 6, 7, 8, 11, 31].contains(signal)
        case .killedWhileLoading, .exited: false
        }
    }

    /// The conventional name of a signal (`SIGILL`, `SIGSEGV`…), or `signal N` for one without a common name.
    public static func signalName(_ signal: Int32) -> String {
        switch signal {
        case 1: "SIGHUP"
        case 2: "SIGINT"
        case 3: "SIGQUIT"
        case 4: "SIGILL"
        case 5: "SIGTRAP"
        case 6: "SIGABRT"
        case 7: "SIGBUS"
        case 8: "SIGFPE"
        case 9: "SIGKILL"
        case 11: "SIGSEGV"
        case 13: "SIGPIPE"
        case 14: "SIGALRM"
        case 15: "SIGTERM"
        case 24: "SIGXCPU"
        case 25: "SIGXFSZ"
        case 31: "SIGSYS"
        default: "signal \(signal)"
        }
    }

    /// The failure a process that was killed by `signal` before it served stands for.
    public init(killedBy signal: Int32) {
        switch signal {
        case 4: self = .illegalInstruction
        case 9: self = .killedWhileLoading
        default: self = .crashed(signal: signal)
        }
    }

    /// What happened, in English: `stopped on an instruction the CPU or the OS does not allow (SIGILL)`.
    public var summary: String {
        switch self {
        case .illegalInstruction: "stopped on an instruction the CPU or the OS does not allow (SIGILL)"
        case .killedWhileLoading: "was killed (SIGKILL) while loading the model, most often for lack of memory"
        case .crashed(let signal): "crashed (\(Self.signalName(signal))) before it could serve"
        case .exited(let code): "exited with status \(code) before it could serve"
        }
    }
}
