extension TypeReference {
    /// Whether the type is non-null.
    var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The type without its outer non-null wrapper.
    var nullableType: TypeReference {
        if case .nonNull(let inner, _) = self { return inner }
        return self
    }

    /// The item type when the type (nullable or not) is a list.
    var listItemType: TypeReference? {
        if case .list(let item, _) = nullableType { return item }
        return nil
    }
}
