import APICoreCompiler

/// Builds the IR of the operations and fragments of one compilation unit: a tree of ``IRSelectionSet``s per
/// operation and per fragment, and the schema types they use.
///
/// Fragments are built once, on first use, and shared; a field selected only through a fragment is read through it.
final class IRBuilder {
    let schema: GraphQLSchema
    let fragmentDefinitions: [String: FragmentDefinition]
    let mapper: SwiftTypeMapper
    /// Type names nested structs must not take, so they never shadow a type the generated code refers to.
    let reservedTypeNames: Set<String>

    /// The fragments built so far, by name.
    private(set) var fragments: [String: IRSelectionSet] = [:]
    /// The names of the schema types the built selection sets and variables use.
    private(set) var referencedTypeNames: Set<String> = []
    private var fragmentsInProgress: Set<String> = []

    init(
        schema: GraphQLSchema,
        fragmentDefinitions: [String: FragmentDefinition],
        mapper: SwiftTypeMapper,
        reservedTypeNames: Set<String>
    ) {
        self.schema = schema
        self.fragmentDefinitions = fragmentDefinitions
        self.mapper = mapper
        self.reservedTypeNames = reservedTypeNames
    }

    /// The error for something the IR cannot be built from.
    static func failure(_ message: String, at location: SourceLocation) -> CompilerError {
        CompilerError(Diagnostic(.error, message, at: [location], rule: "CodeGeneration"))
    }

    /// The selection set of a fragment, built on first use.
    func fragment(named name: String, at location: SourceLocation) throws(CompilerError) -> IRSelectionSet {
        if let built = fragments[name] { return built }
        guard let definition = fragmentDefinitions[name] else {
            throw Self.failure("Unknown fragment \"\(name)\".", at: location)
        }
        guard fragmentsInProgress.insert(name).inserted else {
            throw Self.failure("Cannot spread fragment \"\(name)\" within itself.", at: location)
        }
        defer { fragmentsInProgress.remove(name) }
        let collector = SelectionCollector(schema: schema, fragmentDefinitions: fragmentDefinitions)
        let type = try collector.compositeType(definition.typeCondition, at: definition.typeCondition.location)
        let built = try selectionSet(
            typeName: name, qualifiedName: name, type: type, selections: definition.selectionSet.selections)
        fragments[name] = built
        return built
    }

    /// What a type case takes from the selection set it narrows: the occurrences of each response key (so a field
    /// selected in both gets one struct with both selections), and the fields and fragments to expose as its own.
    struct Inheritance {
        var occurrences: [String: [SelectionCollector.Occurrence]] = [:]
        var fields: [IRField] = []
        var fragments: [IRFragmentUse] = []
    }

