extension UnavailableReason: CustomStringConvertible {
    /// A stable, readable one-line description: the reason's ``code``, Foundation Models' name for it when that
    /// differs, then what the reason carries.
    ///
    /// The format is part of the API (apps match on it, as Foundation Models apps match on the description of
    /// Foundation Models' reasons): `<code>[ (Foundation Models: <name>)][: <details>]`. For example
    /// `deviceNotEligible: CPU lacks AVX2`, `modelNotReady: downloading, 43%`,
    /// `disabled (Foundation Models: appleIntelligenceNotEnabled)`,
    /// `lowStorage (Foundation Models: modelNotReady): needs 1900000000 bytes, 300000000 bytes free on /home`.
    /// Numbers are written without locale-dependent separators. The text it carries is kept as given: pass it
    /// through ``TerminalSafeText`` before a terminal.
    public var description: String {
        var head = code
        if let name = foundationModelsReason?.rawValue, name != code {
            head += " (Foundation Models: \(name))"
        }
        let details = self.details
        return details.isEmpty ? head : "\(head): \(details)"
    }

    /// What the reason carries, in words; empty when it carries nothing.
    private var details: String {
        switch self {
        case .deviceNotEligible(let detail):
            return detail
        case .modelNotReady(let progress, let detail):
            var parts: [String] = []
            if let detail, !detail.isEmpty { parts.append(detail) }
            if let progress { parts.append(Self.percent(progress)) }
            return parts.joined(separator: ", ")
        case .modelNotInstalled(let name):
            return name
        case .lowStorage(let required, let available, let volume):
            return "needs \(required) bytes, \(available) bytes free on \(volume)"
        case .disabled, .unauthorized:
            return ""
        case .notConfigured(let missing):
            return "missing \(missing)"
        case .runtimeMissing(let binary):
            return binary
        case .unreachable(let endpoint):
            return endpoint
        case .rateLimited(let retryAfter):
            return retryAfter.map { "retry after \($0)" } ?? ""
        case .invalidModel(let path, let detail):
            return "\(path): \(detail)"
        case .runtimeFailed(let binary, let failure):
            return "\(binary) \(failure.summary)"
        }
    }

    /// A fraction in 0...1 as a whole percentage; any other value (out of range, NaN) as it is, never trapping.
    private static func percent(_ fraction: Double) -> String {
        guard fraction.isFinite, (0...1).contains(fraction) else { return "progress \(fraction)" }
        return "\(Int((fraction * 100).rounded()))%"
    }
}

extension Availability: CustomStringConvertible {
    /// `available`, or `unavailable: ` followed by the reason's ``UnavailableReason/description``.
    public var description: String {
        switch self {
        case .available: "available"
        case .unavailable(let reason): "unavailable: \(reason)"
        }
    }
}
