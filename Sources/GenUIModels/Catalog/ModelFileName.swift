import Foundation
import GenUIOnDevice

/// The file name a model pulled by URL gets in the models folder, and the check that the path it makes stays there.
///
/// The name is the last segment of the URL's path as sent (split on `/` before any percent-decoding, so `%2F` can
/// never add a folder), then decoded. It is refused — never repaired — when it could leave the models folder or
/// collide with genui's own files: empty, `.` or `..`, holding a separator (`/`, `\`), `..`, a NUL or another
/// control character, starting with a dot (a hidden file such as `.bash_aliases`), longer than 255 bytes, or ending
/// like the files a download keeps beside its model (`.part`, `.part.json`, `.lock`). The user's own choice of
/// path — `--file`, or `file:` in the `models:` catalog — is never checked by these rules.
public enum ModelFileName {
    /// The folder models pulled by URL go to, before `~` is expanded.
    public static let modelsFolder = "~/.cache/genui/models"

    /// The endings of the files a download keeps beside its model; a derived name may not end with one of them.
    static let reservedSuffixes = [".part", ".part.json", ".lock"]

    /// The safe file name of `url`'s last path segment. Throws ``ModelDownloadError/unsafeFileName(_:)`` naming the
    /// decoded segment when it is refused.
    public static func derive(from url: URL) throws(ModelDownloadError) -> String {
        let path = url.path(percentEncoded: true)
        let raw = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        guard let name = raw.removingPercentEncoding else { throw .unsafeFileName(raw) }
        guard isSafe(name) else { throw .unsafeFileName(name) }
        return name
    }

    /// Whether `name` is a plain file name a pull may create in the models folder (see the rules above).
    public static func isSafe(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix("."), !name.contains("..") else { return false }
        for scalar in name.unicodeScalars {
            if scalar == "/" || scalar == "\\" { return false }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return false }
        }
        return !reservedSuffixes.contains { name.hasSuffix($0) }
    }

    /// The path a model named `name` (already checked with ``isSafe(_:)``) installs to in the models folder, `~`
    /// expanded. Throws ``ModelDownloadError/unsafeFileName(_:)`` when the path's folder is not the models folder.
    public static func target(named name: String) throws(ModelDownloadError) -> String {
        guard isSafe(name) else { throw .unsafeFileName(name) }
        let folder = OnDeviceConfiguration(modelPath: modelsFolder).resolvedModelPath
        let target = (folder as NSString).appendingPathComponent(name)
        let parent = ((target as NSString).standardizingPath as NSString).deletingLastPathComponent
        guard parent == (folder as NSString).standardizingPath else { throw .unsafeFileName(name) }
        return target
    }
}
