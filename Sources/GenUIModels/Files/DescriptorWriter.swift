import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing a whole buffer to a file descriptor, the way the download's files need it.
enum DescriptorWriter {
    /// Writes all of `data` to `descriptor`, retrying writes interrupted by a signal; `wrote` hears the size of each
    /// piece as it lands, so a caller counting bytes keeps what was written when a later piece fails. Returns the
    /// `errno` that stopped it (`EIO` for a write that wrote nothing), or `nil` when every byte was written.
    static func writeAll(_ data: Data, to descriptor: Int32, wrote: (Int) -> Void) -> Int32? {
        data.withUnsafeBytes { raw -> Int32? in
            guard var pointer = raw.baseAddress else { return nil }
            var remaining = raw.count
            while remaining > 0 {
                let written = write(descriptor, pointer, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if written == 0 { return EIO }
                wrote(written)
                pointer += written
                remaining -= written
            }
            return nil
        }
    }
}
