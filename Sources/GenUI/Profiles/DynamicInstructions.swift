/// Instructions and tools worked out anew before every request to the model: Foundation Models 27's
/// `DynamicInstructions`.
///
/// A type composes its `body` from ``Instructions``, tools and other dynamic instructions, with `if`, `switch` and
/// ``ForEach``; the session evaluates it before each request (each turn of a tool round too), so what the model is told
/// and which tools it may call follow the app's state.
///
/// ```swift
/// struct EditorInstructions: DynamicInstructions {
///     var isEditingImage: Bool
///
///     var body: some DynamicInstructions {
///         Instructions("Help people improve their presentation.")
///         ListPhotosTool()
///         if isEditingImage { ImageEditingInstructions() }
///     }
/// }
/// ```
///
/// Each ``Instructions`` value becomes one text segment of the transcript's instructions entry; each tool becomes one
/// of its tool definitions.
public protocol DynamicInstructions {
    /// The type of dynamic instructions that represent these instructions.
    associatedtype Body: DynamicInstructions
    /// The content of the dynamic instructions.
    @DynamicInstructionsBuilder var body: Body { get }
}

extension DynamicInstructions {
    /// Dynamic instructions for each element of a collection (``DynamicInstructionsForEach``).
    public typealias ForEach = DynamicInstructionsForEach
    /// A property wrapper that reads and writes a session property from dynamic instructions.
    public typealias SessionProperty = LanguageModelSession.SessionProperty
}

/// What evaluating dynamic instructions produced: the text segments of the instructions entry and the tools, in order.
struct InstructionsResolution {
    /// The instructions' text segments.
    var segments: [Transcript.Segment] = []
    /// The tools offered.
    var tools: [any Tool] = []

    /// Evaluates `instructions` and appends what they produce.
    mutating func add(_ instructions: any DynamicInstructions) {
        if let primitive = instructions as? any PrimitiveDynamicInstructions {
            primitive.resolve(into: &self)
        } else {
            add(instructions.body)
        }
    }
}

/// Dynamic instructions that produce segments or tools themselves rather than through a `body`.
protocol PrimitiveDynamicInstructions {
    /// Appends what these instructions produce.
    func resolve(into resolution: inout InstructionsResolution)
}

extension Never: DynamicInstructions {
    /// Never called: `Never` has no values.
    public var body: Never { fatalError("Never has no body") }
}

extension Instructions: DynamicInstructions, PrimitiveDynamicInstructions {
    /// Instructions are a primitive: they become one text segment, not a body.
    public var body: Never { fatalError("Instructions are evaluated as text, not through a body") }

    func resolve(into resolution: inout InstructionsResolution) {
        guard !text.isEmpty else { return }
        resolution.segments.append(.text(.init(content: text)))
    }
}

extension Optional: DynamicInstructions where Wrapped: DynamicInstructions {
    /// An optional is evaluated as its value, or as nothing.
    public var body: Never { fatalError("an optional is evaluated as its value") }
}

extension Optional: PrimitiveDynamicInstructions where Wrapped: DynamicInstructions {
    func resolve(into resolution: inout InstructionsResolution) {
        if let self { resolution.add(self) }
    }
}

/// Dynamic instructions that produce nothing: an empty builder block.
public struct EmptyDynamicInstructions: DynamicInstructions, PrimitiveDynamicInstructions, Sendable {
    /// Creates empty instructions.
    public init() {}

    /// Empty instructions have no body.
    public var body: Never { fatalError("empty instructions have no body") }

    func resolve(into resolution: inout InstructionsResolution) {}
}

/// Several dynamic instructions in a row: a builder block of more than one statement.
public struct TupleDynamicInstructions<each Content: DynamicInstructions>: DynamicInstructions,
    PrimitiveDynamicInstructions
{
    let contents: (repeat each Content)

    /// Creates dynamic instructions of `contents`, in order.
    public init(_ contents: repeat each Content) {
        self.contents = (repeat each contents)
    }

    /// A tuple is evaluated part by part.
    public var body: Never { fatalError("a tuple of instructions is evaluated part by part") }

    func resolve(into resolution: inout InstructionsResolution) {
        for content in repeat each contents {
            resolution.add(content)
        }
    }
}

/// One of two dynamic instructions, as an `if`/`else` or `switch` in a builder chose.
public struct ConditionalDynamicInstructions<TrueContent: DynamicInstructions, FalseContent: DynamicInstructions>:
    DynamicInstructions, PrimitiveDynamicInstructions
{
    /// The branch taken.
    public enum Branch {
        /// The first branch.
        case trueContent(TrueContent)
        /// The second branch.
        case falseContent(FalseContent)
    }

    let branch: Branch

    /// Creates the instructions of `branch`.
    public init(_ branch: Branch) { self.branch = branch }

    /// A conditional is evaluated as its branch.
    public var body: Never { fatalError("a conditional is evaluated as its branch") }

    func resolve(into resolution: inout InstructionsResolution) {
        switch branch {
        case .trueContent(let content): resolution.add(content)
        case .falseContent(let content): resolution.add(content)
        }
    }
}

/// Dynamic instructions of any type.
public struct AnyDynamicInstructions: DynamicInstructions, PrimitiveDynamicInstructions {
    let wrapped: any DynamicInstructions

    /// Wraps `dynamicInstructions`.
    public init(_ dynamicInstructions: any DynamicInstructions) {
        wrapped = (dynamicInstructions as? AnyDynamicInstructions)?.wrapped ?? dynamicInstructions
    }

    /// Wraps `dynamicInstructions`.
    public init(erasing dynamicInstructions: some DynamicInstructions) {
        self.init(dynamicInstructions)
    }

    /// Erased instructions are evaluated as what they wrap.
    public var body: Never { fatalError("erased instructions are evaluated as what they wrap") }

    func resolve(into resolution: inout InstructionsResolution) {
        resolution.add(wrapped)
    }
}

/// Dynamic instructions for each element of a collection; written `ForEach` inside a `body`.
public struct DynamicInstructionsForEach<Data: RandomAccessCollection, ID: Hashable, Content: DynamicInstructions>:
    DynamicInstructions, PrimitiveDynamicInstructions
{
    let data: Data
    let content: (Data.Element) -> Content

    /// Instructions for each element of `data`, identified by the value at `id`.
    public init(
        _ data: Data, id: KeyPath<Data.Element, ID>,
        @DynamicInstructionsBuilder content: @escaping (Data.Element) -> Content
    ) {
        self.data = data
        self.content = content
    }

    /// A loop is evaluated element by element.
    public var body: Never { fatalError("a loop of instructions is evaluated element by element") }

    func resolve(into resolution: inout InstructionsResolution) {
        for element in data {
            resolution.add(content(element))
        }
    }
}

extension DynamicInstructionsForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// Instructions for each element of `data`, identified by its `id`.
    public init(_ data: Data, @DynamicInstructionsBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

/// A tool, as dynamic instructions: it adds a tool definition, not text.
struct ToolInstructions: DynamicInstructions, PrimitiveDynamicInstructions {
    let tools: [any Tool]

    var body: Never { fatalError("a tool is offered, not evaluated") }

    func resolve(into resolution: inout InstructionsResolution) {
        resolution.tools.append(contentsOf: tools)
    }
}
