import APICoreCompiler

/// Adds the fields that give an object its cache identity to the selection set of every field in the document sent,
/// where the operation does not select them itself: `id`, or the key fields of the type's `@typePolicy`.
///
/// The normalized cache keys an object by those fields (`User:42`); an object whose response lacks them is stored
/// under its path instead. One object reached both ways (under two aliases of a field, or by two operations) would be
/// two records, the parent's field pointing at whichever was written last, and a read of the other selection would
/// miss. With the key in every selection each object is one record, as Relay's and Apollo Kotlin's compilers make it.
///
/// On an interface or union that lacks the key, it is selected through the narrowest interface that has it and covers
/// the possible types lacking it (`... on Node { __typename id }`), else through each such type. A response key the
/// operation already uses for another field or with arguments (`id: login`) is left alone: adding the field would make
/// the document invalid.
///
/// The selections join the operation's text, and its selections as implicit keys (``IRImplicitKey``): the cache stores
/// them and rebuilds them like any other, but no generated type has a property or a class for them, and a response
/// without them (a recorded one, a mock) decodes and caches as before. An app that wants an object's `id` selects it,
/// and its type is then `Identifiable`.
struct KeyFieldSelector {
    let schema: GraphQLSchema
    /// The fragments the operations may spread, by name, as written.
    let fragments: [String: FragmentDefinition]
    /// The key fields each object type's `@typePolicy` declares; types without one are keyed by `id`.
    let declaredKeys: [String: [String]]
    /// The narrowest interface selecting a group of types' key, by key fields and type names.
    private var interfaces: [String: String?] = [:]

    init(schema: GraphQLSchema, fragments: [String: FragmentDefinition], declaredKeys: [String: [String]]) {
        self.schema = schema
        self.fragments = fragments
        self.declaredKeys = declaredKeys
    }

    /// The operation with key fields in the selection set of every field below its root.
    mutating func adding(to operation: OperationDefinition) -> OperationDefinition {
        guard let root = schema.rootType(for: operation.kind) else { return operation }
        var operation = operation
        operation.selectionSet = keyingFields(of: operation.selectionSet, in: .object(root))
        return operation
    }

    /// The fragment with key fields in the selection set of every field below it; its own selections get them where
    /// it is spread.
    mutating func adding(to fragment: FragmentDefinition) -> FragmentDefinition {
        guard let type = schema.type(named: fragment.typeCondition.value) else { return fragment }
        var fragment = fragment
        fragment.selectionSet = keyingFields(of: fragment.selectionSet, in: type)
        return fragment
    }

    /// The key fields of objects of `object`'s type: the declared ones, else `id`; `nil` when the type has no such
    /// fields that are leaves and need no argument, so the cache cannot key its objects.
    private func keyFields(of object: ObjectType) -> [String]? {
        let names = declaredKeys[object.name] ?? ["id"]
        for name in names {
            guard let field = object.field(named: name), field.arguments.allSatisfy({ !$0.isRequired }),
                schema.type(named: field.type.namedType.value)?.isLeaf == true
            else { return nil }
        }
        return names
    }

    /// `set` with key fields added to the selection set of each field in it, at any depth.
    private mutating func keyingFields(of set: SelectionSet, in parent: SchemaType) -> SelectionSet {
        var set = set
        for index in set.selections.indices {
            switch set.selections[index] {
            case .field(var field):
                guard let selections = field.selectionSet,
                    let type = parent.field(named: field.name.value).flatMap({
                        schema.type(named: $0.type.namedType.value)
                    })
                else { continue }
                field.selectionSet = addingKeys(to: keyingFields(of: selections, in: type), in: type)
                set.selections[index] = .field(field)
            case .inlineFragment(var inline):
                let type = inline.typeCondition.flatMap { schema.type(named: $0.value) } ?? parent
                inline.selectionSet = keyingFields(of: inline.selectionSet, in: type)
                set.selections[index] = .inlineFragment(inline)
            case .fragmentSpread:
                continue
            }
        }
        return set
    }

