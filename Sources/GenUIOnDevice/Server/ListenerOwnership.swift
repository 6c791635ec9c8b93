import Foundation

/// Which process listens on a loopback port: how genui makes sure the server that answers on the port it picked is
/// the llama-server it started, not a process that took the port between picking and binding.
///
/// On Linux the kernel says so: every TCP socket listening on the port (`/proc/net/tcp`, `/proc/net/tcp6`) must be
/// one of the child's open files (`/proc/<pid>/fd` → `socket:[inode]`). On macOS libproc says whether the child holds
/// a socket listening on the port (``libprocCheck(port:pid:)``). Elsewhere the answer is ``unknown`` and the server
/// is recognised by its access key alone (see ``LlamaServer``).
enum ListenerOwnership: Sendable, Hashable {
    /// Every socket listening on the port belongs to the process.
    case owned
    /// A socket listening on the port belongs to another process.
    case foreign
    /// Nothing listens on the port.
    case notListening
    /// This system does not say (no `/proc`, or it cannot be read).
    case unknown

    /// Who listens on TCP `port`, compared with process `pid`. `procRoot` is for tests.
    static func check(port: Int, pid: Int32, procRoot: String = "/proc") -> ListenerOwnership {
        #if canImport(Darwin)
            if procRoot == "/proc" { return libprocCheck(port: port, pid: pid) }
        #endif
        var readAny = false
        var listening: Set<String> = []
        for table in ["net/tcp", "net/tcp6"] {
            guard let text = try? String(contentsOfFile: "\(procRoot)/\(table)", encoding: .utf8) else { continue }
            readAny = true
            listening.formUnion(listeningInodes(in: text, port: port))
        }
        guard readAny else { return .unknown }
        guard !listening.isEmpty else { return .notListening }
        let directory = "\(procRoot)/\(pid)/fd"
        guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return .unknown }
        var held: Set<String> = []
        for descriptor in descriptors {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\(descriptor)"),
                target.hasPrefix("socket:["), target.hasSuffix("]")
            else { continue }
            held.insert(String(target.dropFirst(8).dropLast()))
        }
        return listening.isSubset(of: held) ? .owned : .foreign
    }

    /// The inodes of the sockets in a `/proc/net/tcp`-format table that listen (state `0A`) on `port`.
    static func listeningInodes(in table: String, port: Int) -> Set<String> {
        var inodes: Set<String> = []
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 9, fields[3] == "0A",
                let colon = fields[1].lastIndex(of: ":"),
                let localPort = Int(fields[1][fields[1].index(after: colon)...], radix: 16), localPort == port
            else { continue }
            let inode = String(fields[9])
            if inode != "0" { inodes.insert(inode) }
        }
        return inodes
    }
}
