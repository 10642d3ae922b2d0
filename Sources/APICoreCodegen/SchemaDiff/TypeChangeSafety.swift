import APICoreCompiler

/// Which changes of a field's or argument's type keep existing operations working (graphql-js's
/// `isChangeSafeForObjectOrInterfaceField` and `isChangeSafeForInputObjectFieldOrFieldArg`).
enum TypeChangeSafety {
    /// An output type may only get stricter: the same type, or a non-null version of it, at every level.
    static func isSafeForOutput(from old: TypeReference, to new: TypeReference) -> Bool {
        switch old {
        case .list(let oldItem, _):
            if case .list(let newItem, _) = new, isSafeForOutput(from: oldItem, to: newItem) { return true }
            if case .nonNull(let newInner, _) = new { return isSafeForOutput(from: old, to: newInner) }
            return false
        case .nonNull(let oldInner, _):
            guard case .nonNull(let newInner, _) = new else { return false }
            return isSafeForOutput(from: oldInner, to: newInner)
        case .named(let oldName):
            if case .named(let newName) = new, newName.value == oldName.value { return true }
            if case .nonNull(let newInner, _) = new { return isSafeForOutput(from: old, to: newInner) }
            return false
        }
    }

    /// An input type may only get looser: the same type, or a nullable version of a non-null one, at every level.
    static func isSafeForInput(from old: TypeReference, to new: TypeReference) -> Bool {
        switch old {
        case .list(let oldItem, _):
            guard case .list(let newItem, _) = new else { return false }
            return isSafeForInput(from: oldItem, to: newItem)
        case .nonNull(let oldInner, _):
            if case .nonNull(let newInner, _) = new { return isSafeForInput(from: oldInner, to: newInner) }
            return isSafeForInput(from: oldInner, to: new)
        case .named(let oldName):
            guard case .named(let newName) = new else { return false }
            return newName.value == oldName.value
        }
    }
}
