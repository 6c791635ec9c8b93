import Foundation

extension Thread {
    /// Starts `body` on a thread of its own whose name the system shows (`top -H`, `perf`, a crash report).
    ///
    /// The name is set from inside the new thread: on Linux a name given to a `Thread` before `start()` never
    /// reaches the system, which showed the name of the thread that started it instead. The system keeps at most
    /// 15 bytes of a name, so `name` should be no longer.
    package static func start(named name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            Thread.current.name = name
            body()
        }
        if let stackSize { thread.stackSize = stackSize }
        thread.start()
    }
}
