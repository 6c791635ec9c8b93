import Foundation

extension Thread {
    /// Starts `body` on a thread of its own whose name the system shows (`top -H`, `perf`, a crash report).
    ///
    /// The name is given to the system from inside the new thread, directly (`pthread_setname_np`, or on Linux the
    /// thread's `comm`): on Linux a name set on a `Thread` before `start()` never reaches the system, and one set
    /// through `Thread.current.name` in the new thread reaches it only when the starting thread has already recorded
    /// the new thread's handle, which under load it sometimes has not. The system keeps at most 15 bytes of a name,
    /// so `name` should be no longer.
    package static func start(named name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            Thread.current.name = name
            setSystemName(name)
            body()
        }
        if let stackSize { thread.stackSize = stackSize }
        thread.start()
    }

    /// Names the calling thread for the system, cut to the 15 bytes Linux keeps (at a character boundary).
    private static func setSystemName(_ name: String) {
        var cut = ""
        for character in name {
            guard cut.utf8.count + character.utf8.count <= 15 else { break }
            cut.append(character)
        }
        #if canImport(Darwin)
            _ = pthread_setname_np(cut)
        #elseif os(Linux)
            // What pthread_setname_np does on Linux (which Swift's Glibc module does not export): write the calling
            // thread's comm.
            let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            _ = cut.withCString { write(descriptor, $0, strlen($0)) }
            close(descriptor)
        #endif
    }
}
