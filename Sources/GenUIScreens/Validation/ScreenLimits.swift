/// The bounds a screen must respect: the schema's guides plus the limits only validation checks.
public struct ScreenLimits: Sendable, Hashable {
    /// Characters in the screen title.
    public var screenTitleLength = 1...40
    /// Characters in a section title.
    public var sectionTitleLength = 1...30
    /// Sections on a screen.
    public var sections = 1...4
    /// Components in one section.
    public var componentsPerSection = 1...6
    /// Components on the whole screen.
    public var totalComponents = 20
    /// Characters in a label, key, value, placeholder, list item or heading.
    public var shortTextLength = ShortText.lengthRange
    /// Characters in a paragraph.
    public var bodyTextLength = BodyText.lengthRange
    /// Items in a list.
    public var listItems = ListItems.countRange
    /// Rows in a standings table.
    public var standingRows = StandingRows.countRange
    /// Characters in a standing row's name.
    public var rowNameLength = 1...40
    /// Characters in a standing row's value.
    public var rowValueLength = 1...16

    /// The limits the vocabulary's schema declares.
    public static let standard = ScreenLimits()

    /// Creates the standard limits.
    public init() {}
}
