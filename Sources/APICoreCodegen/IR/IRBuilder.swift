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

    /// The selection set of `selections` made on `type`.
    func selectionSet(
        typeName: String,
        qualifiedName: String,
        type: SchemaType,
        selections: [Selection]
    ) throws(CompilerError) -> IRSelectionSet {
        referencedTypeNames.insert(type.name)
        var collector = SelectionCollector(schema: schema, fragmentDefinitions: fragmentDefinitions)
        try collector.collect(selections, in: type)
        var result = IRSelectionSet(typeName: typeName, qualifiedName: qualifiedName, parentTypeName: type.name)
        var typeNames = reservedTypeNames
        var propertyNames: Set<String> = ["__data", "__typename", "hashValue"]
        if !collector.fragmentUses.isEmpty { propertyNames.insert("fragments") }

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
        func part(_ group: SelectionCollector.InlineGroup, name: String) throws(CompilerError) -> IRInlinePart {
            let structName = nestedName(name)
            let partType = schema.type(named: group.typeName)!
            let nested = try selectionSet(
                typeName: structName, qualifiedName: qualifiedName + "." + structName, type: partType,
                selections: group.selections)
            return IRInlinePart(
                propertyName: propertyName(SwiftNames.lowerFirst(structName)), conditions: group.conditions,
                label: group.label, selectionSet: nested)
        }

        for group in collector.typeCases {
            result.typeCases.append(try part(group, name: "As" + SwiftNames.upperFirst(group.typeName)))
        }
        for group in collector.deferredParts {
            let name = group.label.map { SwiftNames.upperFirst($0) } ?? "Deferred" + group.typeName
            result.deferredParts.append(try part(group, name: name))
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
        for key in collector.keys {
            let occurrences = collector.occurrences[key] ?? []
            guard let first = occurrences.first(where: \.isDirect) else { continue }
            let direct = occurrences.filter(\.isDirect)
            let conditions = direct.contains { $0.conditions.isEmpty } ? [] : first.conditions
            result.fields.append(
                try field(
                    first.field, occurrences: occurrences, conditions: conditions, in: first.selectedOn,
                    qualifiedName: qualifiedName, nestedName: nestedName, propertyName: propertyName))
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
            let selections = occurrences.flatMap { $0.field.selectionSet?.selections ?? [] }
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

    /// The properties a fragment exposes to the selection sets that spread it, with types spelled from outside it
    /// and expressions relative to it (deprecated fields read through their undeprecated storage).
    static func exposedFields(of fragment: IRSelectionSet, mapper: SwiftTypeMapper) -> [IRForwardedField] {
        var result: [IRForwardedField] = []
        for field in fragment.fields where field.propertyName != "__typename" {
            var type = mapper.outputType(field.type, object: field.selectionSet?.qualifiedName)
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
