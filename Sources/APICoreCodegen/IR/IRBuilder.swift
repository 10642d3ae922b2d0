import APICoreCompiler

/// Builds the IR of the operations and fragments of one compilation unit: a tree of ``IRSelectionSet``s per
/// operation and per fragment, and the schema types they use.
///
/// Fragments are built once, on first use, and shared; a field selected only through a fragment is read through it.
final class IRBuilder {
    let schema: GraphQLSchema
    let fragmentDefinitions: [String: FragmentDefinition]
    /// The Swift type of each fragment, by fragment name.
    let fragmentTypeNames: [String: String]
    let mapper: SwiftTypeMapper
    /// Names no member of a selection set may take, property or nested class: the module's generated types, the
    /// namespace and the types generated code refers to. A member of that name would hide the type from expressions
    /// (`HeroDetails.self`, `StarWarsAPI.Objects.Droid`) in its class and every class nested in it.
    let reservedNames: Set<String>
    /// ``reservedNames`` and the members every selection set has: where each selection set's names start.
    private let selectionSetReservedNames: Set<String>

    /// The fragments built so far, by name.
    private(set) var fragments: [String: IRSelectionSet] = [:]
    /// What the nullability directives make of each field.
    let semanticNullability: SemanticNullability
    /// The `@catchByDefault` of the operation or fragment being built.
    private var catchDefault: SemanticNullability.CatchTo?
    /// The variables of the operation being built, by name; none while a fragment's own types are built.
    private var operationVariables: [String: VariableDefinition] = [:]
    /// The names of the schema types the built selection sets and variables use.
    private(set) var referencedTypeNames: Set<String> = []
    private var fragmentsInProgress: Set<String> = []

    init(
        schema: GraphQLSchema,
        fragmentDefinitions: [String: FragmentDefinition],
        fragmentTypeNames: [String: String],
        mapper: SwiftTypeMapper,
        reservedNames: Set<String>
    ) throws(CompilerError) {
        semanticNullability = try SemanticNullability(schema: schema)
        self.schema = schema
        self.fragmentDefinitions = fragmentDefinitions
        self.fragmentTypeNames = fragmentTypeNames
        self.mapper = mapper
        self.reservedNames = reservedNames
        selectionSetReservedNames = reservedNames.union(SwiftReservedNames.selectionSetMembers)
    }

    /// Refuses `@include`, `@skip`, `@defer` and `@stream` given a variable the fragment declares: the fragment's Swift
    /// type is one for all its spreads, and whether its members are there would depend on the spread. Arguments of
    /// fields may use the variables; a condition on the operation's variable, passed as the fragment's argument at
    /// each spread, says the same.
    static func checkConditionsOnOwnVariables(of fragment: FragmentDefinition) throws(CompilerError) {
        let own = Set(fragment.variableDefinitions.map(\.name.value))
        guard !own.isEmpty else { return }
        let governing: Set = ["include", "skip", "defer", "stream"]
        var pending = [fragment.selectionSet]
        while let set = pending.popLast() {
            for selection in set.selections {
                for directive in selection.directives where governing.contains(directive.name.value) {
                    for argument in directive.arguments {
                        guard case .variable(let name) = argument.value.kind, own.contains(name) else { continue }
                        throw failure(
                            "@\(directive.name.value)(\(argument.name.value): $\(name)) uses the variable \"$\(name)\" "
                                + "that fragment \"\(fragment.name.value)\" declares: generated code has one type for every "
                                + "spread of the fragment, so only field arguments may use its variables. Use a variable "
                                + "of the operation instead.",
                            at: argument.value.location)
                    }
                }
                switch selection {
                case .field(let field): if let nested = field.selectionSet { pending.append(nested) }
                case .inlineFragment(let inline): pending.append(inline.selectionSet)
                case .fragmentSpread: break
                }
            }
        }
    }

