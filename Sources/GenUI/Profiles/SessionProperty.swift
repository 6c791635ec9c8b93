import Synchronization

/// A key of a custom session property: Foundation Models 27's `SessionPropertyKey`.
///
/// ```swift
/// struct PrefersCloudKey: SessionPropertyKey {
///     static var defaultValue: Bool { false }
/// }
/// extension SessionPropertyValues {
///     var prefersCloud: Bool {
///         get { self[PrefersCloudKey.self] }
///         set { self[PrefersCloudKey.self] = newValue }
///     }
/// }
/// ```
public protocol SessionPropertyKey: SendableMetatype {
    /// The type of the property's value.
    associatedtype Value
    /// The value before anything sets it.
    static var defaultValue: Value { get }
}

/// The values of a session's properties: the built-in ``history`` and those your ``SessionPropertyKey``s name
/// (Foundation Models 27's `SessionPropertyValues`). Read and write them through
/// ``LanguageModelSession/properties``, or with ``LanguageModelSession/SessionProperty`` inside profiles, dynamic
/// instructions, modifiers and tools while the session evaluates or runs them.
public final class SessionPropertyValues: Sendable {
    /// A value of any type, kept under the lock: values are only handed between the session and its own profile,
    /// instructions and tools.
    private struct Stored: @unchecked Sendable {
        let value: Any
    }

    private struct State {
        var values: [ObjectIdentifier: Stored] = [:]
        weak var session: LanguageModelSession?
        var detachedHistory = Transcript.HistoryView()
    }

    private let state = Mutex(State())

    init() {}

    /// Makes `session`'s transcript the history these values read and write.
    func attach(to session: LanguageModelSession) {
        state.withLock { $0.session = session }
    }

    /// The history portion of the session's transcript: every entry after its instructions. Writing it replaces
    /// those entries in the session's transcript (the instructions come from the profile).
    public var history: Transcript.HistoryView {
        get {
            let (session, detached) = state.withLock { ($0.session, $0.detachedHistory) }
            return session?.transcript.history ?? detached
        }
        set {
            guard let session = state.withLock({ $0.session }) else {
                state.withLock { $0.detachedHistory = newValue }
                return
            }
            session.replaceHistory(with: newValue)
        }
    }

    /// The value stored for `key`, or its default value.
    public subscript<K: SessionPropertyKey>(key: K.Type) -> K.Value {
        get {
            let stored = state.withLock { $0.values[ObjectIdentifier(key)] }
            return (stored?.value as? K.Value) ?? K.defaultValue
        }
        set {
            let stored = Stored(value: newValue)
            state.withLock { $0.values[ObjectIdentifier(key)] = stored }
        }
    }

    /// The values of the session being evaluated or run in this task.
    @TaskLocal static var current: SessionPropertyValues?

    /// The values a ``LanguageModelSession/SessionProperty`` reads: the current session's, or, outside any session,
    /// values of their own that nothing keeps.
    static var inEffect: SessionPropertyValues { current ?? SessionPropertyValues() }
}

extension LanguageModelSession {
    /// Reads and writes one of the session's properties from a profile, dynamic instructions, a modifier or a tool:
    /// Foundation Models 27's `SessionProperty`.
    ///
    /// ```swift
    /// struct Compacting: LanguageModelSession.DynamicProfileModifier {
    ///     @SessionProperty(\.history) var history
    ///
    ///     func body(content: Content) -> some DynamicProfile {
    ///         content.onResponse { if history.count > 100 { history = history.suffix(50) } }
    ///     }
    /// }
    /// ```
    ///
    /// It reads the values of the session that is evaluating or running the code; outside a session it reads
    /// defaults, and what it writes is not kept.
    @propertyWrapper
    public struct SessionProperty<Value> {
        let keyPath: ReferenceWritableKeyPath<SessionPropertyValues, Value>

        /// A session property at `keyPath` of ``SessionPropertyValues``.
        public init(_ keyPath: ReferenceWritableKeyPath<SessionPropertyValues, Value>) {
            self.keyPath = keyPath
        }

        /// The property's value in the current session.
        public var wrappedValue: Value {
            get { SessionPropertyValues.inEffect[keyPath: keyPath] }
            nonmutating set { SessionPropertyValues.inEffect[keyPath: keyPath] = newValue }
        }
    }
}

// A key path is an immutable value; it reaches only the session values, which guard themselves.
extension LanguageModelSession.SessionProperty: @unchecked Sendable where Value: Sendable {}

extension Tool {
    /// A property wrapper that reads and writes a session property from a tool.
    public typealias SessionProperty = LanguageModelSession.SessionProperty
}

/// Declares a custom session property in an extension of ``SessionPropertyValues``: its key and accessors
/// (Foundation Models 27's `SessionPropertyEntry`).
///
/// ```swift
/// extension SessionPropertyValues {
///     @SessionPropertyEntry var activatedSkills: [String: Bool] = [:]
/// }
/// ```
@attached(accessor, names: named(get), named(set))
@attached(peer, names: prefixed(__Key_))
public macro SessionPropertyEntry() = #externalMacro(module: "GenUIMacros", type: "SessionPropertyEntryMacro")
