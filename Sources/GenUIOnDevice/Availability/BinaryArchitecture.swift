import Foundation

/// The CPU architecture an executable was built for, read from its ELF or Mach-O header.
enum BinaryArchitecture: String, Sendable {
    case x86_64
    case arm64

    /// The architecture this process runs on.
    static var host: BinaryArchitecture? {
        #if arch(x86_64)
            .x86_64
        #elseif arch(arm64)
            .arm64
        #else
            nil
        #endif
    }

    /// The architecture of the executable at `path`; `nil` for scripts, universal binaries and unknown machines
    /// (which are then not held against the device).
    static func of(executable path: String) -> BinaryArchitecture? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let header = [UInt8]((try? handle.read(upToCount: 20)) ?? Data())
        guard header.count >= 20 else { return nil }
        if header[0] == 0x7F, header[1] == 0x45, header[2] == 0x4C, header[3] == 0x46 {
            // ELF, little-endian e_machine at offset 18.
            let machine = UInt16(header[18]) | UInt16(header[19]) << 8
            switch machine {
            case 0x3E: return .x86_64
            case 0xB7: return .arm64
            default: return nil
            }
        }
        if header[0] == 0xCF, header[1] == 0xFA, header[2] == 0xED, header[3] == 0xFE {
            // 64-bit Mach-O, little-endian cputype at offset 4.
            let type = UInt32(header[4]) | UInt32(header[5]) << 8 | UInt32(header[6]) << 16 | UInt32(header[7]) << 24
            switch type {
            case 0x0100_0007: return .x86_64
            case 0x0100_000C: return .arm64
            default: return nil
            }
        }
        return nil
    }
}
