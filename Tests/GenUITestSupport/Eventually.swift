/// Waits until `condition` holds, checking it every `interval`, for at most `limit`: `true` as soon as it holds,
/// otherwise what a last check says. For what a test cannot step with a `ManualClock` — a subprocess, a socket, work
/// on another task.
public func eventually(
    within limit: Duration = .seconds(20), checkingEvery interval: Duration = .milliseconds(20),
    _ condition: () async -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return await condition()
}
