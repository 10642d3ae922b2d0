import APICoreCompiler

/// Walks an operation's selections for `pageInfo` fields, following named and inline fragments, and records for each
/// place in the response which keys its `hasNextPage` and `endCursor` come back under.
///
/// Without a schema, a `pageInfo` field is recognised by its name; selections of the same response path (a field
/// selected directly and again through a fragment) merge into one candidate, as the server merges them.
struct PageInfoFinder {
    /// One `pageInfo` selection: where it is in the response and what it selects.
    struct Candidate {
        /// The response keys from `data` down to `pageInfo`.
        var path: [String]
        /// Where the first selection of this path is written.
        var location: SourceLocation
        /// The response key of `hasNextPage`, once seen.
        var hasNextPageKey: String?
        /// The response key of `endCursor`, once seen.
        var endCursorKey: String?
    }

    /// The candidates in the order their paths were first seen.
    private(set) var candidates: [Candidate] = []
    private let fragments: [String: FragmentDefinition]

    /// A finder that resolves spreads against `fragments` (the first definition of a name wins).
    init(fragments: [FragmentDefinition]) {
        var byName: [String: FragmentDefinition] = [:]
        for fragment in fragments where byName[fragment.name.value] == nil {
            byName[fragment.name.value] = fragment
        }
        self.fragments = byName
    }

    /// Records every `pageInfo` under `selectionSet`, whose object is at `path` in the response.
    mutating func walk(_ selectionSet: SelectionSet, path: [String], spreading: Set<String> = []) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard let subselections = field.selectionSet else { continue }
                let fieldPath = path + [field.responseKey]
                if field.name.value == "pageInfo" {
                    record(subselections, at: fieldPath, location: field.location)
                } else {
                    walk(subselections, path: fieldPath, spreading: spreading)
                }
            case .inlineFragment(let fragment):
                walk(fragment.selectionSet, path: path, spreading: spreading)
            case .fragmentSpread(let spread):
                // A fragment that spreads itself is invalid; the guard only keeps such a document from looping here.
                let name = spread.name.value
                guard let fragment = fragments[name], !spreading.contains(name) else { continue }
                walk(fragment.selectionSet, path: path, spreading: spreading.union([name]))
            }
        }
    }

    /// Merges what a `pageInfo` selection at `path` selects into its candidate.
    private mutating func record(_ selectionSet: SelectionSet, at path: [String], location: SourceLocation) {
        let index: Int
        if let existing = candidates.firstIndex(where: { $0.path == path }) {
            index = existing
        } else {
            candidates.append(Candidate(path: path, location: location))
            index = candidates.count - 1
        }
        for field in leafFields(of: selectionSet, spreading: []) {
            switch field.name.value {
            case "hasNextPage": candidates[index].hasNextPageKey = candidates[index].hasNextPageKey ?? field.responseKey
            case "endCursor": candidates[index].endCursorKey = candidates[index].endCursorKey ?? field.responseKey
            default: break
            }
        }
    }

    /// The fields directly in `selectionSet` and in the fragments it spreads or inlines.
    private func leafFields(of selectionSet: SelectionSet, spreading: Set<String>) -> [Field] {
        selectionSet.selections.flatMap { selection -> [Field] in
            switch selection {
            case .field(let field):
                return [field]
            case .inlineFragment(let fragment):
                return leafFields(of: fragment.selectionSet, spreading: spreading)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard let fragment = fragments[name], !spreading.contains(name) else { return [] }
                return leafFields(of: fragment.selectionSet, spreading: spreading.union([name]))
            }
        }
    }
}
