/// Writes configuration files atomically: a reader sees the old file or the new one, never half of either.
public enum ConfigurationWriter {
    /// Writes `text` to `path` through a temporary file in the same directory and a rename (see ``AtomicFile``),
    /// creating missing directories (`~/.config/genui` on a new machine).
    public static func write(_ text: String, to path: String) throws(AtomicWriteError) {
        try AtomicFile.write(text, to: path, createDirectories: true)
    }
}