    /// `set`, an object of `type`, with the key fields it lacks for any possible type: after its `__typename`, fields
    /// of `type` itself, then inline fragments.
    private mutating func addingKeys(to set: SelectionSet, in type: SchemaType) -> SelectionSet {
        let taken = takenResponseKeys(in: set.selections)
        // What every object of the type gets, worked out once: the type's own name matches only the conditions that
        // name it, so this is what applies whatever the object's type.
        var visited: Set<String> = []
        let always = unconditionalFields(for: type.name, in: set.selections, visited: &visited)
        // The possible types whose key the selections lack, grouped by key and its types, in the schema's order. One
        // response name must have one type in a selection set, whatever the object's type: a key of another type
        // than the first group's (`id: Int!` beside `id: ID!`) is left out.
        var groups: [(keys: [String], types: [String])] = []
        var keyTypes: [String: TypeReference] = [:]
        for object in schema.possibleTypes(of: type) {
            guard let keys = keyFields(of: object), keys.allSatisfy({ !taken.contains($0) }),
                !keys.allSatisfy(always.contains)
            else { continue }
            visited = []
            let selected = unconditionalFields(for: object.name, in: set.selections, visited: &visited)
            if keys.allSatisfy(selected.contains) { continue }
            let types = keys.map { object.field(named: $0)!.type }
            guard zip(keys, types).allSatisfy({ keyTypes[$0] == nil || keyTypes[$0] == $1 }) else { continue }
            for (key, keyType) in zip(keys, types) { keyTypes[key] = keyType }
            if let group = groups.firstIndex(where: { $0.keys == keys }) {
                groups[group].types.append(object.name)
            } else {
                groups.append((keys, [object.name]))
            }
        }
        var direct: [String] = []
        var fragments: [Selection] = []
        for group in groups {
            if group.keys.allSatisfy({ type.field(named: $0)?.type == keyTypes[$0] }) {
                for key in group.keys where !direct.contains(key) { direct.append(key) }
            } else if let interface = narrowestInterface(selecting: group.keys, of: group.types) {
                fragments.append(inlineFragment(on: interface, selecting: group.keys))
            } else {
                fragments += group.types.map { inlineFragment(on: $0, selecting: group.keys) }
            }
        }
        if direct.isEmpty, fragments.isEmpty { return set }
        var set = set
        let position = set.selections.first.map(Self.isTypename) == true ? 1 : 0
        let added = direct.map { Selection.field(Field(name: Name($0), location: Self.addedLocation)) } + fragments
        set.selections.insert(contentsOf: added, at: position)
        return set
    }

    /// The interface with fields `keys` whose possible types include all of `types` and are the fewest, by name on a
    /// tie; remembered per group.
    private mutating func narrowestInterface(selecting keys: [String], of types: [String]) -> String? {
        if types.count == 1 { return nil }
        let memo = keys.joined(separator: " ") + "|" + types.joined(separator: " ")
        if let known = interfaces[memo] { return known }
        var best: (name: String, count: Int)?
        for case .interface(let interface) in schema.types
        where keys.allSatisfy({ interface.field(named: $0) != nil }) {
            let possible = schema.possibleTypeNames(of: .interface(interface))
            guard types.allSatisfy(possible.contains) else { continue }
            if let chosen = best, (chosen.count, chosen.name) <= (possible.count, interface.name) { continue }
            best = (interface.name, possible.count)
        }
        interfaces[memo] = .some(best?.name)
        return best?.name
    }

    /// Where the selections it adds are located: in no source, so the IR can tell them from those written in a
    /// document.
    static let addedLocation = SourceLocation(file: "<key fields>", line: 0, column: 0, offset: 0)

