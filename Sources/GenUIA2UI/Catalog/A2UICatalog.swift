import GenUI

/// The basic catalog of A2UI v0.9 (https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json): each
/// component's properties, their shapes and which are required, as the official `catalog.json` states them.
public enum A2UICatalog {
    /// The basic catalog's id.
    public static let basicCatalogID = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"

    /// The shape a property's value must have.
    enum Shape: Sendable, Equatable {
        case dynamicString, dynamicNumber, dynamicBoolean, dynamicStringList, dynamicValue
        case componentID, childList, number, boolean, string
        case integer(minimum: Int)
        case oneOf([String])
        case tabs, options, action, checks, icon, accessibility
    }

    /// One component type's properties.
    struct Spec: Sendable {
        var required: [String]
        var properties: [String: Shape]
    }

    /// The 18 component types, in the catalog's order.
    public static let componentTypes = [
        "Text", "Image", "Icon", "Video", "AudioPlayer", "Row", "Column", "List", "Card", "Tabs", "Modal", "Divider",
        "Button", "TextField", "CheckBox", "ChoicePicker", "Slider", "DateTimeInput",
    ]

    static let common: [String: Shape] = [
        "id": .componentID, "component": .string, "accessibility": .accessibility, "weight": .number,
    ]

    static let specs: [String: Spec] = {
        let checkable: [String: Shape] = ["checks": .checks]
        var specs: [String: Spec] = [
            "Text": Spec(
                required: ["text"],
                properties: [
                    "text": .dynamicString, "variant": .oneOf(["h1", "h2", "h3", "h4", "h5", "caption", "body"]),
                ]),
            "Image": Spec(
                required: ["url"],
                properties: [
                    "url": .dynamicString, "description": .dynamicString,
                    "fit": .oneOf(["contain", "cover", "fill", "none", "scaleDown"]),
                    "variant": .oneOf(["icon", "avatar", "smallFeature", "mediumFeature", "largeFeature", "header"]),
                ]),
            "Icon": Spec(required: ["name"], properties: ["name": .icon]),
            "Video": Spec(required: ["url"], properties: ["url": .dynamicString]),
            "AudioPlayer": Spec(required: ["url"], properties: ["url": .dynamicString, "description": .dynamicString]),
            "Row": Spec(
                required: ["children"],
                properties: [
                    "children": .childList,
                    "justify": .oneOf([
                        "center", "end", "spaceAround", "spaceBetween", "spaceEvenly", "start", "stretch",
                    ]),
                    "align": .oneOf(["start", "center", "end", "stretch"]),
                ]),
            "Column": Spec(
                required: ["children"],
                properties: [
                    "children": .childList,
                    "justify": .oneOf([
                        "start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly", "stretch",
                    ]),
                    "align": .oneOf(["center", "end", "start", "stretch"]),
                ]),
            "List": Spec(
                required: ["children"],
                properties: [
                    "children": .childList, "direction": .oneOf(["vertical", "horizontal"]),
                    "align": .oneOf(["start", "center", "end", "stretch"]),
                ]),
            "Card": Spec(required: ["child"], properties: ["child": .componentID]),
            "Tabs": Spec(required: ["tabs"], properties: ["tabs": .tabs]),
            "Modal": Spec(
                required: ["trigger", "content"], properties: ["trigger": .componentID, "content": .componentID]),
            "Divider": Spec(required: [], properties: ["axis": .oneOf(["horizontal", "vertical"])]),
            "Button": Spec(
                required: ["child", "action"],
                properties: [
                    "child": .componentID, "variant": .oneOf(["default", "primary", "borderless"]), "action": .action,
                ]),
            "TextField": Spec(
                required: ["label"],
                properties: [
                    "label": .dynamicString, "value": .dynamicString,
                    "variant": .oneOf(["longText", "number", "shortText", "obscured"]),
                    "validationRegexp": .string,
                ]),
            "CheckBox": Spec(
                required: ["label", "value"], properties: ["label": .dynamicString, "value": .dynamicBoolean]),
            "ChoicePicker": Spec(
                required: ["options", "value"],
                properties: [
                    "label": .dynamicString, "variant": .oneOf(["multipleSelection", "mutuallyExclusive"]),
                    "options": .options,
                    "value": .dynamicStringList, "displayStyle": .oneOf(["checkbox", "chips"]), "filterable": .boolean,
                ]),
            "Slider": Spec(
                required: ["value", "max"],
                properties: ["label": .dynamicString, "min": .number, "max": .number, "value": .dynamicNumber]),
            "DateTimeInput": Spec(
                required: ["value"],
                properties: [
                    "value": .dynamicString, "enableDate": .boolean, "enableTime": .boolean, "min": .dynamicString,
                    "max": .dynamicString,
                    "label": .dynamicString,
                ]),
        ]
        for name in ["Button", "TextField", "CheckBox", "ChoicePicker", "Slider", "DateTimeInput"] {
            specs[name]?.properties.merge(checkable) { old, _ in old }
        }
        return specs
    }()

    /// The components of `version`'s basic catalog. v1.0's differs from v0.9's in four components: Text's variants
    /// are `caption` and `body` only, Video has `posterUrl`, TextField has `placeholder` (and no `validationRegexp`),
    /// and Slider has `steps` (a whole number of at least 1).
    static func specs(for version: A2UIVersion) -> [String: Spec] {
        version == .v1_0 ? specs1_0 : specs
    }

    static let specs1_0: [String: Spec] = {
        var specs = A2UICatalog.specs
        specs["Text"]?.properties["variant"] = .oneOf(["caption", "body"])
        specs["Video"]?.properties["posterUrl"] = .dynamicString
        specs["TextField"]?.properties["placeholder"] = .dynamicString
        specs["TextField"]?.properties["validationRegexp"] = nil
        specs["Slider"]?.properties["steps"] = .integer(minimum: 1)
        return specs
    }()

    /// The icon names of the basic catalog.
    public static let iconNames: Set<String> = [
        "accountCircle", "add", "arrowBack", "arrowForward", "attachFile", "calendarToday", "call", "camera", "check",
        "close",
        "delete", "download", "edit", "event", "error", "fastForward", "favorite", "favoriteOff", "folder", "help",
        "home",
        "info", "locationOn", "lock", "lockOpen", "mail", "menu", "moreVert", "moreHoriz", "notificationsOff",
        "notifications", "pause", "payment", "person", "phone", "photo", "play", "print", "refresh", "rewind", "search",
        "send", "settings", "share", "shoppingCart", "skipNext", "skipPrevious", "star", "starHalf", "starOff", "stop",
        "upload", "visibility", "visibilityOff", "volumeDown", "volumeMute", "volumeOff", "volumeUp", "warning",
    ]

    /// The function names of the basic catalog (``A2UIFunctionCatalog`` has their definitions).
    public static let functionNames: Set<String> = Set(A2UIFunctionCatalog.definitions.map(\.name))
}
