import Synchronization

/// The executors made so far, one per distinct configuration of each executor type, kept for the process's life
/// as Foundation Models 27 keeps them.
final class ExecutorCache: Sendable {
    /// The process's cache.
    static let shared = ExecutorCache()

    private struct Key: Hashable, @unchecked Sendable {
        // `configuration` holds a `Hashable & Sendable` value (``LanguageModelExecutor/Configuration``).
        let type: ObjectIdentifier
        let configuration: AnyHashable
    }

    private let executors = Mutex<[Key: any Sendable]>([:])

    /// The executor for `model`'s configuration, made on first use. Throws what the executor's initializer throws.
    func executor<Model: LanguageModel>(for model: Model) throws -> Model.Executor {
        let configuration = model.executorConfiguration
        let key = Key(type: ObjectIdentifier(Model.Executor.self), configuration: AnyHashable(configuration))
        if let cached = executors.withLock({ $0[key] }) as? Model.Executor { return cached }
        let made = try Model.Executor(configuration: configuration)
        return executors.withLock { executors in
            if let raced = executors[key] as? Model.Executor { return raced }
            executors[key] = made
            return made
        }
    }

    /// How many executors of `type` the cache holds.
    func count<Executor: LanguageModelExecutor>(of type: Executor.Type) -> Int {
        executors.withLock { $0.keys.filter { $0.type == ObjectIdentifier(type) }.count }
    }
}