    /// Refuses a spread in `fragment` that gives a variable of another fragment, which has a default, a variable of
    /// `fragment` that may have no value (nullable, without a default). Where that variable has no value, the server
    /// uses the other fragment's default, and the fragment's selection tree, built once for all its spreads, cannot
    /// say so. Giving the variable the same default says the same and is exact.
    func checkVariablesPassedOn(by fragment: FragmentDefinition) throws(CompilerError) {
        var own: [String: VariableDefinition] = [:]
        for variable in fragment.variableDefinitions { own[variable.name.value] = variable }
        guard !own.isEmpty else { return }
        for spread in FragmentArguments.spreads(in: fragment.selectionSet) {
            guard let target = fragmentDefinitions[spread.name.value] else { continue }
            for argument in spread.arguments {
                guard case .variable(let name) = argument.value.kind, let passed = own[name],
                    passed.defaultValue == nil, !Self.isNonNull(passed.type),
                    let receiving = target.variableDefinitions.first(where: { $0.name.value == argument.name.value }),
                    let fallback = receiving.defaultValue
                else { continue }
                throw Self.failure(
                    "Fragment \"\(fragment.name.value)\" gives \"$\(name)\", which may have no value, to \"$\(receiving.name.value)\" "
                        + "of fragment \"\(target.name.value)\", whose default is \(Printer.print(fallback)): generated code "
                        + "cannot fall back to that default at each spread. Declare \"$\(name): \(passed.type) = "
                        + "\(Printer.print(fallback))\".",
                    at: argument.value.location)
            }
        }
    }

    /// Refuses a fragment that declares a variable which a fragment it spreads (at any depth) uses without declaring
    /// it: there the variable is the operation's, and the fragment's selection tree, which puts its own values in
    /// place through everything it spreads, would give it the fragment's value instead.
    func checkShadowing(by fragment: FragmentDefinition) throws(CompilerError) {
        let own = Set(fragment.variableDefinitions.map(\.name.value))
        guard !own.isEmpty else { return }
        var visited: Set<String> = [fragment.name.value]
        var pending = FragmentArguments.spreads(in: fragment.selectionSet)
        while let spread = pending.popLast() {
            guard visited.insert(spread.name.value).inserted, let inner = fragmentDefinitions[spread.name.value] else {
                continue
            }
            let declared = Set(inner.variableDefinitions.map(\.name.value))
            let shadowed = FragmentArguments.variablesUsed(in: inner.selectionSet).subtracting(declared)
                .intersection(own)
            if let name = shadowed.sorted().first {
                throw Self.failure(
                    "Fragment \"\(inner.name.value)\" uses the operation's \"$\(name)\" inside fragment "
                        + "\"\(fragment.name.value)\", which declares a variable of that name: generated code would give it "
                        + "the fragment's value. Rename the fragment's variable.",
                    at: spread.location)
            }
            pending += FragmentArguments.spreads(in: inner.selectionSet)
        }
    }

    private static func isNonNull(_ type: TypeReference) -> Bool {
        if case .nonNull = type { return true }
        return false
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
        try Self.checkConditionsOnOwnVariables(of: definition)
        try checkVariablesPassedOn(by: definition)
        try checkShadowing(by: definition)
        // A fragment's fields follow its own `@catchByDefault` (else the schema's), wherever it is spread.
        let enclosingDefault = catchDefault
        let enclosingVariables = operationVariables
        operationVariables = [:]
        defer { operationVariables = enclosingVariables }
        catchDefault = try SemanticNullability.catchByDefault(in: definition.directives)
        defer { catchDefault = enclosingDefault }
        let collector = SelectionCollector(schema: schema, fragmentDefinitions: fragmentDefinitions)
        let type = try collector.compositeType(definition.typeCondition, at: definition.typeCondition.location)
        let typeName = fragmentTypeNames[name]!
        let built = try selectionSet(
            typeName: typeName, qualifiedName: typeName, type: type, selections: definition.selectionSet.selections)
        fragments[name] = built
        return built
    }

