/// The state of one validation: the schema and its lookups, the unit's fragments, the walk's records and the
/// diagnostics found so far. It lives for one call of ``DocumentValidator/validate(_:against:options:)``.
final class ValidationContext {
    let schema: GraphQLSchema
    let options: ValidationOptions
    let documents: [Document]
    /// The first definition of each fragment name across the unit, with the index of its document.
    let fragments: [String: (definition: FragmentDefinition, documentIndex: Int)]
    /// What the walk recorded for each operation, in source order.
    var operationSummaries: [OperationSummary] = []
    /// What the walk recorded for each fragment definition, in source order (duplicates included).
    private(set) var fragmentSummaries: [FragmentSummary] = []
    /// The index in ``fragmentSummaries`` of the first definition of each fragment name.
    private var fragmentSummaryIndex: [String: Int] = [:]
    /// The `@defer`/`@stream` labels seen so far, with the directive that used each first.
    var incrementalLabels: [String: Directive] = [:]
    /// The overlapping-fields checker, with its caches shared by the whole unit.
    private(set) lazy var fieldConflicts = FieldConflictFinder(context: self)

    private var diagnostics: [Diagnostic] = []
    private var reportedKeys: Set<DiagnosticKey> = []
    /// Whether an error beyond the limit was found; the walk and the later passes stop when it is.
    private(set) var isAborted = false
    /// Where the first error beyond the limit is.
    private var abortLocation = SourceLocation.unknown

    init(documents: [Document], schema: GraphQLSchema, options: ValidationOptions) {
        self.documents = documents
        self.schema = schema
        self.options = options
        var fragments: [String: (definition: FragmentDefinition, documentIndex: Int)] = [:]
        for (index, document) in documents.enumerated() {
            for case .fragment(let fragment) in document.definitions where fragments[fragment.name.value] == nil {
                fragments[fragment.name.value] = (fragment, index)
            }
        }
        self.fragments = fragments
    }

    /// Keeps what the walk of a fragment definition recorded.
    func record(_ summary: FragmentSummary) {
        let name = summary.fragment.name.value
        if fragmentSummaryIndex[name] == nil {
            fragmentSummaryIndex[name] = fragmentSummaries.count
        }
        fragmentSummaries.append(summary)
    }

    /// What the walk recorded for the (first) fragment called `name`.
    func fragmentSummary(named name: String) -> FragmentSummary? {
        fragmentSummaryIndex[name].map { fragmentSummaries[$0] }
    }

    /// The fragments a definition uses, directly or through other fragments, each once (unknown ones left out).
    func fragmentsUsed(by summary: DefinitionSummary) -> [FragmentSummary] {
        var seen: Set<String> = []
        var used: [FragmentSummary] = []
        var pending = summary.fragmentSpreads.map(\.name.value)
        var next = 0
        while next < pending.count {
            let name = pending[next]
            next += 1
            guard seen.insert(name).inserted, let fragment = fragmentSummary(named: name) else { continue }
            used.append(fragment)
            pending += fragment.summary.fragmentSpreads.map(\.name.value)
        }
        return used
    }

    /// Records an error of `rule` at `locations` (the offending node first, related nodes after). The same message at
    /// the same places is recorded once (graphql-js reports a conflict inside an inline fragment twice, for example).
    func report(_ rule: String, _ message: String, at locations: [SourceLocation]) {
        guard !isAborted else { return }
        // Nodes built in code have no places to tell them apart, so only parsed ones are deduplicated.
        if locations.allSatisfy({ $0.line > 0 }) {
            let key = DiagnosticKey(
                message: message, places: locations.map { DiagnosticKey.Place(file: $0.file, offset: $0.offset) })
            guard reportedKeys.insert(key).inserted else { return }
        }
        guard diagnostics.count < options.maximumErrors else {
            isAborted = true
            abortLocation = locations.first ?? .unknown
            return
        }
        diagnostics.append(Diagnostic(.error, message, at: locations, rule: rule))
    }

    /// The diagnostics in source order: by document, then by position of their first location. When there were more
    /// errors than the limit, a last diagnostic, at the first error left out, says that validation stopped.
    func sortedDiagnostics() -> [Diagnostic] {
        var documentOrder: [String: Int] = [:]
        for (index, document) in documents.enumerated() {
            for definition in document.definitions where documentOrder[definition.location.file] == nil {
                documentOrder[definition.location.file] = index
            }
        }
        func order(_ diagnostic: Diagnostic) -> (Int, Int) {
            guard let location = diagnostic.locations.first else { return (Int.max, Int.max) }
            return (documentOrder[location.file] ?? Int.max, location.offset)
        }
        var sorted = diagnostics.enumerated().sorted { lhs, rhs in
            let (left, right) = (order(lhs.element), order(rhs.element))
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
        if isAborted {
            sorted.append(
                Diagnostic(
                    .error, "Too many validation errors, error limit reached. Validation aborted.",
                    at: [abortLocation], rule: "MaximumErrors"))
        }
        return sorted
    }
}

/// What makes two diagnostics the same: their message and where they point.
private struct DiagnosticKey: Hashable {
    struct Place: Hashable {
        let file: String
        let offset: Int
    }

    let message: String
    let places: [Place]
}
