import Foundation

/// The result of a finished subprocess.
public struct ProcessResult: Sendable {
    /// The exit status, or the number of the signal that ended the process.
    public var status: Int32
    /// Everything written to stdout.
    public var stdout: String
    /// Everything written to stderr.
    public var stderr: String
    /// `true` when the process ended by exiting, `false` when a signal ended it (a crash, or the runner's timeout).
    public var exited: Bool
    /// `true` when the runner stopped the process because it outran its timeout.
    public var timedOut: Bool

    /// A result with the given parts.
    public init(status: Int32, stdout: String, stderr: String, exited: Bool = true, timedOut: Bool = false) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.exited = exited
        self.timedOut = timedOut
    }
}

/// What a subprocess reads on its standard input.
public enum ProcessInput: Sendable {
    /// This text, then the end of the input.
    case text(String)
    /// The file at this path (a device such as `/dev/zero` included).
    case file(String)
}
