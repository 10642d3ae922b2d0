/// Whether a deferred part has arrived: its first own field is in the data. Once any arrived, every other missing
/// field is an error as usual.
@usableFromInline
package enum GraphQLDeferredParts {
    @usableFromInline
    package static func hasArrived(_ part: GraphQLSelectionTree, in object: JSONObject) -> Bool {
        if let typename = object["__typename"]?.stringValue, !part.parentType.includes(typename) { return false }
        return part.selections.contains { selection in
            guard case .field(let field) = selection, field.responseKey != "__typename" else { return false }
            return object[field.responseKey] != nil
        }
    }
}
