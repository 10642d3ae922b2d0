import APICoreCompiler

/// Finds the changes between an old and a new schema that matter to clients, as graphql-js 16's
/// `findBreakingChanges` and `findDangerousChanges` do: the same kinds, the same rules for which type changes are
/// safe, the same messages.
///
/// Types are compared by name: a removed type, a type whose kind changed, and for types of the same kind their
/// fields, arguments, enum values, union members, interfaces and input fields. Directives are compared by name, with
/// their arguments, `repeatable` and locations. A built-in scalar counts as present only while the schema uses it
/// (and `String` and `Boolean` always, as introspection uses them), as graphql-js collects types.
public struct SchemaDiff {
    let old: GraphQLSchema
    let new: GraphQLSchema
    var changes: [SchemaChange] = []

    /// The breaking and dangerous changes from `old` to `new`: directives first, then types in the old schema's order.
    public static func changes(from old: GraphQLSchema, to new: GraphQLSchema) -> [SchemaChange] {
        var diff = SchemaDiff(old: old, new: new)
        diff.compareDirectives()
        diff.compareTypes()
        return diff.changes
    }

    private init(old: GraphQLSchema, new: GraphQLSchema) {
        self.old = old
        self.new = new
    }

    mutating func add(
        _ kind: SchemaChange.Kind, _ message: String, _ path: SchemaChange.Path, _ location: SourceLocation
    ) {
        changes.append(SchemaChange(kind, message, at: path, location: location))
    }

    private mutating func compareDirectives() {
        for oldDirective in old.directives {
            let path = SchemaChange.Path(type: "@\(oldDirective.name)")
            guard let newDirective = new.directive(named: oldDirective.name) else {
                add(.directiveRemoved, "\(oldDirective.name) was removed.", path, oldDirective.location)
                continue
            }
            for newArgument in newDirective.arguments
            where newArgument.isRequired && oldDirective.argument(named: newArgument.name) == nil {
                add(
                    .requiredDirectiveArgumentAdded,
                    "A required arg \(newArgument.name) on directive \(oldDirective.name) was added.",
                    SchemaChange.Path(type: path.type, argument: newArgument.name), newArgument.location)
            }
            for oldArgument in oldDirective.arguments where newDirective.argument(named: oldArgument.name) == nil {
                add(
                    .directiveArgumentRemoved, "\(oldArgument.name) was removed from \(oldDirective.name).",
                    SchemaChange.Path(type: path.type, argument: oldArgument.name), oldArgument.location)
            }
            if oldDirective.isRepeatable && !newDirective.isRepeatable {
                add(
                    .directiveRepeatableRemoved, "Repeatable flag was removed from \(oldDirective.name).", path,
                    newDirective.location)
            }
            for location in DirectiveLocation.allCases
            where oldDirective.locations.contains(location) && !newDirective.locations.contains(location) {
                add(
                    .directiveLocationRemoved, "\(location.rawValue) was removed from \(oldDirective.name).", path,
                    newDirective.location)
            }
        }
    }

    private mutating func compareTypes() {
        let oldPresent = Self.presentTypes(of: old)
        let newPresent = Self.presentTypes(of: new)
        for oldType in oldPresent {
            guard let newType = newPresent.first(where: { $0.name == oldType.name }) else {
                let isStandard = BuiltInScalars.names.contains(oldType.name)
                let message =
                    isStandard
                    ? "Standard scalar \(oldType.name) was removed because it is not referenced anymore."
                    : "\(oldType.name) was removed."
                add(.typeRemoved, message, SchemaChange.Path(type: oldType.name), oldType.location)
                continue
            }
            switch (oldType, newType) {
            case (.enumeration(let oldEnum), .enumeration(let newEnum)):
                compareEnums(oldEnum, newEnum)
            case (.union(let oldUnion), .union(let newUnion)):
                compareUnions(oldUnion, newUnion)
            case (.inputObject(let oldInput), .inputObject(let newInput)):
                compareInputObjects(oldInput, newInput)
            case (.object(let oldObject), .object(let newObject)):
                compareFields(of: oldObject.name, oldObject.fields, newObject.fields, newType: newType)
                compareInterfaces(of: oldObject.name, oldObject.interfaces, newObject.interfaces, newType.location)
            case (.interface(let oldInterface), .interface(let newInterface)):
                compareFields(of: oldInterface.name, oldInterface.fields, newInterface.fields, newType: newType)
                compareInterfaces(
                    of: oldInterface.name, oldInterface.interfaces, newInterface.interfaces, newType.location)
            case (.scalar, .scalar):
                break
            default:
                add(
                    .typeChangedKind,
                    "\(oldType.name) changed from \(Self.kindPhrase(oldType)) to \(Self.kindPhrase(newType)).",
                    SchemaChange.Path(type: oldType.name), newType.location)
            }
        }
    }

    /// The named types graphql-js would have in its type map: every type but the introspection ones, and of the
    /// built-in scalars those the schema references (`String` and `Boolean` always).
    static func presentTypes(of schema: GraphQLSchema) -> [SchemaType] {
        var referenced: Set<String> = ["String", "Boolean"]
        func note(_ type: TypeReference) { referenced.insert(type.namedType.value) }
        for type in schema.types {
            switch type {
            case .object, .interface:
                for field in type.fields {
                    note(field.type)
                    field.arguments.forEach { note($0.type) }
                }
            case .inputObject(let input):
                input.fields.forEach { note($0.type) }
            default:
                break
            }
        }
        for directive in schema.directives { directive.arguments.forEach { note($0.type) } }
        return schema.types.filter { type in
            if type.name.hasPrefix("__") { return false }
            return !BuiltInScalars.names.contains(type.name) || referenced.contains(type.name)
        }
    }

    /// `an Object type`, `an Input type`: graphql-js's words for kinds.
    static func kindPhrase(_ type: SchemaType) -> String {
        switch type {
        case .scalar: "a Scalar type"
        case .object: "an Object type"
        case .interface: "an Interface type"
        case .union: "a Union type"
        case .enumeration: "an Enum type"
        case .inputObject: "an Input type"
        }
    }
}

/// The scalars the specification defines.
enum BuiltInScalars {
    static let names: Set<String> = ["Int", "Float", "String", "Boolean", "ID"]
}
