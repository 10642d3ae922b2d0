/// Remembers the member names of recently read objects, so that objects with the same names in the same order, as
/// the elements of a list in a GraphQL response have, share one array of names.
///
/// Sharing saves an allocation per object while reading and the memory of the names afterwards. The arrays are
/// copied on write, so a caller that changes one object's names does not affect the others. An input under 512 bytes
/// is read without one: it has too few objects to pay for the cache's two arrays.
struct JSONKeyShapeCache {
    private var hashes: [UInt64]
    private var shapes: [[String]]
    private let indexShift: UInt64

    /// A cache with room for `1 << bits` shapes.
    init(bits: Int) {
        precondition(bits > 0 && bits < 32, "the cache needs between 2 and 2^31 entries")
        hashes = Array(repeating: 0, count: 1 << bits)
        shapes = Array(repeating: [], count: 1 << bits)
        indexShift = UInt64(64 - bits)
    }

    /// A hash of the ordered member names whose fingerprints are `fingerprints`.
    static func hash(of fingerprints: UnsafeBufferPointer<UInt64>) -> UInt64 {
        var hash = UInt64(truncatingIfNeeded: fingerprints.count) &* 0x9E37_79B9_7F4A_7C15
        for fingerprint in fingerprints {
            hash = (hash &+ fingerprint) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
        }
        return hash
    }

    /// The remembered names whose hash is `hash`, if any; the caller must still compare them.
    @inline(__always)
    func candidate(for hash: UInt64) -> [String]? {
        let slot = Int(truncatingIfNeeded: hash >> indexShift)
        return hashes[slot] == hash ? shapes[slot] : nil
    }

    /// Remembers `names`, which are unique, under `hash`, replacing what the slot held.
    mutating func remember(_ names: [String], hash: UInt64) {
        let slot = Int(truncatingIfNeeded: hash >> indexShift)
        hashes[slot] = hash
        shapes[slot] = names
    }
}