    /// The selection set of `selections` made on `type`; a type case also exposes what `inherited` holds.
    func selectionSet(
        typeName: String,
        qualifiedName: String,
        type: SchemaType,
        selections: [Selection],
        inherited: Inheritance = Inheritance()
    ) throws(CompilerError) -> IRSelectionSet {
        referencedTypeNames.insert(type.name)
        var collector = SelectionCollector(schema: schema, fragmentDefinitions: fragmentDefinitions)
        try collector.collect(selections, in: type)
        var result = IRSelectionSet(typeName: typeName, qualifiedName: qualifiedName, parentTypeName: type.name)
        var typeNames = reservedTypeNames
        var propertyNames: Set<String> = ["__data", "__typename", "hashValue"]
        let inheritedFragments = inherited.fragments.filter { use in
            !collector.fragmentUses.contains { $0.name == use.fragmentName && $0.deferLabel == nil }
        }
        if !collector.fragmentUses.isEmpty || !inheritedFragments.isEmpty { propertyNames.insert("fragments") }

        func nestedName(_ candidate: String) -> String {
            var name = candidate
            while !typeNames.insert(name).inserted { name += "_" }
            return name
        }
        func propertyName(_ candidate: String) -> String {
            var name = candidate
            while !propertyNames.insert(name).inserted { name += "_" }
            return name
        }
        // Names of the type cases and deferred parts first, so that fields never take them.
        let typeCaseNames = collector.typeCases.map { group in
            let name = nestedName("As" + SwiftNames.upperFirst(group.typeName))
            return (name, propertyName(SwiftNames.lowerFirst(name)))
        }
        let deferredNames = collector.deferredParts.map { group in
            let name = nestedName(group.label.map { SwiftNames.upperFirst($0) } ?? "Deferred" + group.typeName)
            return (name, propertyName(SwiftNames.lowerFirst(name)))
        }

        var fragmentProperties: Set<String> = []
        for use in collector.fragmentUses {
            var name = SwiftNames.lowerFirst(use.name)
            while !fragmentProperties.insert(name).inserted { name += "_" }
            result.fragments.append(
                IRFragmentUse(
                    fragmentName: use.name, propertyName: name, conditions: use.conditions,
                    deferLabel: use.deferLabel))
        }
        for use in inheritedFragments {
            var inheritedUse = use
            while !fragmentProperties.insert(inheritedUse.propertyName).inserted { inheritedUse.propertyName += "_" }
            inheritedUse.isInherited = true
            result.fragments.append(inheritedUse)
        }
        for key in collector.keys {
            let occurrences = collector.occurrences[key] ?? []
            guard let first = occurrences.first(where: \.isDirect) else { continue }
            let direct = occurrences.filter(\.isDirect)
            let conditions = direct.contains { $0.conditions.isEmpty } ? [] : first.conditions
            result.fields.append(
                try field(
                    first.field, occurrences: occurrences + (inherited.occurrences[key] ?? []),
                    conditions: conditions, in: first.selectedOn, qualifiedName: qualifiedName,
                    nestedName: nestedName, propertyName: propertyName))
        }
        let ownKeys = Set(result.fields.map(\.responseKey))
        for field in inherited.fields where !ownKeys.contains(field.responseKey) && field.propertyName != "__typename" {
            var merged = field
            merged.propertyName = propertyName(field.responseKey)
            merged.inheritedObjectType = .some(field.objectTypeName(qualified: true))
            merged.selectionSet = nil
            result.fields.append(merged)
        }
        for use in result.fragments where use.deferLabel == nil {
            let fragment = try fragment(named: use.fragmentName, at: .unknown)
            let access = use.conditions.isEmpty ? "." : "?."
            let prefix = "fragments." + SwiftNames.identifier(use.propertyName) + access
            for exposed in Self.exposedFields(of: fragment, mapper: mapper)
            where !propertyNames.contains(exposed.propertyName) {
                propertyNames.insert(exposed.propertyName)
                var forwarded = exposed
                forwarded.expression = prefix + exposed.expression
                if !use.conditions.isEmpty { forwarded.swiftType = Self.optional(exposed.swiftType) }
                result.forwardedFields.append(forwarded)
            }
        }

        // A type case exposes what this set selects, merged from every level above it.
        var inheritance = Inheritance(
            occurrences: inherited.occurrences, fields: result.fields,
            fragments: result.fragments.filter { $0.deferLabel == nil })
        for key in collector.keys { inheritance.occurrences[key, default: []] += collector.occurrences[key] ?? [] }
        func part(
            _ group: SelectionCollector.InlineGroup, names: (String, String), inherited: Inheritance
        ) throws(CompilerError) -> IRInlinePart {
            let partType = schema.type(named: group.typeName)!
            let nested = try selectionSet(
                typeName: names.0, qualifiedName: qualifiedName + "." + names.0, type: partType,
                selections: group.selections, inherited: inherited)
            return IRInlinePart(
                propertyName: names.1, conditions: group.conditions, label: group.label, selectionSet: nested)
        }
        for (group, names) in zip(collector.typeCases, typeCaseNames) {
            result.typeCases.append(try part(group, names: names, inherited: inheritance))
        }
        for (group, names) in zip(collector.deferredParts, deferredNames) {
            result.deferredParts.append(try part(group, names: names, inherited: Inheritance()))
        }
        return result
    }

