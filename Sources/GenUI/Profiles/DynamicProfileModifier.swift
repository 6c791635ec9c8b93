extension LanguageModelSession {
    /// A reusable wrapper around a dynamic profile: Foundation Models 27's `DynamicProfileModifier`.
    ///
    /// ```swift
    /// struct Deterministic: LanguageModelSession.DynamicProfileModifier {
    ///     func body(content: Content) -> some DynamicProfile {
    ///         content.temperature(0).samplingMode(.greedy)
    ///     }
    /// }
    /// let profile = Profile { Instructions("…") }.modifier(Deterministic())
    /// ```
    public protocol DynamicProfileModifier {
        /// The type of dynamic profile the modifier produces.
        associatedtype Body: DynamicProfile
        /// The profile the modifier makes of `content`.
        @DynamicProfileBuilder func body(content: Content) -> Body
    }

    /// The dynamic profile a modifier applies to, as its `body(content:)` receives it.
    public struct DynamicProfileModifierContent<Modifier: DynamicProfileModifier>: DynamicProfile,
        PrimitiveDynamicProfile
    {
        let content: AnyDynamicProfile

        /// Content is evaluated as the profile it stands for.
        public var body: Never { fatalError("modifier content is evaluated as the profile it stands for") }

        func resolve(into resolution: inout ProfileResolution) {
            resolution.add(content)
        }
    }

    /// A dynamic profile with a modifier applied to it.
    public struct ModifiedDynamicProfile<Content: DynamicProfile, Modifier: DynamicProfileModifier>: DynamicProfile,
        PrimitiveDynamicProfile
    {
        let content: Content
        let modifier: Modifier

        /// A modified profile is evaluated through its modifier.
        public var body: Never { fatalError("a modified profile is evaluated through its modifier") }

        func resolve(into resolution: inout ProfileResolution) {
            resolution.add(
                modifier.body(content: DynamicProfileModifierContent(content: AnyDynamicProfile(content))))
        }
    }
}

extension LanguageModelSession.DynamicProfileModifier {
    /// The type of dynamic profile content this modifier wraps.
    public typealias Content = LanguageModelSession.DynamicProfileModifierContent<Self>
    /// The dynamic profile type a modifier's body returns.
    public typealias DynamicProfile = LanguageModelSession.DynamicProfile
    /// A property wrapper that reads and writes a session property from a modifier.
    public typealias SessionProperty = LanguageModelSession.SessionProperty
}

extension LanguageModelSession.DynamicProfile {
    /// Applies `modifier` to this profile.
    public func modifier<Modifier: LanguageModelSession.DynamicProfileModifier>(_ modifier: Modifier)
        -> some LanguageModelSession.DynamicProfile
    {
        LanguageModelSession.ModifiedDynamicProfile(content: self, modifier: modifier)
    }
}
