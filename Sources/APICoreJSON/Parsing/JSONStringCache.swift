/// Remembers the strings of recently read short byte sequences, so that the member names and enumeration-like values
/// that a response repeats thousands of times are decoded once.
///
/// A byte sequence of at most 16 bytes is identified exactly by its length and two overlapping 64-bit words, so a
/// lookup is three integer comparisons in a direct-mapped table; a collision simply replaces the entry.
struct JSONStringCache: ~Copyable {
    /// The longest byte sequence the cache holds.
    static let maximumLength = 16

    /// The words that, together with the length, identify a short byte sequence, and summarise a longer one.
    struct Words: Equatable {
        var head: UInt64
        var tail: UInt64

        init(head: UInt64, tail: UInt64) {
            self.head = head
            self.tail = tail
        }

        /// The words of the `count` bytes at `bytes`.
        @inline(__always)
        init(_ bytes: UnsafePointer<UInt8>, count: Int) {
            let raw = UnsafeRawPointer(bytes)
            if count >= 8 {
                head = raw.loadUnaligned(as: UInt64.self)
                tail = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else if count >= 4 {
                head = UInt64(raw.loadUnaligned(as: UInt32.self))
                tail = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            } else if count > 0 {
                // The first, middle and last bytes are all the bytes of a sequence this short.
                head = UInt64(bytes[0]) | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1]) << 16
                tail = 0
            } else {
                head = 0
                tail = 0
            }
        }

        /// A well-mixed hash of the words and `count`.
        @inline(__always)
        func hash(count: Int) -> UInt64 {
            let mixed =
                (head &* 0x9E37_79B9_7F4A_7C15) ^ ((tail ^ UInt64(truncatingIfNeeded: count)) &* 0xC2B2_AE3D_27D4_EB4F)
            return mixed ^ (mixed >> 29)
        }
    }

    private struct Entry {
        var words: Words
        var count: Int
        var string: String
    }

    private let entries: UnsafeMutablePointer<Entry>
    private let indexShift: UInt64
    private let capacity: Int

    /// A cache with room for `1 << bits` strings.
    init(bits: Int) {
        precondition(bits > 0 && bits < 32, "the cache needs between 2 and 2^31 entries")
        capacity = 1 << bits
        indexShift = UInt64(64 - bits)
        entries = .allocate(capacity: capacity)
        entries.initialize(repeating: Entry(words: Words(head: 0, tail: 0), count: -1, string: ""), count: capacity)
    }

    deinit {
        entries.deinitialize(count: capacity)
        entries.deallocate()
    }

    /// The string of the `count` bytes at `bytes`, whose words are `words`; at most ``maximumLength`` bytes that are
    /// valid UTF-8, ASCII when `isASCII` says so (see ``Swift/String/init(validatedUTF8:count:isASCII:)``).
    @inline(__always)
    func string(_ bytes: UnsafePointer<UInt8>, count: Int, isASCII: Bool, words: Words) -> String {
        let entry = entries + Int(truncatingIfNeeded: words.hash(count: count) >> indexShift)
        if entry.pointee.count == count && entry.pointee.words == words { return entry.pointee.string }
        let string = String(validatedUTF8: bytes, count: count, isASCII: isASCII)
        entry.pointee = Entry(words: words, count: count, string: string)
        return string
    }
}
