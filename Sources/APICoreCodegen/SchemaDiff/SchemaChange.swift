import APICoreCompiler

/// One difference between two schemas that matters to clients: breaking (operations that worked may now fail) or
/// dangerous (operations keep validating, but may see values they did not expect).
///
/// The kinds and messages are graphql-js 16's (`findBreakingChanges`, `findDangerousChanges`), so the output can be
/// compared with graphql-core's line for line.
public struct SchemaChange: Sendable, Hashable, CustomStringConvertible {
    /// Whether a change breaks clients.
    public enum Severity: String, Sendable, Hashable {
        case breaking
        case dangerous
    }

    /// What changed, named as graphql-js names it.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        // Breaking.
        case typeRemoved = "TYPE_REMOVED"
        case typeChangedKind = "TYPE_CHANGED_KIND"
        case typeRemovedFromUnion = "TYPE_REMOVED_FROM_UNION"
        case valueRemovedFromEnum = "VALUE_REMOVED_FROM_ENUM"
        case requiredInputFieldAdded = "REQUIRED_INPUT_FIELD_ADDED"
        case implementedInterfaceRemoved = "IMPLEMENTED_INTERFACE_REMOVED"
        case fieldRemoved = "FIELD_REMOVED"
        case fieldChangedKind = "FIELD_CHANGED_KIND"
        case requiredArgumentAdded = "REQUIRED_ARG_ADDED"
        case argumentRemoved = "ARG_REMOVED"
        case argumentChangedKind = "ARG_CHANGED_KIND"
        case directiveRemoved = "DIRECTIVE_REMOVED"
        case directiveArgumentRemoved = "DIRECTIVE_ARG_REMOVED"
        case requiredDirectiveArgumentAdded = "REQUIRED_DIRECTIVE_ARG_ADDED"
        case directiveRepeatableRemoved = "DIRECTIVE_REPEATABLE_REMOVED"
        case directiveLocationRemoved = "DIRECTIVE_LOCATION_REMOVED"
        // Dangerous.
        case valueAddedToEnum = "VALUE_ADDED_TO_ENUM"
        case typeAddedToUnion = "TYPE_ADDED_TO_UNION"
        case optionalInputFieldAdded = "OPTIONAL_INPUT_FIELD_ADDED"
        case optionalArgumentAdded = "OPTIONAL_ARG_ADDED"
        case implementedInterfaceAdded = "IMPLEMENTED_INTERFACE_ADDED"
        case argumentChangedDefaultValue = "ARG_DEFAULT_VALUE_CHANGE"

        /// Whether this kind of change is breaking or dangerous.
        public var severity: Severity {
            switch self {
            case .valueAddedToEnum, .typeAddedToUnion, .optionalInputFieldAdded, .optionalArgumentAdded,
                .implementedInterfaceAdded, .argumentChangedDefaultValue:
                .dangerous
            default:
                .breaking
            }
        }
    }

    /// The schema element a change is about: a type or directive, and maybe one of its fields (or enum values,
    /// union members, interfaces) and one argument.
    public struct Path: Sendable, Hashable, CustomStringConvertible {
        /// The type's name, or the directive's as `@name`.
        public var type: String
        /// A field, input field, enum value, union member or interface.
        public var member: String?
        /// An argument of the field or directive.
        public var argument: String?

        /// The element at `type`, optionally one of its members, optionally one argument of that member.
        public init(type: String, member: String? = nil, argument: String? = nil) {
            self.type = type
            self.member = member
            self.argument = argument
        }

        /// `Type`, `Type.field`, `Type.field(argument:)`, `@directive(argument:)`.
        public var description: String {
            var text = type
            if let member { text += ".\(member)" }
            if let argument { text += "(\(argument):)" }
            return text
        }
    }

    /// What changed, as graphql-js's `findBreakingChanges` and `findDangerousChanges` classify it.
    public var kind: Kind
    /// graphql-js's message: `Issue.title was removed.`
    public var message: String
    /// The element of the schema that changed.
    public var path: Path
    /// Where the element is written: in the new schema when it is still there, else in the old one.
    public var location: SourceLocation

    /// A change of `kind` to the element at `path`, described by `message`.
    public init(_ kind: Kind, _ message: String, at path: Path, location: SourceLocation) {
        self.kind = kind
        self.message = message
        self.path = path
        self.location = location
    }

    /// Whether the change is breaking or dangerous, as its kind says.
    public var severity: Severity { kind.severity }

    /// `file:line:column: error: FIELD_REMOVED Issue.title: Issue.title was removed.` (`warning` when dangerous).
    public var description: String {
        let place = location.line > 0 ? "\(location): " : ""
        let level = severity == .breaking ? "error" : "warning"
        return "\(place)\(level): \(kind.rawValue) \(path): \(message)"
    }
}
