/// The exit statuses of every subcommand: one meaning per code, the same in every command (docs/exit-status.md).
package enum ExitStatus {
    /// The command did what it was asked; the chain can serve; the configuration is valid.
    package static let ok: Int32 = 0
    /// The work failed: the chain cannot serve (or, with --strict, there are warnings), no model could compose the
    /// screen, a download or a check failed.
    package static let cannotServe: Int32 = 1
    /// The configuration is invalid, or the command line names something it does not define (a chain, a model).
    package static let configurationError: Int32 = 2
    /// A file could not be read or written.
    package static let fileError: Int32 = 3
    /// A screen (generated or read) or an A2UI stream is invalid and could not be repaired.
    package static let invalidScreen: Int32 = 4
    /// An argument cannot be used (a number out of range, an empty intent): the command did nothing.
    package static let usage: Int32 = 64
    /// The user interrupted the command (Ctrl-C); what it wrote so far is kept.
    package static let interrupted: Int32 = 130
}
