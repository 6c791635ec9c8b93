/// What a server says about its request slots (llama-server's `GET /slots`): how many requests it runs at once and
/// how many of those slots are idle. It counts every client's requests, not only this process's.
public struct SlotReading: Sendable, Hashable {
    /// Slots that are not processing a request.
    public var idle: Int
    /// All slots.
    public var total: Int

    /// A reading; counts are clamped so that `0 <= idle <= total`.
    public init(idle: Int, total: Int) {
        self.total = max(0, total)
        self.idle = min(max(0, idle), self.total)
    }

    /// Slots busy with a request, from any client.
    public var busy: Int { total - idle }
}
