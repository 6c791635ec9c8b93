#if canImport(Darwin)
    import Darwin

    extension ListenerOwnership {
        /// Whether process `pid` holds a TCP socket listening on `port`, read through libproc (`proc_pidinfo` lists the
        /// process's descriptors, `proc_pidfdinfo` describes each socket): ``owned`` when one of its sockets listens on
        /// the port, ``foreign`` when none does (so whatever answered on the port is another process), ``unknown`` when
        /// the system does not say.
        ///
        /// Unlike Linux's tables, this does not list other processes' sockets: a second listener sharing the port
        /// through `SO_REUSEPORT` goes unseen, and the server is still also recognised by its access key (see
        /// docs/security.md).
        static func libprocCheck(port: Int, pid: Int32) -> ListenerOwnership {
            let needed = proc_pidinfo(pid, PROC_PIDLISTFDS, 0, nil, 0)
            guard needed > 0 else { return .unknown }
            let stride = MemoryLayout<proc_fdinfo>.stride
            // Room for descriptors opened between the two calls.
            var descriptors = [proc_fdinfo](repeating: proc_fdinfo(), count: Int(needed) / stride + 32)
            let filled = descriptors.withUnsafeMutableBytes { buffer in
                proc_pidinfo(pid, PROC_PIDLISTFDS, 0, buffer.baseAddress, Int32(clamping: buffer.count))
            }
            guard filled > 0 else { return .unknown }
            let socketSize = Int32(MemoryLayout<socket_fdinfo>.size)
            for descriptor in descriptors.prefix(Int(filled) / stride)
            where descriptor.proc_fdtype == UInt32(PROX_FDTYPE_SOCKET) {
                var info = socket_fdinfo()
                guard proc_pidfdinfo(pid, descriptor.proc_fd, PROC_PIDFDSOCKETINFO, &info, socketSize) == socketSize,
                    info.psi.soi_kind == Int32(SOCKINFO_TCP)
                else { continue }
                let tcp = info.psi.soi_proto.pri_tcp
                guard tcp.tcpsi_state == Int32(TSI_S_LISTEN) else { continue }
                // The local port is kept in network byte order in the low 16 bits.
                let localPort = UInt16(bigEndian: UInt16(truncatingIfNeeded: tcp.tcpsi_ini.insi_lport))
                if Int(localPort) == port { return .owned }
            }
            return .foreign
        }
    }
#endif
