/// Word-at-a-time skipping over runs of ordinary bytes, for the long stretches of text in block strings.
enum ByteScanner {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether any of the eight bytes of `word` equals `byte`.
    @inline(__always)
    private static func word(_ word: UInt64, contains byte: UInt8) -> Bool {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & highBits != 0
    }

    /// The offset, at or after `offset` and before `end`, where skipping stopped: every byte before it is none of
    /// `first`, `second`, `third` and `fourth`, and the eight bytes from it contain one of them or reach `end`.
    @inline(__always)
    static func skip(
        _ bytes: UnsafePointer<UInt8>, from offset: Int, before end: Int,
        avoiding first: UInt8, _ second: UInt8, _ third: UInt8, _ fourth: UInt8
    ) -> Int {
        var offset = offset
        while offset + 8 <= end {
            let value = UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self)
            if word(value, contains: first) || word(value, contains: second) || word(value, contains: third)
                || word(value, contains: fourth)
            {
                return offset
            }
            offset += 8
        }
        return offset
    }
}
