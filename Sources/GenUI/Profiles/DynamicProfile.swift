extension LanguageModelSession {
    /// What a session is configured with for a request — its instructions and tools, model and options, and what runs
    /// around the request — chosen anew from the app's state before each request: Foundation Models 27's
    /// `DynamicProfile`.
    ///
    /// A `body` resolves to exactly one ``Profile`` (use `if`/`else` or `switch`, not parallel `if`s), wrapped in any
    /// number of modifiers:
    ///
    /// ```swift
    /// struct AssistantProfile: LanguageModelSession.DynamicProfile {
    ///     @SessionProperty(\.prefersCloud) var prefersCloud
    ///
    ///     var body: some DynamicProfile {
    ///         if prefersCloud {
    ///             Profile { Instructions("You are a helpful assistant.") }.model(cloudChain)
    ///         } else {
    ///             Profile { Instructions("Answer briefly.") }.model(onDevice).temperature(0.2)
    ///         }
    ///     }
    /// }
    /// let session = LanguageModelSession(profile: AssistantProfile())
    /// ```
    ///
    /// Value modifiers (`model(_:)`, `temperature(_:)`, …) closest to the ``Profile`` win over those further out, and
    /// options passed to `respond` win over both. Life-cycle modifiers (`onPrompt(perform:)`, …) accumulate: the
    /// outermost runs first.
    public protocol DynamicProfile {
        /// The type of dynamic profile that represents this profile.
        associatedtype Body: DynamicProfile
        /// The content of the dynamic profile.
        @DynamicProfileBuilder var body: Body { get }
    }
}

extension LanguageModelSession.DynamicProfile {
    /// The profile type a dynamic profile activates.
    public typealias Profile = LanguageModelSession.Profile
    /// The dynamic profile type a dynamic profile's body composes.
    public typealias DynamicProfile = LanguageModelSession.DynamicProfile
    /// A property wrapper that reads and writes a session property from a dynamic profile.
    public typealias SessionProperty = LanguageModelSession.SessionProperty
}

/// Dynamic profiles that configure a request themselves rather than through a `body`.
protocol PrimitiveDynamicProfile {
    /// Adds what this profile configures to `resolution`.
    func resolve(into resolution: inout ProfileResolution)
}

extension ProfileResolution {
    /// Evaluates `profile`, from the outside in, and adds what it configures.
    mutating func add(_ profile: any LanguageModelSession.DynamicProfile) {
        descending { resolution in
            if let primitive = profile as? any PrimitiveDynamicProfile {
                primitive.resolve(into: &resolution)
            } else {
                resolution.add(profile.body)
            }
        }
    }
}

extension Never: LanguageModelSession.DynamicProfile {}

extension LanguageModelSession {
    /// Dynamic instructions bound to session-level settings: Foundation Models 27's `Profile`, the one active
    /// configuration a ``DynamicProfile`` resolves to. Its settings are the ``DynamicProfile`` modifiers.
    public struct Profile: DynamicProfile, PrimitiveDynamicProfile {
        let instructions: AnyDynamicInstructions

        /// Creates a profile of `dynamicInstructions`.
        public init(@DynamicInstructionsBuilder _ dynamicInstructions: () -> some DynamicInstructions) {
            instructions = AnyDynamicInstructions(dynamicInstructions())
        }

        init(erasing instructions: some DynamicInstructions) {
            self.instructions = AnyDynamicInstructions(instructions)
        }

        /// A profile is a primitive: it configures the request itself.
        public var body: Never { fatalError("a profile configures the request itself") }

        func resolve(into resolution: inout ProfileResolution) {
            var produced = InstructionsResolution()
            produced.add(instructions)
            resolution.instructions = produced
        }
    }

    /// One of two dynamic profiles, as an `if`/`else` or `switch` in a profile's body chose.
    public struct ConditionalDynamicProfile<TrueContent: DynamicProfile, FalseContent: DynamicProfile>: DynamicProfile,
        PrimitiveDynamicProfile
    {
        enum Branch {
            case first(TrueContent)
            case second(FalseContent)
        }

        let branch: Branch

        /// A conditional is evaluated as its branch.
        public var body: Never { fatalError("a conditional profile is evaluated as its branch") }

        func resolve(into resolution: inout ProfileResolution) {
            switch branch {
            case .first(let content): resolution.branching(0) { $0.add(content) }
            case .second(let content): resolution.branching(1) { $0.add(content) }
            }
        }
    }

    /// A dynamic profile of any type.
    public struct AnyDynamicProfile: DynamicProfile, PrimitiveDynamicProfile {
        let wrapped: any DynamicProfile

        /// Wraps `dynamicProfile`.
        public init(_ dynamicProfile: any DynamicProfile) {
            wrapped = (dynamicProfile as? AnyDynamicProfile)?.wrapped ?? dynamicProfile
        }

        /// Wraps `dynamicProfile`.
        public init(erasing dynamicProfile: some DynamicProfile) {
            self.init(dynamicProfile)
        }

        /// An erased profile is evaluated as what it wraps.
        public var body: Never { fatalError("an erased profile is evaluated as what it wraps") }

        func resolve(into resolution: inout ProfileResolution) {
            resolution.add(wrapped)
        }
    }

    /// Builds a dynamic profile's body: exactly one active profile, chosen with `if`/`else` or `switch`.
    @resultBuilder
    public struct DynamicProfileBuilder {
        /// A body of one profile.
        public static func buildBlock<T: DynamicProfile>(_ content: T) -> T { content }

        /// A body of several profiles, which cannot be: one profile is active at a time.
        @available(*, unavailable, message: "The body of a 'DynamicProfile' must evaluate to a single active profile")
        public static func buildBlock<each Content: DynamicProfile>(_ contents: repeat each Content) -> Never {
            fatalError("unavailable")
        }

        /// The first branch of an `if`/`else` or `switch`.
        public static func buildEither<TrueContent: DynamicProfile, FalseContent: DynamicProfile>(
            first content: TrueContent
        ) -> ConditionalDynamicProfile<TrueContent, FalseContent> {
            ConditionalDynamicProfile(branch: .first(content))
        }

        /// The second branch of an `if`/`else` or `switch`.
        public static func buildEither<TrueContent: DynamicProfile, FalseContent: DynamicProfile>(
            second content: FalseContent
        ) -> ConditionalDynamicProfile<TrueContent, FalseContent> {
            ConditionalDynamicProfile(branch: .second(content))
        }

        /// An `if #available` branch.
        public static func buildLimitedAvailability(_ component: some DynamicProfile) -> AnyDynamicProfile {
            AnyDynamicProfile(component)
        }
    }
}
