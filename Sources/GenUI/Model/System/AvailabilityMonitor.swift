import Foundation
import Synchronization

/// The state behind ``SystemLanguageModel``: the model (built on first use), its last known availability, and the
/// background task that keeps it fresh while it is read (see ``AvailabilityRefresh``).
final class AvailabilityMonitor: Sendable {
    private let resolver: @Sendable () -> any RoutableModel
    let refresh: AvailabilityRefresh
    let state: Mutex<State>

    struct State {
        var model: (any RoutableModel)?
        var report: AvailabilityReport?
        var lastChecked: ContinuousClock.Instant?
        /// Bumped when the model is replaced, so a check of the old model is not stored as the new one's.
        var generation = 0
        var completedChecks = 0
        var lastRead: ContinuousClock.Instant?
        var refresher: Task<Void, Never>?
        /// Called when the last known availability changes, by the identity of the model observing it.
        var listeners: [ObjectIdentifier: @Sendable () -> Void] = [:]
        /// The context size: the model's last answer, when it was given, and the check asking for it.
        var contextSize: Result<Int, any Error>?
        var contextSizeChecked: ContinuousClock.Instant?
        var contextSizeChecks = 0
        var contextSizeCheck: Task<Void, Never>?
    }

    init(resolve: @escaping @Sendable () -> any RoutableModel, refresh: AvailabilityRefresh = AvailabilityRefresh()) {
        self.resolver = resolve
        self.refresh = refresh
        self.state = Mutex(State())
    }

    convenience init(model: any RoutableModel, refresh: AvailabilityRefresh) {
        self.init(resolve: { model }, refresh: refresh)
    }

    deinit {
        state.withLock { $0.refresher?.cancel() }
    }

    /// The model, built on first use. Two first uses at once may both build it; one result is kept.
    var model: any RoutableModel {
        if let model = state.withLock({ $0.model }) { return model }
        let built = resolver()
        return state.withLock { state in
            if let model = state.model { return model }
            state.model = built
            return built
        }
    }

    /// Makes `model` the one used from now on; its availability is checked afresh.
    func replace(with model: any RoutableModel) {
        let listeners = state.withLock { state in
            state.model = model
            state.report = nil
            state.lastChecked = nil
            state.contextSize = nil
            state.contextSizeChecked = nil
            state.generation += 1
            return Array(state.listeners.values)
        }
        for listener in listeners { listener() }
    }

    /// Calls `listener` whenever the last known availability changes, until ``removeListener(_:)`` with `id`.
    func addListener(_ id: ObjectIdentifier, _ listener: @escaping @Sendable () -> Void) {
        state.withLock { $0.listeners[id] = listener }
    }

    /// Stops calling the listener added with `id`.
    func removeListener(_ id: ObjectIdentifier) {
        _ = state.withLock { $0.listeners.removeValue(forKey: id) }
    }

    /// `true` while a background refresh task is running.
    var isRefreshing: Bool { state.withLock { $0.refresher != nil } }

    /// The last known report, without waiting on anything but (once) a short ``AvailabilityRefresh/firstReadWait``.
    func report() -> AvailabilityReport {
        let now = refresh.clock.now
        let checksBefore: Int? = state.withLock { state in
            state.lastRead = now
            guard state.refresher == nil else { return nil }
            state.refresher = startRefresher()
            let isStale = state.lastChecked.map { now - $0 > refresh.interval } ?? true
            return isStale ? state.completedChecks : nil
        }
        if let checksBefore {
            let deadline = ContinuousClock.now + refresh.firstReadWait
            while ContinuousClock.now < deadline, state.withLock({ $0.completedChecks == checksBefore }) {
                Thread.sleep(forTimeInterval: 0.001)
            }
        }
        return state.withLock { $0.report }
            ?? AvailabilityReport(
                availability: SystemLanguageModel.provisionalAvailability, members: [], isChecked: false)
    }

    /// Checks the model's availability now and stores it as the last known.
    func checkNow() async -> AvailabilityReport {
        let generation = state.withLock { $0.generation }
        let model = self.model
        let report: AvailabilityReport
        if let reporting = model as? any MemberAvailabilityReporting {
            report = await reporting.availabilityReport()
        } else {
            let availability = await model.availability
            report = AvailabilityReport(
                availability: availability, members: [.init(name: model.name, availability: availability)])
        }
        let listeners: [@Sendable () -> Void] = state.withLock { state in
            var changed = false
            if state.generation == generation {
                changed = state.report?.availability != report.availability
                state.report = report
                state.lastChecked = refresh.clock.now
            }
            state.completedChecks += 1
            return changed ? Array(state.listeners.values) : []
        }
        for listener in listeners { listener() }
        return report
    }

    /// A task that checks, then checks again every interval while the value is read. It holds the monitor only
    /// while checking, and ends when nobody read for ``AvailabilityRefresh/idleAfter`` or the monitor is gone.
    private func startRefresher() -> Task<Void, Never> {
        let interval = refresh.interval
        let clock = refresh.clock
        return Task.detached(priority: .utility) { [weak self] in
            while true {
                guard await self?.checkNow() != nil else { return }
                try? await clock.sleep(for: interval)
                guard self?.continueRefreshing() == true else { return }
            }
        }
    }

    /// Whether to check again; when not, marks the refresher finished (under the same lock a read starts one in).
    private func continueRefreshing() -> Bool {
        let now = refresh.clock.now
        return state.withLock { state in
            if !Task.isCancelled, let lastRead = state.lastRead, now - lastRead <= refresh.idleAfter { return true }
            state.refresher = nil
            return false
        }
    }
}
