/// Why a language model cannot serve requests.
///
/// Each case carries what a user needs to act: how far a download has come, how much disk is missing,
/// which environment variable is unset. Diagnostics turn each case into a localized message and a remediation.
public enum UnavailableReason: Sendable, Hashable {
    /// This hardware cannot run the model: a missing CPU instruction set, too little memory, an unsupported
    /// architecture. `detail` says which.
    case deviceNotEligible(detail: String)
    /// The model exists in principle but is not usable yet: still downloading, still loading.
    /// `progress` is a fraction in 0...1 when known.
    case modelNotReady(progress: Double?, detail: String?)
    /// The model is absent and nothing is fetching it.
    case modelNotInstalled(name: String)
    /// Not enough free disk to fetch or unpack the model.
    case lowStorage(requiredBytes: Int64, availableBytes: Int64, volume: String)
    /// The user or operator turned the model off.
    case disabled
    /// The configuration is incomplete; `missing` names what is missing (an environment variable, a setting).
    case notConfigured(missing: String)
    /// The program that runs the model is not installed.
    case runtimeMissing(binary: String)
    /// The server is not answering at `endpoint`.
    case unreachable(endpoint: String)
    /// The server rejected the credentials.
    case unauthorized
    /// The provider asks callers to wait; `retryAfter` is how long, when it said.
    case rateLimited(retryAfter: Duration?)
    /// The model file exists but is not a usable model (wrong format, corrupt header).
    case invalidModel(path: String, detail: String)
    /// The runtime at `binary` was started and ended before it could serve, as `failure` says (an illegal
    /// instruction, an out-of-memory kill, a crash). An illegal instruction is Foundation Models'
    /// `deviceNotEligible`: this machine cannot run that build.
    case runtimeFailed(binary: String, failure: RuntimeFailure)

    /// A stable identifier for the case, used as a catalog key, in `--json` output and in `--simulate`.
    public var code: String {
        switch self {
        case .deviceNotEligible: "deviceNotEligible"
        case .modelNotReady: "modelNotReady"
        case .modelNotInstalled: "modelNotInstalled"
        case .lowStorage: "lowStorage"
        case .disabled: "disabled"
        case .notConfigured: "notConfigured"
        case .runtimeMissing: "runtimeMissing"
        case .unreachable: "unreachable"
        case .unauthorized: "unauthorized"
        case .rateLimited: "rateLimited"
        case .invalidModel: "invalidModel"
        case .runtimeFailed: "runtimeFailed"
        }
    }

    /// Every reason code, in declaration order.
    public static let allCodes: [String] = [
        "deviceNotEligible", "modelNotReady", "modelNotInstalled", "lowStorage", "disabled", "notConfigured",
        "runtimeMissing", "unreachable", "unauthorized", "rateLimited", "invalidModel", "runtimeFailed",
    ]

    /// Whether the condition is expected to clear by itself (a download finishing, a rate limit expiring),
    /// as opposed to needing someone to act.
    public var isTransient: Bool {
        switch self {
        case .modelNotReady, .rateLimited, .unreachable: true
        default: false
        }
    }
}

extension UnavailableReason: Codable {
    private enum CodingKeys: String, CodingKey {
        case reason, detail, progress, name, requiredBytes, availableBytes, volume, missing, binary, endpoint
        case retryAfterSeconds, path, failure, signal, exitCode
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let code = try c.decode(String.self, forKey: .reason)
        switch code {
        case "deviceNotEligible": self = .deviceNotEligible(detail: try c.decode(String.self, forKey: .detail))
        case "modelNotReady":
            self = .modelNotReady(
                progress: try c.decodeIfPresent(Double.self, forKey: .progress),
                detail: try c.decodeIfPresent(String.self, forKey: .detail))
        case "modelNotInstalled": self = .modelNotInstalled(name: try c.decode(String.self, forKey: .name))
        case "lowStorage":
            self = .lowStorage(
                requiredBytes: try c.decode(Int64.self, forKey: .requiredBytes),
                availableBytes: try c.decode(Int64.self, forKey: .availableBytes),
                volume: try c.decode(String.self, forKey: .volume))
        case "disabled": self = .disabled
        case "notConfigured": self = .notConfigured(missing: try c.decode(String.self, forKey: .missing))
        case "runtimeMissing": self = .runtimeMissing(binary: try c.decode(String.self, forKey: .binary))
        case "unreachable": self = .unreachable(endpoint: try c.decode(String.self, forKey: .endpoint))
        case "unauthorized": self = .unauthorized
        case "rateLimited":
            // A file may hold any number here: a negative or non-finite wait is none, a huge one is clamped so the
            // conversion to milliseconds cannot trap.
            let seconds = try c.decodeIfPresent(Double.self, forKey: .retryAfterSeconds)
            self = .rateLimited(
                retryAfter: seconds.flatMap { seconds in
                    guard seconds.isFinite, seconds >= 0 else { return nil }
                    return .milliseconds(Int64((min(seconds, 9e15) * 1000).rounded()))
                })
        case "invalidModel":
            self = .invalidModel(
                path: try c.decode(String.self, forKey: .path), detail: try c.decode(String.self, forKey: .detail))
        case "runtimeFailed":
            let binary = try c.decode(String.self, forKey: .binary)
            let failure: RuntimeFailure
            switch try c.decode(String.self, forKey: .failure) {
            case "illegalInstruction": failure = .illegalInstruction
            case "killedWhileLoading": failure = .killedWhileLoading
            case "crashed": failure = .crashed(signal: try c.decode(Int32.self, forKey: .signal))
            case "exited": failure = .exited(code: try c.decode(Int32.self, forKey: .exitCode))
            case let other:
                throw DecodingError.dataCorruptedError(
                    forKey: .failure, in: c, debugDescription: "unknown runtime failure '\(other)'")
            }
            self = .runtimeFailed(binary: binary, failure: failure)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .reason, in: c, debugDescription: "unknown unavailable reason '\(code)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .reason)
        switch self {
        case .deviceNotEligible(let detail): try c.encode(detail, forKey: .detail)
        case .modelNotReady(let progress, let detail):
            try c.encodeIfPresent(progress, forKey: .progress)
            try c.encodeIfPresent(detail, forKey: .detail)
        case .modelNotInstalled(let name): try c.encode(name, forKey: .name)
        case .lowStorage(let required, let available, let volume):
            try c.encode(required, forKey: .requiredBytes)
            try c.encode(available, forKey: .availableBytes)
            try c.encode(volume, forKey: .volume)
        case .disabled, .unauthorized: break
        case .notConfigured(let missing): try c.encode(missing, forKey: .missing)
        case .runtimeMissing(let binary): try c.encode(binary, forKey: .binary)
        case .unreachable(let endpoint): try c.encode(endpoint, forKey: .endpoint)
        case .rateLimited(let retryAfter): try c.encodeIfPresent(retryAfter?.seconds, forKey: .retryAfterSeconds)
        case .invalidModel(let path, let detail):
            try c.encode(path, forKey: .path)
            try c.encode(detail, forKey: .detail)
        case .runtimeFailed(let binary, let failure):
            try c.encode(binary, forKey: .binary)
            try c.encode(failure.code, forKey: .failure)
            switch failure {
            case .crashed(let signal): try c.encode(signal, forKey: .signal)
            case .exited(let code): try c.encode(code, forKey: .exitCode)
            case .illegalInstruction, .killedWhileLoading: break
            }
        }
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    public var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}
