import APICoreGraphQL

extension JSONParser {
    /// Closes the object `container`, moving its members off the stacks.
    ///
    /// Member names are almost always unique, and then the object takes the key and value arrays as they are; in an
    /// input with a shape cache (512 bytes or more), the key array is shared with an earlier object with the same
    /// names when there is one. When a name repeats, the
    /// last value wins, as in `JSONSerialization`, at the position of the name's first occurrence.
    mutating func closeObject(_ container: Container) -> JSONObject {
        let start = container.keyStart
        let shapeHash = shapes.map { _ in keyFingerprints.withElements(from: start) { JSONKeyShapeCache.hash(of: $0) } }
        let objectKeys: [String]
        if let shapeHash, let shared = shapes?.candidate(for: shapeHash), keysEqual(shared, from: start) {
            keyFingerprints.removeAll(from: start)
            keys.removeAll(from: start)
            objectKeys = shared
        } else {
            let hasDuplicates = keysHaveDuplicates(from: start)
            keyFingerprints.removeAll(from: start)
            objectKeys = keys.popArray(from: start, placeholder: "")
            if hasDuplicates {
                let objectValues = values.popArray(from: container.valueStart, placeholder: .null)
                return JSONObject(zip(objectKeys, objectValues))
            }
            if let shapeHash { shapes?.remember(objectKeys, hash: shapeHash) }
        }
        let objectValues = values.popArray(from: container.valueStart, placeholder: .null)
        return JSONObject(uniqueKeys: objectKeys, values: objectValues)
    }

    /// Whether `names` are the keys from `start` to the top of the key stack.
    private func keysEqual(_ names: [String], from start: Int) -> Bool {
        keys.withElements(from: start) { keys in
            guard keys.count == names.count else { return false }
            for index in keys.indices where keys[index] != names[index] { return false }
            return true
        }
    }

    /// Whether the keys from `start` to the top of the key stack repeat a name.
    ///
    /// Compares fingerprints first, and strings only when fingerprints match, so the common unique case costs a
    /// few integer comparisons per member.
    private func keysHaveDuplicates(from start: Int) -> Bool {
        let memberCount = keys.count - start
        guard memberCount > 1 else { return false }
        if memberCount <= 32 {
            return keyFingerprints.withElements(from: start) { fingerprints in
                for later in 1..<fingerprints.count {
                    let fingerprint = fingerprints[later]
                    for earlier in 0..<later where fingerprints[earlier] == fingerprint {
                        if keys[start + later] == keys[start + earlier] { return true }
                    }
                }
                return false
            }
        }
        var seen = Set<UInt64>(minimumCapacity: memberCount)
        let fingerprintsAreUnique = keyFingerprints.withElements(from: start) { fingerprints in
            fingerprints.allSatisfy { seen.insert($0).inserted }
        }
        if fingerprintsAreUnique { return false }
        let names = Set(keys.withElements(from: start) { Array($0) })
        return names.count != memberCount
    }
}
