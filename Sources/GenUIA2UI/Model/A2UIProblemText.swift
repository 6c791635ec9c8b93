import GenUI

/// The detail of an ``A2UIProblem`` as a message of genui's localized catalog: its key (`a2ui.detail.*`) and the
/// values it is filled with, so a caller can show it in the user's language. The values are the stream's own
/// (ids, property names, what was found) and the catalog's own words (type names, allowed values), never
/// translated.
public struct A2UIProblemText: Sendable, Hashable {
    /// The message's key in the diagnostics catalog.
    public var key: String
    /// The placeholder values, by name.
    public var arguments: [String: String]

    /// A message of the catalog.
    public init(_ key: String, _ arguments: [String: String] = [:]) {
        self.key = key
        self.arguments = arguments.mapValues { A2UISize.clipped($0, bytes: 600) }
    }

    /// The English text (the template of ``englishTemplates`` filled in).
    public var english: String {
        var text = Self.englishTemplates[key] ?? key
        for (name, value) in arguments {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }

    /// The English templates of every detail key; genui's localized catalog carries the same keys, in English with
    /// these very texts, and in every other language it ships.
    public static let englishTemplates: [String: String] = [
        "a2ui.detail.componentNotObject": "a component must be a JSON object",
        "a2ui.detail.componentNeedsID": "a component needs a string \"id\"",
        "a2ui.detail.componentNeedsType": "a component needs a string \"component\" naming its type",
        "a2ui.detail.unknownComponent": "\"{type}\" is not a component of the basic catalog, which has {allowed}",
        "a2ui.detail.requiredProperty": "{type} requires the property \"{property}\"",
        "a2ui.detail.unknownProperty": "{type} has no property \"{property}\"; it allows {allowed}",
        "a2ui.detail.wrongType": "{type}.{property} must be {expected}, not {found}",
        "a2ui.detail.notOneOf": "{type}.{property} must be one of {allowed}, not {found}",
        "a2ui.detail.wrongShape": "{type}.{property} must be an object with exactly {allowed}",
        "a2ui.detail.tooFewItems": "{type}.{property} must hold at least {count} item(s)",
        "a2ui.detail.duplicateComponent":
            "the id \"{id}\" is used again in this update (first at {first}); the later component replaces the earlier one",
        "a2ui.detail.functionNeedsCall": "{type}.{property} is a function call without a string \"call\"",
        "a2ui.detail.unknownFunction":
            "{type}.{property} calls \"{function}\", which is not a function of the basic catalog; it has {allowed}",
        "a2ui.detail.unknownCallProperty":
            "{type}.{property} is a function call, which has only call, args and returnType, not \"{name}\"",
        "a2ui.detail.missingArgument": "{function} requires the argument \"{argument}\" (at {type}.{property})",
        "a2ui.detail.unknownArgument":
            "{function} has no argument \"{argument}\"; it takes {allowed} (at {type}.{property})",
        "a2ui.detail.argumentType":
            "the argument \"{argument}\" of {function} must be {expected}, not {found} (at {type}.{property})",
        "a2ui.detail.argumentMinimum":
            "the argument \"{argument}\" of {function} must be at least {minimum}, not {found} (at {type}.{property})",
        "a2ui.detail.argumentFormat":
            "the argument \"{argument}\" of {function} must be in the format {format} the catalog declares, not {found} (at {type}.{property})",
        "a2ui.detail.templateUnnamedArgument":
            "{function} takes its arguments by name (name:value), not {found} (at {type}.{property})",
        "a2ui.detail.argumentTooFewItems":
            "the argument \"{argument}\" of {function} must hold at least {count} values (at {type}.{property})",
        "a2ui.detail.needsOneOf": "{function} needs at least one of the arguments {allowed} (at {type}.{property})",
        "a2ui.detail.unknownReturnType": "returnType must be one of {allowed}, not {found} (at {type}.{property})",
        "a2ui.detail.returnTypeMismatch":
            "{function} returns {expected}, but its returnType says {found} (at {type}.{property})",
        "a2ui.detail.returnTypeForProperty":
            "{type}.{property} takes a value of type {expected}; a call with returnType {found} cannot give one",
        "a2ui.detail.rootLeftOut":
            "the component \"root\" of line {line} breaks the catalog and was left out (see its problem); nothing to show until a valid one arrives",
        "a2ui.detail.childLeftOut":
            "the child \"{id}\" breaks the catalog and was left out (see its problem on line {line})",
        "a2ui.detail.themeNotObject": "theme must be an object",
        "a2ui.detail.themeType": "theme.{property} must be {expected}, not {found}",
        "a2ui.detail.themeColor":
            "theme.{property} must be a colour written #RRGGBB (the pattern {pattern}), not {found}; the default colour is used",
        "a2ui.detail.themeURL": "theme.{property} must be a URI, not {found}; it is not shown",
        "a2ui.detail.themeFont":
            "theme.{property} must name fonts with letters, digits, spaces, hyphens, quotes and commas, not {found}; the default font is used",
        "a2ui.detail.missingVersion":
            "the message has no \"version\"; genui reads A2UI {supported}: add \"version\" with one of them",
        "a2ui.detail.unsupportedVersion":
            "genui does not read the version {found} (it reads {supported}); this message and every later one of that version are skipped, reported once; send messages of a version genui reads",
        "a2ui.detail.surfaceExists": "the surface already exists; send deleteSurface first",
        "a2ui.detail.tooManySurfaces": "at most {limit} surfaces can be open at once",
        "a2ui.detail.surfaceNotCreated": "no surface with this id was created; send createSurface first",
        "a2ui.detail.surfaceMissing": "no surface with this id exists",
        "a2ui.detail.messageTooLarge":
            "the message is {size} bytes; at most {limit} are accepted. Split the update into smaller messages.",
        "a2ui.detail.notJSON": "the line is not JSON ({jsonError}). Send one JSON object per line.",
        "a2ui.detail.messageNotObject": "a message must be a JSON object",
        "a2ui.detail.noMessageKind": "a message has \"version\" and exactly one of {allowed}; this one has none",
        "a2ui.detail.manyMessageKinds": "a message has \"version\" and exactly one of {allowed}; this one has {found}",
        "a2ui.detail.unknownMessageKind": "\"{kind}\" is not a message of {version}; it has {allowed}",
        "a2ui.detail.messageBodyNotObject": "{kind} must be an object",
        "a2ui.detail.messageUnknownProperty": "{kind} has no property \"{property}\" in {version}; it allows {allowed}",
        "a2ui.detail.messageNeedsString": "{kind} needs a string {property}",
        "a2ui.detail.messageNeedsBoolean": "{kind}.{property} must be a boolean, not {found}",
        "a2ui.detail.messageNeedsObject": "{kind}.{property} must be an object, not {found}",
        "a2ui.detail.componentsNotList": "{kind}.components must be a non-empty array",
        "a2ui.detail.pathNotPointer": "path must be a string holding a JSON pointer that starts with /, not {found}",
        "a2ui.detail.valueRequired":
            "updateDataModel needs \"value\" in {version}; send \"value\": null to remove the key at path",
        "a2ui.detail.lineTooLong": "a line longer than {limit} bytes was dropped",
        "a2ui.detail.tooManyComponents": "a surface holds at most {limit} components; this one was dropped",
        "a2ui.detail.storageFull":
            "the surfaces would hold more than {limit} bytes of data and components (they hold {held}; this adds about {added}); the update was refused. Delete surfaces or send smaller data.",
        "a2ui.detail.pathTooDeep":
            "the path has {count} segments; at most {limit} are accepted. The update was refused.",
        "a2ui.detail.valueTooDeep": "the value is nested deeper than {limit} levels. The update was refused.",
        "a2ui.detail.pathThroughValue": "the path {path} runs through a value that is neither an object nor an array",
        "a2ui.detail.missingRoot": "no component has the id \"root\" yet; nothing to show",
        "a2ui.detail.danglingChild": "the child \"{id}\" is not a component of this surface",
        "a2ui.detail.cycle": "the child \"{id}\" contains this component ({path}); it is left out",
        "a2ui.detail.treeTooDeep": "the tree is deeper than {limit} levels; this branch is left out",
        "a2ui.detail.tooManyNodes": "the tree has more than {limit} nodes; the rest is left out",
        "a2ui.detail.treeBudgetUsed":
            "the evaluation budget of {limit} work units for this surface is used up; the rest of the tree is left out",
        "a2ui.detail.evaluationBudgetUsed":
            "the evaluation budget of {limit} work units for this surface is used up; the remaining bindings and function calls show as empty and checks as failed",
        "a2ui.detail.missingBinding":
            "the binding reads {path}, which holds no value in the data model; it shows as empty",
        "a2ui.detail.missingList":
            "the template reads {path}, which holds no list in the data model; the list is empty",
        "a2ui.detail.regexPattern": "regex needs a string pattern of at most {limit} characters",
        "a2ui.detail.regexInvalid": "regex: the pattern \"{pattern}\" is not a valid regular expression",
        "a2ui.detail.regexTimeout":
            "regex: matching \"{pattern}\" took longer than {seconds} seconds and was stopped (counted as not matching)",
        "a2ui.detail.needsValues": "{function} needs an array \"values\"",
        "a2ui.detail.unreadableDate": "formatDate: \"{found}\" is not an ISO 8601 date or a number of milliseconds",
        "a2ui.detail.notAFunction": "\"{function}\" is not a function of the basic catalog",
        "a2ui.detail.indexOutsideTemplate":
            "@index gives the index of a List template's item; outside a template it has none and gives nothing",
        "a2ui.detail.outputCutLines":
            "the rendered output reached its limit of {lines} lines or {bytes} bytes; the rest from here on is not shown",
        "a2ui.detail.outputCutBytes":
            "the rendered output reached its limit of {bytes} bytes; the rest from here on is not shown",
        "a2ui.detail.candidateVersion":
            "{found} is a release candidate, read only when asked for (genui render --a2ui-version 1.0); genui reads {supported}. This message and every later one of that version are skipped, reported once",
        "a2ui.detail.unknownCallPropertyOf":
            "{type}.{property} is a function call, which has only {allowed}, not \"{name}\"",
        "a2ui.detail.surfacePropertiesNotObject": "surfaceProperties must be an object",
        "a2ui.detail.surfacePropertyType": "surfaceProperties.{property} must be {expected}, not {found}",
        "a2ui.detail.surfacePropertyURL": "surfaceProperties.{property} must be a URI, not {found}; it is not shown",
    ]
}
