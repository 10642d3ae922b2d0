import APICoreGraphQL

/// A field whose new value joins the stored one by its field policy: a page of a connection or of an offset list.
///
/// The normalizer notes one for each such field it writes; ``CacheReadWriteTransaction`` carries it out against the
/// records the cache holds before the write (``resolve(in:loading:)``), so that the field ends up holding every page.
package struct CacheFieldMerge: Sendable, Hashable {
    /// The field, by its policy's storage key.
    let field: CacheFieldID
    /// How the new value joins the stored one.
    let merge: GraphQLFieldPolicy.Merge
    /// The field's arguments, all of them, resolved with the operation's variables.
    let arguments: JSONObject

    package init(field: CacheFieldID, merge: GraphQLFieldPolicy.Merge, arguments: JSONObject) {
        self.field = field
        self.merge = merge
        self.arguments = arguments
    }

    /// Rewrites the field in `records` (a write not applied yet) to hold the stored value merged with the new one.
    /// `loading` reads records as the cache holds them before the write.
    func resolve(
        in records: inout RecordSet,
        loading: (Set<CacheKey>) throws(CacheError) -> [CacheKey: Record]
    ) throws(CacheError) {
        guard let incoming = records[field.key]?[field.field] else { return }
        let stored = try loading([field.key])[field.key]?[field.field]
        switch merge {
        case .replace:
            return
        case .offsetList(let offsetArgument):
            guard case .list(let page) = incoming, case .list(let list)? = stored else { return }
            let offset = max(0, arguments[offsetArgument]?.intValue.map { Int(clamping: $0) } ?? 0)
            records.set(field, to: .list(Self.placing(page, at: offset, in: list)))
        case .relayConnection:
            guard case .reference(let pageKey) = incoming, let page = records[pageKey] else { return }
            try mergeConnection(page, stored: stored, in: &records, loading: loading)
        }
    }

    /// The offset list `list` with `page` written over it from `offset` on; a page past the end is appended.
    static func placing(_ page: [RecordValue], at offset: Int, in list: [RecordValue]) -> [RecordValue] {
        var merged = list
        let start = min(offset, merged.count)
        for (index, element) in page.enumerated() {
            if start + index < merged.count {
                merged[start + index] = element
            } else {
                merged.append(element)
            }
        }
        return merged
    }

    /// Merges a connection page into the connection stored under one key: the connection's own key when it has an
    /// identity, else `Parent.field` (the policy's storage key), so that every page lands in one record.
    private func mergeConnection(
        _ page: Record,
        stored: RecordValue?,
        in records: inout RecordSet,
        loading: (Set<CacheKey>) throws(CacheError) -> [CacheKey: Record]
    ) throws(CacheError) {
        // An object without an identity is keyed by its path, `Parent.field(all arguments)`.
        let fieldName = field.field.prefix { $0 != "(" }
        let isPathKeyed = page.key.rawValue.hasPrefix(field.key.rawValue + "." + fieldName)
        let target = isPathKeyed ? CacheKey(field.key.rawValue + "." + field.field) : page.key
        let existing: Record? =
            if case .reference(let storedKey)? = stored, storedKey == target { try loading([target])[target] } else {
                nil
            }
        let after = arguments["after"]?.stringValue
        let before = arguments["before"]?.stringValue
        var connection = Record(
            key: target, fields: page.fields, expirations: page.expirations, writtenAt: page.writtenAt)
        var keptBefore = false
        var keptAfter = false
        if case .list(let newEdges)? = page["edges"] {
            let oldEdges = existing.flatMap { record -> [RecordValue]? in
                if case .list(let edges)? = record["edges"] { edges } else { nil }
            }
            let merged = try mergeEdges(
                newEdges, into: oldEdges ?? [], after: after, before: before, in: records, loading: loading)
            connection["edges"] = .list(merged.edges)
            keptBefore = merged.keptBefore
            keptAfter = merged.keptAfter
        }
        if case .list(let newNodes)? = page["nodes"] {
            var oldNodes: [RecordValue] = []
            if case .list(let nodes)? = existing?["nodes"] { oldNodes = nodes }
            let prefix = after != nil ? oldNodes : []
            let suffix = before != nil ? oldNodes : []
            connection["nodes"] = .list(Self.deduplicated(prefix: prefix, page: newNodes, suffix: suffix))
            keptBefore = keptBefore || !prefix.isEmpty
            keptAfter = keptAfter || !suffix.isEmpty
        }
        if case .reference(let infoKey)? = page["pageInfo"], let newInfo = records[infoKey] {
            var oldInfo: Record?
            if case .reference(let oldKey)? = existing?["pageInfo"] { oldInfo = try loading([oldKey])[oldKey] }
            let mergedKey = isPathKeyed ? CacheKey(target.rawValue + ".pageInfo") : infoKey
            var info = Record(
                key: mergedKey, fields: newInfo.fields, expirations: newInfo.expirations, writtenAt: newInfo.writtenAt)
            if let oldInfo {
                if keptBefore {
                    for name in ["startCursor", "hasPreviousPage"] { info[name] = oldInfo[name] ?? info[name] }
                }
                if keptAfter {
                    for name in ["endCursor", "hasNextPage"] { info[name] = oldInfo[name] ?? info[name] }
                }
            }
            if mergedKey != infoKey { records.remove(infoKey) }
            records.remove(mergedKey)
            records.add(info)
            connection["pageInfo"] = .reference(mergedKey)
        }
        if page.key != target { records.remove(page.key) }
        records.remove(target)
        records.add(connection)
        records.set(field, to: .reference(target))
    }

    /// The stored edges with a page's edges in place: after the `after` cursor, before the `before` cursor, or
    /// instead of all of them (a page with neither starts the list over); with whether stored edges were kept before
    /// and after the page.
    private func mergeEdges(
        _ page: [RecordValue],
        into stored: [RecordValue],
        after: String?,
        before: String?,
        in records: RecordSet,
        loading: (Set<CacheKey>) throws(CacheError) -> [CacheKey: Record]
    ) throws(CacheError) -> (edges: [RecordValue], keptBefore: Bool, keptAfter: Bool) {
        var storedEdges: [CacheKey: Record] = [:]
        if !stored.isEmpty {
            storedEdges = try loading(Set(stored.compactMap(\.referencedKey)))
        }
        // A stored edge's cursor and node are read from the stored records: a page fetched again with the same
        // arguments rewrites edges under the same keys.
        func storedCursor(_ edge: RecordValue) -> String? {
            edge.referencedKey.flatMap { storedEdges[$0]?["cursor"] }.flatMap(\.stringValue)
        }
        func identities(_ edge: RecordValue, in edges: [CacheKey: Record]) -> [RecordValue] {
            guard let key = edge.referencedKey, let node = edges[key]?["node"], node.referencedKey != nil else {
                return [edge]
            }
            return [edge, node]
        }
        var prefix: [RecordValue] = []
        var suffix: [RecordValue] = []
        if let after {
            prefix = stored.firstIndex { storedCursor($0) == after }.map { Array(stored[...$0]) } ?? stored
        } else if let before {
            suffix = stored.firstIndex { storedCursor($0) == before }.map { Array(stored[$0...]) } ?? stored
        }
        let edges = Self.deduplicated(
            prefix: prefix, page: page, suffix: suffix,
            pageIdentities: { identities($0, in: records.records) },
            storedIdentities: { identities($0, in: storedEdges) })
        return (edges, !prefix.isEmpty, !suffix.isEmpty)
    }

    /// `prefix + page + suffix` with each object once: a stored element the page also has (the same record, or an
    /// edge to the same node) is dropped, and so is a repeat among the stored ones.
    static func deduplicated(
        prefix: [RecordValue],
        page: [RecordValue],
        suffix: [RecordValue],
        pageIdentities: (RecordValue) -> [RecordValue] = { [$0] },
        storedIdentities: (RecordValue) -> [RecordValue] = { [$0] }
    ) -> [RecordValue] {
        var seen = Set(page.flatMap(pageIdentities))
        var merged: [RecordValue] = []
        merged.reserveCapacity(prefix.count + page.count + suffix.count)
        func keep(_ element: RecordValue) -> Bool {
            let identities = storedIdentities(element)
            guard !identities.contains(where: seen.contains) else { return false }
            seen.formUnion(identities)
            return true
        }
        for element in prefix where keep(element) { merged.append(element) }
        merged += page
        for element in suffix where keep(element) { merged.append(element) }
        return merged
    }
}

extension RecordValue {
    /// The key of a reference; `nil` for values and lists.
    var referencedKey: CacheKey? {
        if case .reference(let key) = self { key } else { nil }
    }

    /// The string of a string value.
    fileprivate var stringValue: String? {
        if case .value(.string(let string)) = self { string } else { nil }
    }
}