    /// `... on Type { __typename keys }`, with the `__typename` every inline fragment gets (``DocumentNormalizer``), so
    /// compiling the text sent again gives the same text.
    private func inlineFragment(on type: String, selecting keys: [String]) -> Selection {
        .inlineFragment(
            InlineFragment(
                typeCondition: Name(type),
                selectionSet: SelectionSet(selections: (["__typename"] + keys).map { .field(Field(name: Name($0))) }),
                location: Self.addedLocation))
    }

    /// The selections among `selections` that the selector added, wherever merging a field's occurrences put them
    /// (inside the `@include` and `@skip` wrappers of ``SelectionCollector/guarded(_:by:)``, which do not apply to them:
    /// each occurrence of the field selects its own), and the other selections.
    static func separatingAddedKeys(_ selections: [Selection]) -> (added: [Selection], others: [Selection]) {
        var added: [Selection] = []
        var others: [Selection] = []
        for selection in selections {
            switch selection {
            case .field(let field) where field.location.file == addedLocation.file:
                added.append(selection)
            case .inlineFragment(let inline) where inline.location.file == addedLocation.file:
                added.append(selection)
            case .inlineFragment(var inline) where inline.location.file == SelectionCollector.guardLocation.file:
                let inner = separatingAddedKeys(inline.selectionSet.selections)
                added += inner.added
                if !inner.others.isEmpty {
                    inline.selectionSet.selections = inner.others
                    others.append(.inlineFragment(inline))
                }
            default:
                others.append(selection)
            }
        }
        return (added, others)
    }

    /// The response keys that `selections` give to something other than the field of the same name without
    /// arguments, at this object's level, through fragments too: a key field of that name cannot be added.
    private func takenResponseKeys(in selections: [Selection]) -> Set<String> {
        var taken: Set<String> = []
        var visited: Set<String> = []
        var pending = selections
        while let selection = pending.popLast() {
            switch selection {
            case .field(let field):
                if field.name.value != field.responseKey || !field.arguments.isEmpty { taken.insert(field.responseKey) }
            case .inlineFragment(let inline):
                pending += inline.selectionSet.selections
            case .fragmentSpread(let spread):
                if visited.insert(spread.name.value).inserted, let fragment = fragments[spread.name.value] {
                    pending += fragment.selectionSet.selections
                }
            }
        }
        return taken
    }

    /// The fields without alias or argument that `selections` select on every object of type `objectName`, through
    /// fragments that always apply to it: under no directive but `@defer`, which delays a field but still selects it
    /// (a key added outside a deferred fragment that selects it would make the fragment seem to have arrived).
    private func unconditionalFields(
        for objectName: String, in selections: [Selection], visited: inout Set<String>
    ) -> Set<String> {
        var fields: Set<String> = []
        for selection in selections where selection.directives.allSatisfy({ $0.name.value == "defer" }) {
            switch selection {
            case .field(let field):
                if field.alias == nil, field.arguments.isEmpty { fields.insert(field.name.value) }
            case .inlineFragment(let inline):
                guard applies(inline.typeCondition?.value, to: objectName) else { continue }
                fields.formUnion(
                    unconditionalFields(for: objectName, in: inline.selectionSet.selections, visited: &visited))
            case .fragmentSpread(let spread):
                guard visited.insert(spread.name.value).inserted, let fragment = fragments[spread.name.value],
                    applies(fragment.typeCondition.value, to: objectName)
                else { continue }
                fields.formUnion(
                    unconditionalFields(for: objectName, in: fragment.selectionSet.selections, visited: &visited))
            }
        }
        return fields
    }

    /// Whether a type condition holds for every object of type `objectName` (or, for an interface or union's name, for
    /// every object of that type).
    private func applies(_ condition: String?, to objectName: String) -> Bool {
        guard let condition, condition != objectName else { return true }
        guard let type = schema.type(named: condition) else { return false }
        return schema.isPossibleType(objectName, of: type)
    }

    private static func isTypename(_ selection: Selection) -> Bool {
        if case .field(let field) = selection { return field.responseKey == "__typename" }
        return false
    }
}
