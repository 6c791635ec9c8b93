import SwiftDiagnostics
import SwiftSyntax

/// A compile-time error or warning of `@Generable` or `@Guide`.
struct GenerableDiagnostic: DiagnosticMessage {
    let message: String
    let id: String
    let severity: DiagnosticSeverity

    var diagnosticID: MessageID { MessageID(domain: "GenUIMacros", id: id) }

    static func error(_ id: String, _ message: String) -> Self { Self(message: message, id: id, severity: .error) }
    static func warning(_ id: String, _ message: String) -> Self { Self(message: message, id: id, severity: .warning) }
}

/// The message of a fix-it.
struct GenerableFixIt: FixItMessage {
    let message: String
    var fixItID: MessageID { MessageID(domain: "GenUIMacros", id: message) }

    init(_ message: String) { self.message = message }
}

/// Collects diagnostics while a declaration is read, so both macro roles see the same verdict and only one of them
/// reports it.
struct DiagnosticLog {
    private(set) var diagnostics: [Diagnostic] = []

    var hasErrors: Bool { diagnostics.contains { $0.diagMessage.severity == .error } }

    mutating func error(_ node: some SyntaxProtocol, _ id: String, _ message: String, fixIts: [FixIt] = []) {
        diagnostics.append(
            Diagnostic(node: Syntax(node), message: GenerableDiagnostic.error(id, message), fixIts: fixIts))
    }

    mutating func warning(_ node: some SyntaxProtocol, _ id: String, _ message: String, fixIts: [FixIt] = []) {
        diagnostics.append(
            Diagnostic(node: Syntax(node), message: GenerableDiagnostic.warning(id, message), fixIts: fixIts))
    }
}