    private func field(
        _ field: Field,
        occurrences: [SelectionCollector.Occurrence],
        conditions: [IRCondition],
        in scope: SchemaType,
        qualifiedName: String,
        nestedName: (String) -> String,
        propertyName: (String) -> String
    ) throws(CompilerError) -> IRField {
        // The generator adds `__typename` to each selection set, which another field under that alias would clash
        // with in the document sent (an invalid request) and in the response.
        for occurrence in occurrences where occurrence.field.name.value != "__typename" {
            if let alias = occurrence.field.alias, alias.value == "__typename" {
                throw Self.failure(
                    "The alias \"__typename\" is reserved for the type name that generated code selects; choose "
                        + "another alias for \"\(occurrence.field.name.value)\".", at: alias.location)
            }
        }
        let schemaField: SchemaField?
        let fieldType: TypeReference
        if field.name.value == "__typename" {
            schemaField = nil
            fieldType = .nonNull(.named(Name("String")), location: .unknown)
        } else {
            let name = field.name.value
            guard let found = scope.field(named: name) ?? schema.metaField(named: name, on: scope) else {
                throw Self.failure(
                    "Cannot query field \"\(field.name.value)\" on type \"\(scope.name)\".", at: field.location)
            }
            schemaField = found
            fieldType = found.type
        }
        let namedType = fieldType.namedType.value
        referencedTypeNames.insert(namedType)
        var nested: IRSelectionSet?
        if let type = schema.type(named: namedType), type.isComposite {
            let structName = nestedName(SwiftNames.upperFirst(field.responseKey))
            let selections = occurrences.flatMap { occurrence in
                Self.subselections(of: occurrence, beyond: conditions)
            }
            nested = try selectionSet(
                typeName: structName, qualifiedName: qualifiedName + "." + structName, type: type,
                selections: selections)
        }
        let isTypename = field.name.value == "__typename" && field.alias == nil
        return IRField(
            responseKey: field.responseKey, name: field.name.value, alias: field.alias?.value,
            arguments: field.arguments, type: fieldType, conditions: conditions, selectionSet: nested,
            propertyName: isTypename ? "__typename" : propertyName(field.responseKey),
            description: schemaField?.description, deprecationReason: schemaField?.deprecationReason)
    }

    /// The selections of one occurrence of a field, to merge with the others: those made under `@include`/`@skip`
    /// conditions the merged field does not have stay under them, so they are optional where the field is not.
    private static func subselections(
        of occurrence: SelectionCollector.Occurrence, beyond conditions: [IRCondition]
    ) -> [Selection] {
        let selections = occurrence.field.selectionSet?.selections ?? []
        let extra = occurrence.conditions.filter { !conditions.contains($0) }
        guard !extra.isEmpty, !selections.isEmpty else { return selections }
        let directives = extra.map { condition in
            Directive(
                name: Name(condition.isInclude ? "include" : "skip"),
                arguments: [Argument(name: Name("if"), value: Value(.variable(condition.variable)))])
        }
        return [
            .inlineFragment(
                InlineFragment(
                    typeCondition: nil, directives: directives, selectionSet: SelectionSet(selections: selections)))
        ]
    }

    /// The properties a fragment exposes to the selection sets that spread it, with types spelled from outside it
    /// and expressions relative to it (deprecated fields read through their undeprecated storage).
    static func exposedFields(of fragment: IRSelectionSet, mapper: SwiftTypeMapper) -> [IRForwardedField] {
        var result: [IRForwardedField] = []
        for field in fragment.fields where field.propertyName != "__typename" {
            var type = mapper.outputType(field.type, object: field.objectTypeName(qualified: true))
            if !field.conditions.isEmpty { type = optional(type) }
            result.append(
                IRForwardedField(
                    propertyName: field.propertyName, swiftType: type,
                    expression: field.storageName, deprecationReason: field.deprecationReason))
        }
        return result + fragment.forwardedFields
    }

    /// `type?`, unless it is optional already.
    static func optional(_ type: String) -> String {
        type.hasSuffix("?") ? type : type + "?"
    }
}

extension IRField {
    /// The stored property's name as written in Swift: deprecated fields are stored under `_name` and exposed by a
    /// deprecated computed property, so reading them in generated code never warns.
    var storageName: String {
        deprecationReason == nil ? SwiftNames.identifier(propertyName) : "_" + propertyName
    }
}
