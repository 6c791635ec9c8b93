import Synchronization

/// The managed server's phase, readable without awaiting the server actor (availability must answer at once).
final class ServerStatus: Sendable {
    /// Where the server is in its life.
    enum Phase: Sendable, Hashable {
        /// No server process.
        case stopped
        /// Started; the model is loading (`/health` answers 503).
        case loading
        /// Ready for requests.
        case ready
    }

    /// What `/props` said, cached for the server's life (and kept after it stops).
    struct Properties: Sendable, Hashable {
        var contextSize: Int?
        var supportsVision: Bool
        var modelPath: String?
        /// The marker that stands for each image in a prompt (`media_marker`; builds before it had the fixed
        /// `<__media__>`).
        var mediaMarker: String? = nil
    }

    private let state = Mutex<(phase: Phase, properties: Properties?)>((.stopped, nil))

    var phase: Phase {
        get { state.withLock { $0.phase } }
        set { state.withLock { $0.phase = newValue } }
    }

    /// The media marker of the running server (its `/props`, or the one genui gave it); `nil` before any start.
    var mediaMarker: String? {
        get { marker.withLock { $0 } }
        set { marker.withLock { $0 = newValue } }
    }

    private let marker = Mutex<String?>(nil)

    var properties: Properties? {
        get { state.withLock { $0.properties } }
        set { state.withLock { $0.properties = newValue } }
    }
}