    /// The selection set of an operation's data: `selections` on its root type, under the operation's
    /// `@catchByDefault`.
    func operationData(
        typeName: String, qualifiedName: String, root: ObjectType, operation: OperationDefinition
    ) throws(CompilerError) -> IRSelectionSet {
        catchDefault = try SemanticNullability.catchByDefault(in: operation.directives)
        operationVariables = Dictionary(
            operation.variableDefinitions.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        defer {
            catchDefault = nil
            operationVariables = [:]
        }
        return try selectionSet(
            typeName: typeName, qualifiedName: qualifiedName, type: .object(root),
            selections: operation.selectionSet.selections)
    }

    /// What a type case takes from the selection set it narrows: the occurrences of each response key (so a field
    /// selected in both gets one class with both selections), and the fields and fragments to expose as its own.
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
        let (added, selections) = KeyFieldSelector.separatingAddedKeys(selections)
        var collector = SelectionCollector(schema: schema, fragmentDefinitions: fragmentDefinitions)
        collector.operationVariables = operationVariables
        try collector.collect(selections, in: type)
        var result = IRSelectionSet(typeName: typeName, qualifiedName: qualifiedName, parentTypeName: type.name)
        result.implicitKeys = implicitKeys(added, on: type)
        // Properties and nested classes share one scope: a property and a class of one name would collide.
        var scope = SwiftNameScope(reserving: selectionSetReservedNames)
        let inheritedFragments = inherited.fragments.filter { use in
            !collector.fragmentUses.contains { $0.name == use.fragmentName && $0.deferLabel == nil }
        }

        func nestedName(_ candidate: String) -> String {
            scope.claim(candidate)
        }
        func propertyName(_ candidate: String) -> String {
            scope.claim(candidate)
        }
        // Names of the type cases and deferred parts first, so that fields never take them.
        let typeCaseNames = collector.typeCases.map { group in
            let name = nestedName("As" + SwiftNames.upperFirst(group.typeName))
            return (name, propertyName(SwiftNames.lowerFirst(name)))
        }
        let deferredNames = collector.deferredParts.map { group in
            let name = nestedName(group.label.flatMap(SwiftNames.typeName(ofLabel:)) ?? "Deferred" + group.typeName)
            return (name, propertyName(SwiftNames.lowerFirst(name)))
        }

        // The members of `fragments`, a `GraphQLFragmentSpreads` of this class.
        var fragmentProperties = SwiftNameScope(reserving: SwiftReservedNames.fragmentSpreadMembers)
        for use in collector.fragmentUses {
            let name = fragmentProperties.claim(SwiftNames.lowerFirst(use.name))
            let (conditions, alternatives) = Self.conditions(ofSets: use.conditionSets)
            result.fragments.append(
                IRFragmentUse(
                    fragmentName: use.name, typeName: fragmentTypeNames[use.name]!, propertyName: name,
                    conditions: conditions, alternatives: alternatives, deferLabel: use.deferLabel,
                    arguments: use.arguments.values.keys.sorted().map { ($0, use.arguments.values[$0]!) }))
        }
        for use in inheritedFragments {
            var inheritedUse = use
            inheritedUse.propertyName = fragmentProperties.claim(inheritedUse.propertyName)
            inheritedUse.isInherited = true
            result.fragments.append(inheritedUse)
        }
        for key in collector.keys {
            let occurrences = collector.occurrences[key] ?? []
            guard let first = occurrences.first(where: \.isDirect) else { continue }
            // In a type case, the enclosing sets' selections of the field select it too: `name` there and
            // `name @include(if: $b)` in the case is always there.
            let selecting = occurrences.filter(\.isDirect) + (inherited.occurrences[key] ?? [])
            let (conditions, alternatives) = Self.conditions(ofSets: selecting.map(\.conditions))
            var merged = try field(
                first.field, occurrences: occurrences + (inherited.occurrences[key] ?? []),
                conditions: conditions, in: first.selectedOn, qualifiedName: qualifiedName,
                nestedName: nestedName, propertyName: propertyName)
            merged.alternatives = alternatives
            result.fields.append(merged)
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
            for exposed in Self.exposedFields(of: fragment, mapper: mapper) where !scope.contains(exposed.propertyName)
            {
                _ = scope.claim(exposed.propertyName)
                var forwarded = exposed
                // Through a fragment spread under alternative conditions, the field reads whatever the data holds.
                forwarded.conditions = use.conditions + exposed.conditions
                forwarded.isConditional = exposed.isConditional || use.isConditional
                if use.isConditional { forwarded.swiftType = Self.optional(exposed.swiftType) }
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
        var nullability = SemanticNullability.Resolved(type: fieldType, catching: nil)
        if let schemaField {
            nullability = try semanticNullability.resolve(
                field, schemaField: schemaField, on: scope, definitionDefault: catchDefault)
            // One response key is one Swift property: its selections in this set must catch its errors alike.
            for occurrence in occurrences where occurrence.isDirect && occurrence.field != field {
                let other = try semanticNullability.resolve(
                    occurrence.field, schemaField: schemaField, on: scope, definitionDefault: catchDefault)
                guard other.catching != nullability.catching || other.type.description != nullability.type.description
                else { continue }
                throw Self.failure(
                    "\"\(field.responseKey)\" is selected twice here with different @catch: one property cannot be "
                        + "both. Catch it the same way in each, or give one an alias.",
                    at: occurrence.field.location)
            }
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
            arguments: field.arguments, type: nullability.type, conditions: conditions, selectionSet: nested,
            propertyName: isTypename ? "__typename" : propertyName(field.responseKey),
            description: schemaField?.description, deprecationReason: schemaField?.deprecationReason,
            catching: nullability.catching)
    }

    /// The implicit keys of the selections ``KeyFieldSelector`` added to a set on `type`, each once.
    private func implicitKeys(_ added: [Selection], on type: SchemaType) -> [IRImplicitKey] {
        var result: [IRImplicitKey] = []
        func keyFields(_ selections: [Selection], of owner: SchemaType) -> [IRKeyField] {
            selections.compactMap { selection in
                guard case .field(let field) = selection, field.name.value != "__typename",
                    let schemaField = owner.field(named: field.name.value)
                else { return nil }
                referencedTypeNames.insert(schemaField.type.namedType.value)
                return IRKeyField(name: field.name.value, typeName: schemaField.type.namedType.value)
            }
        }
        var seen: Set<IRKeyField> = []
        let direct = keyFields(added, of: type).filter { seen.insert($0).inserted }
        if !direct.isEmpty { result.append(IRImplicitKey(typeCondition: nil, fields: direct)) }
        for case .inlineFragment(let inline) in added {
            guard let condition = inline.typeCondition?.value, let owner = schema.type(named: condition),
                !result.contains(where: { $0.typeCondition == condition })
            else { continue }
            referencedTypeNames.insert(condition)
            result.append(
                IRImplicitKey(typeCondition: condition, fields: keyFields(inline.selectionSet.selections, of: owner)))
        }
        return result
    }

    /// When a field or fragment selected under each of `conditionSets` is selected: never conditional if one set is
    /// empty; otherwise under the conditions every set has, and, when the sets differ, under any one set's further
    /// conditions (the alternatives).
    private static func conditions(
        ofSets conditionSets: [[IRCondition]]
    ) -> (common: [IRCondition], alternatives: [[IRCondition]]) {
        guard !conditionSets.contains(where: \.isEmpty) else { return ([], []) }
        // The distinct sets, without those that add to another set: whenever they apply, that one does too.
        let distinct = conditionSets.map { Set($0) }
        var sets: [[IRCondition]] = []
        for (index, conditions) in conditionSets.enumerated() {
            let own = distinct[index]
            let implied = distinct.enumerated().contains { other in
                other.element.isStrictSubset(of: own) || (other.element == own && other.offset < index)
            }
            if !implied { sets.append(conditions) }
        }
        let common = SelectionCollector.common(sets)
        let alternatives = sets.map { $0.filter { !common.contains($0) } }
        // One occurrence under the common conditions alone selects the field whenever any other does.
        guard sets.count > 1, !alternatives.contains(where: \.isEmpty) else { return (common, []) }
        return (common, alternatives)
    }

    /// The selections of one occurrence of a field, to merge with the others: those made under `@include`/`@skip`
    /// conditions the merged field does not have stay under them, so they are optional where the field is not.
    private static func subselections(
        of occurrence: SelectionCollector.Occurrence, beyond conditions: [IRCondition]
    ) -> [Selection] {
        SelectionCollector.guarded(
            occurrence.field.selectionSet?.selections ?? [],
            by: occurrence.conditions.filter { !conditions.contains($0) })
    }

    /// The properties a fragment exposes to the selection sets that spread it, with types spelled from outside it
    /// and the conditions under which it selects them.
    static func exposedFields(of fragment: IRSelectionSet, mapper: SwiftTypeMapper) -> [IRForwardedField] {
        var result: [IRForwardedField] = []
        for field in fragment.fields where field.propertyName != "__typename" {
            var type = mapper.outputType(field.type, object: field.objectTypeName(qualified: true))
            if field.isResult { type = resultType(type) }
            if field.isConditional { type = optional(type) }
            result.append(
                IRForwardedField(
                    propertyName: field.propertyName, swiftType: type, type: field.type, responseKey: field.responseKey,
                    conditions: field.conditions, isConditional: field.isConditional,
                    deprecationReason: field.deprecationReason, isResult: field.isResult))
        }
        return result + fragment.forwardedFields
    }

    /// The Swift type of a result field (`@catch(to: RESULT)`) whose value is of `type`.
    static func resultType(_ type: String) -> String {
        "GraphQLFieldResult<\(type)>"
    }

    /// `type?`, unless it is optional already.
    static func optional(_ type: String) -> String {
        type.hasSuffix("?") ? type : type + "?"
    }
}
