import Foundation

extension AvailabilityMonitor {
    /// The model's last known context size, without waiting on anything but (once) a short
    /// ``AvailabilityRefresh/firstReadWait``; `nil` while it is not known (not checked yet, or the model cannot say).
    ///
    /// A read that finds no answer, or one older than ``AvailabilityRefresh/interval``, starts a check in the
    /// background; the first read waits for it at most ``AvailabilityRefresh/firstReadWait``.
    func knownContextSize() -> Int? {
        let now = ContinuousClock.now
        let checksBefore: Int? = state.withLock { state in
            let isStale = state.contextSizeChecked.map { now - $0 > refresh.interval } ?? true
            guard isStale, state.contextSizeCheck == nil else { return nil }
            state.contextSizeCheck = startContextSizeCheck()
            return state.contextSize == nil ? state.contextSizeChecks : nil
        }
        if let checksBefore {
            let deadline = now + refresh.firstReadWait
            while ContinuousClock.now < deadline, state.withLock({ $0.contextSizeChecks == checksBefore }) {
                Thread.sleep(forTimeInterval: 0.001)
            }
        }
        return state.withLock { state in
            guard case .success(let size)? = state.contextSize else { return nil }
            return size
        }
    }

    /// Asks the model for its context size now, keeps the answer as the last known one, and returns it; throws
    /// what the model throws when it cannot say.
    func checkContextSize() async throws -> Int {
        let generation = state.withLock { $0.generation }
        let result: Result<Int, any Error>
        do {
            result = .success(try await model.contextSize)
        } catch {
            result = .failure(error)
        }
        state.withLock { state in
            if state.generation == generation {
                state.contextSize = result
                state.contextSizeChecked = .now
            }
            state.contextSizeChecks += 1
        }
        return try result.get()
    }

    /// A task that checks the context size once, holding the monitor only while it checks.
    private func startContextSizeCheck() -> Task<Void, Never> {
        Task.detached(priority: .utility) { [weak self] in
            _ = try? await self?.checkContextSize()
            self?.state.withLock { $0.contextSizeCheck = nil }
        }
    }
}
