extension JSONParser {
    /// Closes the object `container`, moving its members off the stacks.
    ///
    /// Member names are almost always unique, and then the object takes the key and value arrays as they are. When a
    /// name repeats, the last value wins, as in `JSONSerialization`, at the position of the name's first occurrence.
    mutating func closeObject(_ container: Container) -> JSONObject {
        let hasDuplicates = keysHaveDuplicates(from: container.keyStart)
        keyFingerprints.removeAll(from: container.keyStart)
        let objectKeys = keys.popArray(from: container.keyStart)
        let objectValues = values.popArray(from: container.valueStart)
        guard hasDuplicates else { return JSONObject(uniqueKeys: objectKeys, values: objectValues) }
        return JSONObject(zip(objectKeys, objectValues))
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

    /// A cheap summary of a member name's UTF-8 bytes: equal names have equal fingerprints.
    static func fingerprint(of bytes: UnsafeRawBufferPointer) -> UInt64 {
        let length = bytes.count
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if length >= 8 {
            head = bytes.loadUnaligned(as: UInt64.self)
            tail = bytes.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
        } else if length >= 4 {
            head = UInt64(bytes.loadUnaligned(as: UInt32.self))
            tail = UInt64(bytes.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self))
        } else {
            for byte in bytes { head = head << 8 | UInt64(byte) }
        }
        let mixed = (head &* 0x9E37_79B9_7F4A_7C15) ^ ((tail &* 0xC2B2_AE3D_27D4_EB4F) >> 29)
        return mixed ^ UInt64(truncatingIfNeeded: length)
    }
}
