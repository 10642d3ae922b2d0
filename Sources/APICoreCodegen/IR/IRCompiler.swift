import APICoreCompiler
import APICoreGraphQL
import APICoreJSON

/// Turns parsed documents and a schema into an ``IRCompilation``.
package enum IRCompiler {
    /// Compiles the operations and fragments of `documents`, one unit, against `schema`. With `addsKeyFields`, each
    /// object's cache key is selected wherever the documents do not select it (``KeyFieldSelector``), in the text sent
    /// and in the generated types alike. With `inlinesFragmentArguments`, the text sent has each spread of a fragment
    /// that declares variables replaced by an inline fragment with the spread's values (``FragmentArguments``), for
    /// servers that do not parse fragment arguments; the generated types are the same either way.
    package static func compile(
        _ documents: [Document],
        schema: GraphQLSchema,
        namespace: String,
        identifiers: CodegenConfiguration.OperationIdentifiers = .documentSHA256,
        fileScalars: FileScalars = FileScalars(),
        addsKeyFields: Bool = true,
        inlinesFragmentArguments: Bool = false
    ) throws(CompilerError) -> IRCompilation {
        var fragmentDefinitions: [String: FragmentDefinition] = [:]
        var operations: [OperationDefinition] = []
        for document in documents {
            for fragment in document.fragments {
                // The same fragment written in several files (as each file of a JavaScript app must) is one; the
                // validator has rejected two different fragments of one name.
                fragmentDefinitions[fragment.name.value] = DocumentNormalizer.normalized(fragment)
            }
            for operation in document.operations {
                guard operation.name != nil else {
                    throw IRBuilder.failure(
                        "Name this operation: generated code needs a name for each operation.", at: operation.location)
                }
                operations.append(DocumentNormalizer.normalized(operation))
            }
        }
        if addsKeyFields {
            let declared = try TypePolicyResolver.keyFields(in: schema)
            var selector = KeyFieldSelector(
                schema: schema, fragments: fragmentDefinitions,
                declaredKeys: Dictionary(declared.map { ($0.typeName, $0.keyFields) }, uniquingKeysWith: { $1 }))
            var keyedFragments = fragmentDefinitions
            for (name, fragment) in fragmentDefinitions { keyedFragments[name] = selector.adding(to: fragment) }
            (operations, fragmentDefinitions) = KeyFieldSelector.keepingValid(
                operations: operations.map { selector.adding(to: $0) }, fragments: keyedFragments,
                written: (operations, fragmentDefinitions), schema: schema)
        }
        // The module's types: fragments, then operations, each in name order, named as Apollo iOS names them
        // (`HeroDetails` for `heroDetails`, `HeroNameQuery` for `query heroName`), unique ignoring case.
        // The test mocks' namespace too, for mocks generated into the operations' module.
        var moduleScope = SwiftNameScope(
            reserving: SwiftReservedNames.moduleLevel.union([namespace, namespace + "Mocks"]), ignoringCase: true)
        var fragmentTypeNames: [String: String] = [:]
        for name in fragmentDefinitions.keys.sorted() {
            fragmentTypeNames[name] = moduleScope.claim(SwiftNames.upperFirst(name))
        }
        let named = operations.map { operation in
            let suffix = operation.kind.rawValue.prefix(1).uppercased() + operation.kind.rawValue.dropFirst()
            let base = SwiftNames.upperFirst(operation.name!.value)
            return (operation, base.hasSuffix(suffix) && base != suffix ? base : base + suffix)
        }
        let typedOperations = named.sorted { ($0.1, $0.0.name!.value) < ($1.1, $1.0.name!.value) }.map {
            ($0.0, moduleScope.claim($0.1))
        }
        let moduleTypeNames = Set(fragmentTypeNames.values).union(typedOperations.map(\.1))
        let mapper = SwiftTypeMapper(schema: schema, namespace: namespace)
        let builder = try IRBuilder(
            schema: schema, fragmentDefinitions: fragmentDefinitions, fragmentTypeNames: fragmentTypeNames,
            mapper: mapper, reservedNames: moduleTypeNames.union(SwiftReservedNames.types).union([namespace]))
        // The definitions as sent: the same, or with the spreads of fragments that declare variables inlined.
        var sentFragments = fragmentDefinitions
        if inlinesFragmentArguments {
            for (name, fragment) in fragmentDefinitions {
                sentFragments[name]?.selectionSet = FragmentArguments.inlining(
                    fragment.selectionSet, fragments: fragmentDefinitions)
            }
        }
        var fragments: [IRFragment] = []
        // Each fragment's text as sent, printed once for all the documents that include it.
        var fragmentTexts: [String: String] = [:]
        for name in fragmentDefinitions.keys.sorted() {
            let definition = fragmentDefinitions[name]!
            let text = DocumentNormalizer.oneLine(.fragment(sentFragments[name]!))
            fragmentTexts[name] = text
            fragments.append(
                IRFragment(
                    name: name, typeName: fragmentTypeNames[name]!, text: text,
                    selectionSet: try builder.fragment(named: name, at: definition.location),
                    variables: definition.variableDefinitions.map { variable in
                        IRVariable(
                            name: variable.name.value, propertyName: variable.name.value, type: variable.type,
                            defaultValue: variable.defaultValue)
                    }))
        }
        var compiled: [IROperation] = []
        for (operation, typeName) in typedOperations.sorted(by: { $0.1 < $1.1 }) {
            var sent = operation
            if inlinesFragmentArguments {
                sent.selectionSet = FragmentArguments.inlining(operation.selectionSet, fragments: fragmentDefinitions)
            }
            compiled.append(
                try compile(
                    operation, sent: sent, typeName: typeName, builder: builder, fragments: sentFragments,
                    fragmentTexts: fragmentTexts, identifiers: identifiers, fileScalars: fileScalars))
        }
        var referenced = builder.referencedTypeNames
        for operation in compiled {
            for variable in operation.variables { referenced.insert(variable.type.namedType.value) }
        }
        return IRCompilation(
            operations: compiled, fragments: fragments,
            referencedTypeNames: inputClosure(of: referenced, in: schema).sorted())
    }

    /// One operation: its types from `operation`, its text from `sent` and the `fragments` as sent (`fragmentTexts`
    /// printed).
    private static func compile(
        _ operation: OperationDefinition,
        sent: OperationDefinition,
        typeName: String,
        builder: IRBuilder,
        fragments: [String: FragmentDefinition],
        fragmentTexts: [String: String],
        identifiers: CodegenConfiguration.OperationIdentifiers,
        fileScalars: FileScalars
    ) throws(CompilerError) -> IROperation {
        guard let root = builder.schema.rootType(for: operation.kind) else {
            throw IRBuilder.failure("The schema has no \(operation.kind.rawValue) type.", at: operation.location)
        }
        let data = try builder.operationData(
            typeName: "Data", qualifiedName: typeName + ".Data", root: root, operation: operation)
        let fragmentNames = usedFragments(sent.selectionSet, fragments: fragments).sorted()
        let fragmentTypeNames = fragmentNames.map { builder.fragmentTypeNames[$0]! }
        let text = DocumentNormalizer.oneLine(.operation(sent))
        let definitions = [text] + fragmentNames.map { fragmentTexts[$0]! }
        let document = definitions.joined(separator: "\n")
        let identifier =
            switch identifiers {
            case .documentSHA256: GraphQLSHA256.hexDigest(of: document)
            // Apollo iOS hashes its definitions joined with a backslash and an `n`, though it sends a newline.
            case .apollo: GraphQLSHA256.hexDigest(of: definitions.joined(separator: "\\n"))
            }
        // `self` as a parameter would hide the instance in the initializer; the types generated code refers to from
        // within the operation (fragments in the document, the namespace) must not be hidden by a variable.
        var reserved = builder.reservedNames.union(["variables", "self", "Self", "Data", "_"])
        // An operation whose variables can hold files has a `forEachFile(_:)` method of its own, and `fileUploads`
        // (in `APICoreScalars`) lists what it finds.
        if operation.variableDefinitions.contains(where: { fileScalars.canContainFiles($0.type, in: builder.schema) }) {
            reserved.formUnion(["forEachFile", "fileUploads"])
        }
        var scope = SwiftNameScope(reserving: reserved)
        let variables = operation.variableDefinitions.map { definition in
            let name = scope.claim(definition.name.value)
            return IRVariable(
                name: definition.name.value, propertyName: name, type: definition.type,
                defaultValue: definition.defaultValue)
        }
        return IROperation(
            name: operation.name?.value ?? typeName, typeName: typeName, kind: operation.kind, text: text,
            fragmentNames: fragmentNames, fragmentTypeNames: fragmentTypeNames, document: document,
            identifier: identifier, variables: variables, data: data)
    }

    /// The fragments a selection set spreads, directly or through other fragments.
    static func usedFragments(
        _ selectionSet: SelectionSet, fragments: [String: FragmentDefinition]
    ) -> Set<String> {
        var found: Set<String> = []
        var pending = [selectionSet]
        while let next = pending.popLast() {
            for spread in FragmentArguments.spreads(in: next) where found.insert(spread.name.value).inserted {
                if let fragment = fragments[spread.name.value] { pending.append(fragment.selectionSet) }
            }
        }
        return found
    }

    /// `names` with the types of the fields of every input object among them, transitively.
    private static func inputClosure(of names: Set<String>, in schema: GraphQLSchema) -> Set<String> {
        var result = names
        var pending = Array(names)
        while let name = pending.popLast() {
            guard case .inputObject(let input)? = schema.type(named: name) else { continue }
            for field in input.fields where result.insert(field.type.namedType.value).inserted {
                pending.append(field.type.namedType.value)
            }
        }
        return result
    }
}
